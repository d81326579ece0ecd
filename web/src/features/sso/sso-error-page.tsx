// /sso/error?reason=...: why a provider sign-in was refused (issue 19), in words, with the way back.
// Nothing was created or changed when this page shows.
import { MSG, PATHS, SSO_ERROR_REASONS, type SsoErrorReason } from '@hearth/contract';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../lib/auth-card';
import { useDocumentTitle } from '../../lib/use-document-title';

const MESSAGES: Record<SsoErrorReason, string> = {
  unknown_provider: 'This sign-in option is not set up here.',
  provider_unavailable: 'The company sign-in cannot be reached right now. Please try again in a few minutes.',
  provider_error: 'The company sign-in was cancelled or refused.',
  invalid_state: 'This sign-in was not started in this browser, or it was already used. Please start again.',
  expired: 'This sign-in took too long. Please start again.',
  token_rejected: 'The answer from the company sign-in could not be trusted. Please start again.',
  no_email: 'Your company account has no e-mail address. Please ask IT to add one.',
  unverified_email:
    'An account with your e-mail address exists, but the company sign-in does not confirm that the address is yours. Please ask IT, or log in with your password.',
  deactivated: MSG.deactivated,
  failed: 'The sign-in did not work. Please try again.',
};

const isReason = (value: string | null): value is SsoErrorReason =>
  (SSO_ERROR_REASONS as readonly (string | null)[]).includes(value);

export default function SsoErrorPage() {
  useDocumentTitle('Sign-in failed');
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return (
    <AuthCard title="Sign-in failed">
      <p role="alert" data-testid="sso-error">
        {MESSAGES[isReason(reason) ? reason : 'failed']}
      </p>
      <div className="auth-links">
        <Link to={PATHS.login}>Back to login</Link>
      </div>
    </AuthCard>
  );
}
