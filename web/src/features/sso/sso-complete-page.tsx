// /sso/complete: the provider sign-in went well, and the server left a one-minute, single-use httpOnly
// cookie. Trading it for the session here (not in the address, ADR 034), then on as after a password login.
import { MSG, PATHS, type SessionProfile } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { AuthCard } from '../../lib/auth-card';
import { landingPath } from '../../lib/landing';
import { PageLoading } from '../../lib/page-loading';
import { saveSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { takeSsoRemember } from '../../shared/account/sign-in-options';
import { takeSsoSession } from './api';

export default function SsoCompletePage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // The cookie works once: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const remember = takeSsoRemember();
    takeSsoSession(remember).then(
      (profile: SessionProfile) => {
        queryClient.clear();
        saveSession(profile, remember);
        navigate(landingPath(profile.roles.id, params.get('next')), { replace: true });
      },
      (err: unknown) => setError(isApiError(err) ? err.message : MSG.ssoHandoffInvalid),
    );
  }, [navigate, params, queryClient]);

  if (!error) return <PageLoading />;
  return (
    <AuthCard title="Sign-in failed">
      <p role="alert">{error}</p>
      <div className="auth-links">
        <Link to={PATHS.login}>Back to login</Link>
      </div>
    </AuthCard>
  );
}
