// /confirm-email-change?token= : the link mailed to a new e-mail address. Opening it makes the change;
// it works logged in or not (the mail may be read in another browser).
import { MSG, PATHS } from '@hearth/contract';
import { Link } from 'react-router';
import { AuthCard } from '../../lib/auth-card';
import { LinkOutcome } from '../../lib/link-outcome';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useConfirmEmailChange } from './api';

export default function ConfirmEmailChangePage() {
  useDocumentTitle('Confirm e-mail change');
  const loggedIn = useProfile() !== null;
  const confirm = useConfirmEmailChange();

  // A link rather than a click handler: reachable with Tab, opened with Enter.
  const next = loggedIn ? (
    <Link key="next" to={PATHS.profile}>
      Go to profile
    </Link>
  ) : (
    <Link key="next" to={PATHS.login}>
      Go to login
    </Link>
  );

  return (
    <AuthCard title="Confirm e-mail change">
      <div aria-live="polite">
        <LinkOutcome
          spend={confirm}
          busyText="Changing your e-mail address"
          done={{ title: 'E-mail changed', text: MSG.emailChanged }}
          failTitle="E-mail not changed"
          next={next}
        />
      </div>
    </AuthCard>
  );
}
