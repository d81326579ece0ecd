// First and last name, side by side from the small breakpoint up: the register, profile and user forms
// share them, each with its own SPEC messages.
import { Col, Form, Input } from 'antd';

type Props = {
  firstNameMessage: string;
  lastNameMessage: string;
  /** The user's own name (browser autofill helps); off when an admin types someone else's. */
  ownName?: boolean;
};

export function NameFields({ firstNameMessage, lastNameMessage, ownName = true }: Props) {
  return (
    <>
      <Col xs={24} sm={12}>
        <Form.Item
          label="First name"
          name="firstName"
          rules={[{ required: true, whitespace: true, message: firstNameMessage }]}
        >
          <Input autoComplete={ownName ? 'given-name' : 'off'} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          label="Last name"
          name="lastName"
          rules={[{ required: true, whitespace: true, message: lastNameMessage }]}
        >
          <Input autoComplete={ownName ? 'family-name' : 'off'} />
        </Form.Item>
      </Col>
    </>
  );
}
