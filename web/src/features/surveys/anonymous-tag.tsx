// The "Anonymous" tag of a survey whose answers are stored without names (ADR 035): the staff cards, the
// survey page and the admin screens show it.
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';

export function AnonymousTag() {
  return (
    <Tag icon={<EyeInvisibleOutlined aria-hidden />} color="purple">
      Anonymous
    </Tag>
  );
}
