// A page that says why there is nothing here (not found, not authorised) and offers the way on: the role's
// home page, or the login when logged out. The title is the page's h1.
import { homeForRole, PATHS } from '@hearth/contract';
import { Button, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { useProfile } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

type Props = { status: ResultProps['status']; title: string; subTitle: string };

export function StatusPage({ status, title, subTitle }: Props) {
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
        <Button type="primary" onClick={() => navigate(target)}>
          {profile ? 'Back to home page' : 'Go to login'}
        </Button>
      }
    />
  );
}
