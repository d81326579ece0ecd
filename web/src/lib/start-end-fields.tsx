// The Start and End fields of the post, community post and survey forms: date and time to the minute, the
// end after the start, and (where the form needs them) product.md's messages when they are left empty.
import { Form } from 'antd';
import { DateTimeInput, endAfterStartRule } from './posts/post-form-fields';

type Props = {
  labels: [start: string, end: string];
  /** The messages of required fields; left out, both may stay empty. */
  required?: [start: string, end: string];
  startExtra?: string;
};

export function StartEndFields({ labels: [start, end], required, startExtra }: Props) {
  return (
    <>
      <Form.Item
        label={start}
        name="startAt"
        extra={startExtra}
        rules={required ? [{ required: true, message: required[0] }] : []}
      >
        <DateTimeInput />
      </Form.Item>
      <Form.Item
        label={end}
        name="endAt"
        dependencies={['startAt']}
        rules={required ? [{ required: true, message: required[1] }, endAfterStartRule] : [endAfterStartRule]}
      >
        <DateTimeInput />
      </Form.Item>
    </>
  );
}
