// /forgot-password (product.md section 2): ask for a reset link; the answer is the same whether or not the
// address exists, so the panel never reveals who has an account.
import { MSG } from '@hearth/contract';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { showFormError } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { emailRules } from '../../shared/account/form-rules';
import { passwordOffFor, useSignInOptions } from '../../shared/account/sign-in-options';
import { useRequestPasswordReset } from './api';
import { AuthForm } from './auth-form';
import { SentPanel } from './sent-panel';
import { PasswordOffNote, SsoButtons, SsoOnlyCard } from './sso-buttons';

type ForgotForm = { email: string };

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [form] = Form.useForm<ForgotForm>();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Addresses that must use the company sign-in (issue 19) have no password to reset.
  const options = useSignInOptions();
  const typedEmail = Form.useWatch('email', form) ?? '';
  const providers = options.data?.providers ?? [];
  const setting = options.data?.passwordSignIn;

  if (sentTo) {
    return (
      <SentPanel
        email={sentTo}
        card="Check your inbox"
        title="Reset e-mail sent"
        text={`If ${sentTo} belongs to an account, a link to set a new password is on its way. It is valid for one hour.`}
        resend={request}
        resendLabel="Resend e-mail"
      />
    );
  }

  if (providers.length && setting?.allowed === false)
    return <SsoOnlyCard title="Forgot password" providers={providers} />;

  const onFinish = ({ email }: ForgotForm) => {
    const address = email.trim().toLowerCase();
    request.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (err) => showFormError(form, err),
    });
  };

  return (
    <AuthForm<ForgotForm>
      card={{
        title: 'Forgot password',
        subtitle: 'Enter your e-mail address and we will send you a reset link.',
      }}
      submit={{ label: 'Send reset link', saving: request.isPending }}
      noValidate
      form={form}
      name="forgot-password"
      onFinish={onFinish}
    >
      <Form.Item label="E-mail" name="email" rules={emailRules(MSG.loginEmailRequired)}>
        <Input type="email" autoComplete="email" autoFocus />
      </Form.Item>
      {passwordOffFor(setting, typedEmail) && (
        <>
          <PasswordOffNote providers={providers} />
          <SsoButtons providers={providers} />
        </>
      )}
    </AuthForm>
  );
}
