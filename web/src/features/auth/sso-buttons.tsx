// "Sign in with <label>" for each configured identity provider (issue 19): full-width links that start
// the provider sign-in, above the password form when there is one.
import type { SsoProvider } from '@hearth/contract';
import { Link } from 'react-router';
import { AuthCard } from '../../lib/auth-card';
import { keepSsoRemember, providerNames, ssoStartUrl } from '../../shared/account/sign-in-options';
import './sso-buttons.css';
import { lightButtonClass } from '../../lib/light-button';

type Props = {
  providers: readonly SsoProvider[];
  /** Where to go after signing in (the login page's `next`). */
  returnTo?: string | null;
  /** The login page's Remember me. */
  remember?: boolean;
  /** "or" under the buttons, when a password form follows. */
  divider?: boolean;
};

export function SsoButtons({ providers, returnTo, remember = false, divider = false }: Props) {
  if (!providers.length) return null;
  return (
    <div className="sso-buttons">
      {providers.map((p) => (
        <a
          key={p.key}
          className={lightButtonClass({ block: true, large: true })}
          href={ssoStartUrl(p.key, returnTo)}
          onClick={() => keepSsoRemember(remember)}
          data-testid={`sso-${p.key}`}
        >
          Sign in with {p.label}
        </a>
      ))}
      {divider && (
        <p className="sso-divider">
          <span>or</span>
        </p>
      )}
    </div>
  );
}

/** Says that password sign-in is off for the address typed (or everywhere), and what to use instead. */
export function PasswordOffNote({ providers }: { providers: readonly SsoProvider[] }) {
  const names = providerNames(providers);
  return (
    <p className="sso-note" role="status" data-testid="password-off-note">
      {names
        ? `Password sign-in is off for this address. Use ${names} to sign in.`
        : 'Password sign-in is off for this address.'}
    </p>
  );
}

/**
 * Register and forgot-password when password sign-in is off everywhere: nothing to fill in, only the
 * way to sign in with the company account (which creates the account on first use).
 */
export function SsoOnlyCard({ title, providers }: { title: string; providers: readonly SsoProvider[] }) {
  return (
    <AuthCard
      title={title}
      subtitle={`Passwords are not used here. Sign in with ${providerNames(providers)}: your account is set up the first time.`}
    >
      <SsoButtons providers={providers} />
      <div className="auth-links">
        <Link to="/login">Back to login</Link>
      </div>
    </AuthCard>
  );
}
