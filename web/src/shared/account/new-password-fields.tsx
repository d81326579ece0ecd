// A new password and its confirmation (register, reset link, password change): the shared pattern of
// product.md section 5 on the first, the form's own mismatch message on the second.
import { MSG } from '@hearth/contract';
import { Col, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { confirmRules, strongPasswordRules } from './form-rules';

type Props = {
  label: string;
  mismatchMessage: string;
  autoFocus?: boolean;
  /** Side by side from the small breakpoint up (inside a Row), as on the register form. */
  inColumns?: boolean;
};

export function NewPasswordFields({ label, mismatchMessage, autoFocus, inColumns }: Props) {
  const wrap = (node: ReactNode) =>
    inColumns ? (
      <Col xs={24} sm={12}>
        {node}
      </Col>
    ) : (
      node
    );
  return (
    <>
      {wrap(
        <Form.Item label={label} name="password" rules={strongPasswordRules} hasFeedback>
          <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
        </Form.Item>,
      )}
      {wrap(
        <Form.Item
          label="Confirm password"
          name="confirm"
          dependencies={['password']}
          hasFeedback
          rules={confirmRules('password', MSG.confirmRequired, mismatchMessage)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>,
      )}
    </>
  );
}
