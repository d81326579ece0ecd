// /confirm-email-change?token= : the link mailed to a new e-mail address. Opening it makes the change;
// it works logged in or not (the mail may be read in another browser).
import { MSG, PATHS } from '@hearth/contract';
import { Result, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../lib/notify';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSpendLink } from '../../lib/use-spend-link';
import { AuthCard } from '../auth/auth-card';
import { useConfirmEmailChange } from './api';

export default function ConfirmEmailChangePage() {
  useDocumentTitle('Confirm e-mail change');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const loggedIn = useProfile() !== null;
  const confirm = useConfirmEmailChange();
  useSpendLink(token, confirm.mutate);

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

  let content = <Spin description="Changing your e-mail address" />;
  if (!token)
    content = <Result status="error" title="Link not valid" subTitle={MSG.linkInvalid} extra={next} />;
  else if (confirm.isSuccess)
    content = <Result status="success" title="E-mail changed" subTitle={MSG.emailChanged} extra={next} />;
  else if (confirm.isError)
    content = (
      <Result
        status="error"
        title="E-mail not changed"
        subTitle={errorText(confirm.error, MSG.linkInvalid)}
        extra={next}
      />
    );

  return (
    <AuthCard title="Confirm e-mail change">
      <div aria-live="polite">{content}</div>
    </AuthCard>
  );
}
