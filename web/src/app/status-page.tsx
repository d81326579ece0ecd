// A page that says why there is nothing here (not found, not authorised, failed) and offers the way on:
// its own actions first, then the role's home page, or the login when logged out. The title is the h1.
import { homeForRole, PATHS } from '@hearth/contract';
import { Button, Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useProfile } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

type Props = { status: ResultProps['status']; title: string; subTitle: string; actions?: ReactNode };

export function StatusPage({ status, title, subTitle, actions }: Props) {
  const profile = useProfile();
  const navigate = useNavigate();
  useDocumentTitle(title);
  const target = profile ? homeForRole(profile.roles.id) : PATHS.login;
  return (
    <Result
      status={status}
      title={<h1 className="result-title">{title}</h1>}
      subTitle={subTitle}
      extra={
        <>
          {actions}
          <Button type={actions ? 'default' : 'primary'} onClick={() => navigate(target)}>
            {profile ? 'Back to home page' : 'Go to login'}
          </Button>
        </>
      }
    />
  );
}
