// `/` and `/login` (SPEC section 2). A user who still holds a session is sent on by role; an expired
// access token is renewed silently first so "remember me" keeps its promise.
import { MSG } from '@hearth/contract';
import { Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { landingPath } from '../../app/landing';
import { PageLoading } from '../../app/page-loading';
import { isAccessTokenExpired, useSession } from '../../app/session';
import { reviveSession } from '../../lib/api';
import { toastError } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLogin } from './api';
import { AuthCard } from './auth-card';

type LoginForm = { email: string; password: string; remember: boolean };

export default function LoginPage() {
  useDocumentTitle('Log in');
  const session = useSession();
  const [params] = useSearchParams();
  const login = useLogin();
  const [reviveFailed, setReviveFailed] = useState(false);
  const expired = session.kind === 'ok' && isAccessTokenExpired(session.profile);

  useEffect(() => {
    if (!expired || reviveFailed) return;
    let cancelled = false;
    void reviveSession().then((ok) => {
      if (!ok && !cancelled) setReviveFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [expired, reviveFailed]);

  if (session.kind === 'ok' && !expired) {
    return <Navigate replace to={landingPath(session.profile.roles.id, params.get('next'))} />;
  }
  if (expired && !reviveFailed) return <PageLoading />;

  const onFinish = (values: LoginForm) =>
    login.mutate(
      { email: values.email, password: values.password, remember: values.remember },
      { onError: (err) => toastError(err) },
    );

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Log in with your company e-mail address.">
      <Form<LoginForm>
        layout="vertical"
        name="login"
        initialValues={{ remember: true }}
        onFinish={onFinish}
        requiredMark={false}
        scrollToFirstError
      >
        <Form.Item
          label="E-mail"
          name="email"
          rules={[{ required: true, whitespace: true, message: MSG.loginEmailRequired }]}
        >
          <Input type="email" autoComplete="username" autoFocus data-testid="login-email" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: MSG.loginPasswordRequired }]}
        >
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox data-testid="login-remember">Remember me</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            Log in
          </Button>
        </Form.Item>
      </Form>
      <div className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <span>
          New here? <Link to="/register">Register</Link>
        </span>
      </div>
    </AuthCard>
  );
}
