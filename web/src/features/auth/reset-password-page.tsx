// /reset-password?token= : set a new password from the forgot-password e-mail.
import { MSG } from '@hearth/contract';
import { Button, Form, Result } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showFormError } from '../../lib/form-errors';
import { NewPasswordFields } from '../../lib/new-password-fields';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSetPassword } from './api';
import { AuthCard } from './auth-card';

type ResetForm = { password: string; confirm: string };

export default function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const setPassword = useSetPassword();
  const token = params.get('token') ?? '';

  const toLogin = (
    <Button type="primary" key="login" onClick={() => navigate('/login')}>
      Go to login
    </Button>
  );

  if (!token) {
    return (
      <AuthCard title="Set a new password">
        <Result status="error" title="Link not valid" subTitle={MSG.linkInvalid} extra={toLogin} />
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
    <AuthCard title="Set a new password" subtitle="Choose a new password for your account.">
      <Form<ResetForm>
        form={form}
        layout="vertical"
        name="reset-password"
        onFinish={onFinish}
        scrollToFirstError
      >
        <NewPasswordFields label="New password" mismatchMessage={MSG.passwordsDoNotMatch} autoFocus />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={setPassword.isPending}>
            Save
          </Button>
        </Form.Item>
      </Form>
      <div className="auth-links">
        <Link to="/login">Back to login</Link>
      </div>
    </AuthCard>
  );
}
