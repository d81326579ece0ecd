// The Title and Description of the community and survey forms: both required (product.md's message when empty
// or only spaces), the description up to 5,000 characters in a text area that grows with its text.
import { Form, Input } from 'antd';
import { growField } from './grow-field';

type Props = {
  title: { message: string; maxLength: number };
  /** `rows`: how tall the description grows before it scrolls. */
  description: { message: string; rows: number };
};

export function TitleDescriptionFields({ title, description }: Props) {
  return (
    <>
      <Form.Item
        label="Title"
        name="title"
        rules={[{ required: true, whitespace: true, message: title.message }]}
      >
        <Input maxLength={title.maxLength} />
      </Form.Item>
      <Form.Item
        label="Description"
        name="description"
        rules={[{ required: true, whitespace: true, message: description.message }]}
      >
        <Input.TextArea maxLength={5000} {...growField(3, description.rows)} />
      </Form.Item>
    </>
  );
}
