// Form pieces shared by the feed post form and the community post form (product.md sections 2 and 5): title
// and subtitle with their messages. Their status and dates are lib/status-field.tsx and
// lib/start-end-fields.tsx, which the survey and community forms use too.
import { MSG } from '@hearth/contract';
import { Form, Input } from 'antd';
import { growField } from '../../lib/grow-field';

export function PostTitleField() {
  return (
    <Form.Item
      label="Title"
      name="title"
      rules={[
        { type: 'string', message: MSG.invalidInput },
        { required: true, whitespace: true, message: MSG.postTitleRequired },
      ]}
    >
      <Input maxLength={300} />
    </Form.Item>
  );
}

export function PostSubtitleField() {
  return (
    <Form.Item
      label="Subtitle"
      name="subtitle"
      rules={[{ required: true, whitespace: true, message: MSG.postSubtitleRequired }]}
    >
      <Input.TextArea maxLength={500} {...growField(2, 4)} />
    </Form.Item>
  );
}
