// `/` and `/login` (product.md section 2). A user who still holds a session is sent on by role; an expired
// access token is renewed silently first so "remember me" keeps its promise.
import { isAppPath, MSG } from '@hearth/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { reviveSession } from '../../lib/api';
import { AuthCard } from '../../lib/auth-card';
import { landingPath } from '../../lib/landing';
import { LightButton } from '../../lib/light-button';
import { LightField } from '../../lib/light-field';
import { LightCheckbox, LightInput, LightPassword } from '../../lib/light-inputs';
import { toastError } from '../../lib/notify';
import { PageLoading } from '../../lib/page-loading';
import { isAccessTokenExpired, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { passwordOffFor, useSignInOptions } from '../../shared/account/sign-in-options';
import { useLogin } from './api';
import { PasswordOffNote, SsoButtons } from './sso-buttons';

type LoginForm = { email: string; password: string; remember: boolean };
type LoginErrors = { email?: string; password?: string };

/** product.md section 2's messages for an empty e-mail (blank counts as empty) or password. */
function loginErrors(values: LoginForm): LoginErrors {
  return {
    email: values.email.trim() ? undefined : MSG.loginEmailRequired,
    password: values.password ? undefined : MSG.loginPasswordRequired,
  };
}

export default function LoginPage() {
  useDocumentTitle('Log in');
  const session = useSession();
  const [params] = useSearchParams();
  const login = useLogin();
  const options = useSignInOptions();
  const [reviveFailed, setReviveFailed] = useState(false);
  const [values, setValues] = useState<LoginForm>({ email: '', password: '', remember: true });
  const [errors, setErrors] = useState<LoginErrors>({});
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = loginErrors(values);
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    login.mutate(values, { onError: (err) => toastError(err) });
  };

  /** Typing in a field that showed an error checks it again, as antd's forms do. */
  const change = (field: 'email' | 'password', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors({ ...errors, [field]: loginErrors(next)[field] });
  };

  // The company sign-in (issue 19): its buttons first; the password form unless it is off everywhere.
  const providers = options.data?.providers ?? [];
  const setting = options.data?.passwordSignIn;
  const ssoOnly = providers.length > 0 && setting?.allowed === false;
  const next = params.get('next');
  const returnTo = next && isAppPath(next) ? next : null;
  const buttons = (
    <SsoButtons providers={providers} returnTo={returnTo} remember={values.remember} divider={!ssoOnly} />
  );
  if (ssoOnly) {
    return (
      <AuthCard title="Log in" subtitle="Welcome back. Sign in with your company account.">
        {buttons}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Log in with your company e-mail address.">
      {buttons}
      <form name="login" noValidate onSubmit={onSubmit}>
        <LightField id="login-email" label="E-mail" error={errors.email}>
          <LightInput
            type="email"
            autoComplete="username"
            autoFocus
            data-testid="login-email"
            value={values.email}
            invalid={Boolean(errors.email)}
            onChange={(e) => change('email', e.target.value)}
          />
        </LightField>
        {passwordOffFor(setting, values.email) && <PasswordOffNote providers={providers} />}
        <LightField id="login-password" label="Password" error={errors.password}>
          <LightPassword
            autoComplete="current-password"
            data-testid="login-password"
            value={values.password}
            invalid={Boolean(errors.password)}
            onChange={(e) => change('password', e.target.value)}
          />
        </LightField>
        <div className="light-field">
          <LightCheckbox
            data-testid="login-remember"
            checked={values.remember}
            onChange={(e) => setValues({ ...values, remember: e.target.checked })}
          >
            Remember me
          </LightCheckbox>
        </div>
        <LightButton primary block type="submit" loading={login.isPending} className="login-submit">
          Log in
        </LightButton>
      </form>
      <div className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <span>
          New here? <Link to="/register">Register</Link>
        </span>
      </div>
    </AuthCard>
  );
}
