// The Draft/Published status of the forms of what is published (feed and community posts, communities,
// surveys): a radio of the contract's two states.
import { STATE } from '@hearth/contract';
import { Form, Radio } from 'antd';

export const STATUS_OPTIONS = [
  { value: STATE.DRAFT, label: 'Draft' },
  { value: STATE.PUBLISHED, label: 'Published' },
];

/** Status: Draft or Published (product.md section 4; the form's default is Draft). */
export function StatusField() {
  return (
    <Form.Item label="Status" name="stateId">
      <Radio.Group options={STATUS_OPTIONS} />
    </Form.Item>
  );
}
