// /reset-password?token= : set a new password from the forgot-password e-mail.
import { MSG } from '@hearth/contract';
import { Button, Form, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { AuthCard } from '../../lib/auth-card';
import { showFormError } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NewPasswordFields } from '../../shared/account/new-password-fields';
import { useResetLinkCheck, useSetPassword } from './api';
import { AuthForm } from './auth-form';
import { resetToken } from './loaders';

type ResetForm = { password: string; confirm: string };

export default function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const setPassword = useSetPassword();
  const token = resetToken(params);
  const check = useResetLinkCheck(token);

  const toLogin = (
    <Button type="primary" key="login" onClick={() => navigate('/login')}>
      Go to login
    </Button>
  );

  // A 400 means the link is bogus, used or expired; another failure (offline) still lets the form try.
  const linkRefused = !token || (check.isError && isApiError(check.error) && check.error.status === 400);
  if (linkRefused) {
    return (
      <AuthCard title="Set a new password">
        <Result status="error" title="Link not valid" subTitle={MSG.linkInvalid} extra={toLogin} />
      </AuthCard>
    );
  }
  if (check.isPending) {
    return (
      <AuthCard title="Set a new password">
        <Spin className="auth-checking" tip="Checking the link" size="large">
          <div style={{ minHeight: 120 }} />
        </Spin>
      </AuthCard>
    );
  }
  if (setPassword.isSuccess) {
    return (
      <AuthCard title="Set a new password">
        <Result status="success" title="Password changed" subTitle={MSG.passwordReset} extra={toLogin} />
      </AuthCard>
    );
  }

  const onFinish = ({ password }: ResetForm) =>
    setPassword.mutate({ token, password }, { onError: (err) => showFormError(form, err) });

  return (
    <AuthForm<ResetForm>
      card={{ title: 'Set a new password', subtitle: 'Choose a new password for your account.' }}
      submit={{ label: 'Save', saving: setPassword.isPending }}
      form={form}
      name="reset-password"
      onFinish={onFinish}
    >
      <NewPasswordFields label="New password" mismatchMessage={MSG.passwordsDoNotMatch} autoFocus />
    </AuthForm>
  );
}
