// /unsubscribe#token (public; issue 18, ADR 033): the e-mail digest's link. The token is read from the
// fragment once and taken out of the address bar at once; the page posts it and says whether the digest is
// now off. It works logged in or not (the mail may be read in another browser).
import { MSG, PATHS } from '@hearth/contract';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { AuthCard } from '../../lib/auth-card';
import { errorText } from '../../lib/notify';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSpendLink } from '../../lib/use-spend-link';
import { useUnsubscribeDigest } from './preferences-api';
import { tokenFromHash, withoutHash } from './unsubscribe-token';

/** A refusal (bad, forged or unknown token) rather than a failure that trying again may mend. */
const refused = (err: unknown) => isApiError(err) && err.status >= 400 && err.status < 500;

export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const loggedIn = useProfile() !== null;
  const [token] = useState(() => tokenFromHash(window.location.hash));
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', withoutHash(window.location));
  }, []);
  const unsubscribe = useUnsubscribeDigest();
  useSpendLink(token, unsubscribe.mutate);

  // A link rather than a click handler: reachable with Tab, opened with Enter.
  const next = loggedIn ? (
    <Link key="next" to={PATHS.notificationPreferences}>
      Notification preferences
    </Link>
  ) : (
    <Link key="next" to={`${PATHS.login}?next=${encodeURIComponent(PATHS.notificationPreferences)}`}>
      Log in to change your notifications
    </Link>
  );

  let outcome = <Spin description="Turning off the e-mail digest" />;
  if (!token || (unsubscribe.isError && refused(unsubscribe.error)))
    outcome = (
      <Result status="error" title="Link not valid" subTitle={MSG.unsubscribeLinkInvalid} extra={next} />
    );
  else if (unsubscribe.isSuccess)
    outcome = <Result status="success" title="Unsubscribed" subTitle={MSG.unsubscribed} extra={next} />;
  else if (unsubscribe.isError)
    outcome = (
      <Result
        status="error"
        title="Not unsubscribed"
        subTitle={errorText(unsubscribe.error)}
        extra={[
          <Button key="again" type="primary" onClick={() => unsubscribe.mutate(token)}>
            Try again
          </Button>,
          next,
        ]}
      />
    );

  return (
    <AuthCard title="E-mail digest">
      <div aria-live="polite">{outcome}</div>
    </AuthCard>
  );
}
