// /password-sign-in (administrators, issue 19): where password sign-in is still allowed. Off everywhere
// only when a company sign-in is configured (the server refuses it otherwise, so nobody is locked out);
// off for some e-mail domains, whose people must use the company sign-in.
import { MSG, PATHS, type PasswordSignIn } from '@hearth/contract';
import { Button, Card, Select, Skeleton, Switch } from 'antd';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../lib/notify';
import { PageHeader } from '../../lib/page-header';
import { popupContainer } from '../../lib/popup-container';
import { LoadError } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { providerNames, useSignInOptions } from '../../shared/account/sign-in-options';
import { usePasswordSignInSetting, useSavePasswordSignIn } from './api';
import './sso.css';

export default function PasswordSignInPage() {
  useDocumentTitle('Password sign-in');
  const setting = usePasswordSignInSetting();
  const options = useSignInOptions();
  const save = useSavePasswordSignIn();
  const [draft, setDraft] = useState<PasswordSignIn | null>(null);
  const switchId = useId();
  const domainsId = useId();
  useEffect(() => {
    if (setting.data) setDraft(setting.data);
  }, [setting.data]);

  const providers = options.data?.providers ?? [];
  const noProvider = options.isSuccess && providers.length === 0;

  let body = <Skeleton active paragraph={{ rows: 4 }} />;
  if (setting.isError) body = <LoadError error={setting.error} onRetry={() => setting.refetch()} />;
  else if (draft)
    body = (
      <form
        className="password-sign-in"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(draft, {
            onSuccess: () => toastSuccess(MSG.passwordSignInSaved),
            onError: (err) => toastError(err),
          });
        }}
      >
        <p className="password-sign-in-providers">
          {providers.length
            ? `Company sign-in: ${providerNames(providers)}.`
            : 'No company sign-in is configured (see docs/sso.md), so password sign-in stays on.'}
        </p>
        <div className="password-sign-in-row">
          <Switch
            id={switchId}
            checked={draft.allowed}
            disabled={noProvider && draft.allowed}
            onChange={(allowed) => setDraft({ ...draft, allowed })}
          />
          <label htmlFor={switchId}>Password sign-in allowed</label>
        </div>
        <div className="password-sign-in-field">
          <label htmlFor={domainsId}>Company sign-in only for these e-mail domains</label>
          <Select
            id={domainsId}
            mode="tags"
            tokenSeparators={[',', ' ']}
            placeholder="group.example"
            value={draft.ssoOnlyDomains}
            onChange={(ssoOnlyDomains: string[]) => setDraft({ ...draft, ssoOnlyDomains })}
            disabled={!draft.allowed}
            open={false}
            suffixIcon={null}
            getPopupContainer={popupContainer}
          />
          <p className="password-sign-in-help">
            People with these addresses cannot log in, register or reset a password with a password.
          </p>
        </div>
        <div className="password-sign-in-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
          <Link to={PATHS.users}>Back to Users</Link>
        </div>
      </form>
    );
  return (
    <section className="page password-sign-in-page">
      <PageHeader title="Password sign-in" />
      <Card>{body}</Card>
    </section>
  );
}
