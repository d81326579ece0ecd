// First and last name, side by side from the small breakpoint up: the register, profile and user forms
// share them, each with its own messages (product.md section 5).
import { Col, Form, Input } from 'antd';

type Props = {
  firstNameMessage: string;
  lastNameMessage: string;
  /** The user's own name (browser autofill helps); off when an admin types someone else's. */
  ownName?: boolean;
};

export function NameFields({ firstNameMessage, lastNameMessage, ownName = true }: Props) {
  const fields = [
    { label: 'First name', name: 'firstName', message: firstNameMessage, autoComplete: 'given-name' },
    { label: 'Last name', name: 'lastName', message: lastNameMessage, autoComplete: 'family-name' },
  ];
  return fields.map(({ label, name, message, autoComplete }) => (
    <Col key={name} xs={24} sm={12}>
      <Form.Item label={label} name={name} rules={[{ required: true, whitespace: true, message }]}>
        <Input autoComplete={ownName ? autoComplete : 'off'} />
      </Form.Item>
    </Col>
  ));
}
