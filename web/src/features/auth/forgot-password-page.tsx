// /forgot-password (SPEC section 2): ask for a reset link; the answer is the same whether or not the
// address exists, so the panel never reveals who has an account.
import { MSG } from '@hearth/contract';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showFormError } from '../../lib/form-errors';
import { emailRules } from '../../lib/form-rules';
import { toastError, toastSuccess } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRequestPasswordReset } from './api';
import { AuthCard } from './auth-card';

type ForgotForm = { email: string };

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [form] = Form.useForm<ForgotForm>();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    const onResend = () =>
      request.mutate(sentTo, { onSuccess: () => toastSuccess(MSG.emailSent), onError: (e) => toastError(e) });
    return (
      <AuthCard title="Check your inbox">
        <Result
          status="success"
          title="Reset e-mail sent"
          subTitle={`If ${sentTo} belongs to an account, a link to set a new password is on its way. It is valid for one hour.`}
          extra={[
            <Button key="resend" onClick={onResend} loading={request.isPending}>
              Resend e-mail
            </Button>,
            <Link key="login" to="/login">
              Back to login
            </Link>,
          ]}
        />
      </AuthCard>
    );
  }

  const onFinish = ({ email }: ForgotForm) => {
    const address = email.trim().toLowerCase();
    request.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (err) => showFormError(form, err),
    });
  };

  return (
    <AuthCard title="Forgot password" subtitle="Enter your e-mail address and we will send you a reset link.">
      <Form<ForgotForm>
        noValidate
        form={form}
        layout="vertical"
        name="forgot-password"
        onFinish={onFinish}
        scrollToFirstError
      >
        <Form.Item label="E-mail" name="email" rules={emailRules(MSG.loginEmailRequired)}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={request.isPending}>
            Send reset link
          </Button>
        </Form.Item>
      </Form>
      <div className="auth-links">
        <Link to="/login">Back to login</Link>
      </div>
    </AuthCard>
  );
}
