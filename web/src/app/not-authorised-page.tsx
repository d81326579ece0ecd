// A page that exists for the address but not for this role (the admin post list opened by staff): say so,
// and offer the way home, rather than an empty admin page whose buttons lead nowhere (issue 14).
import { homeForRole } from '@hearth/contract';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { useProfile } from './session';

export function NotAuthorisedPage() {
  const profile = useProfile();
  const navigate = useNavigate();
  useDocumentTitle('Not authorised');
  return (
    <Result
      status="403"
      title={<h1 className="result-title">Not authorised</h1>}
      subTitle="Sorry, you are not allowed to open this page."
      extra={
        <Button type="primary" onClick={() => navigate(homeForRole(profile?.roles.id))}>
          Back to home page
        </Button>
      }
    />
  );
}
