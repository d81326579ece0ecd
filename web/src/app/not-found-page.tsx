// Unknown paths (SPEC section 2): say the page does not exist, offer the role's home page or the login.
import { homeForRole, PATHS } from '@hearth/contract';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { useProfile } from './session';

export default function NotFoundPage() {
  const profile = useProfile();
  const navigate = useNavigate();
  useDocumentTitle('Page not found');
  const target = profile ? homeForRole(profile.roles.id) : PATHS.login;
  return (
    <Result
      status="404"
      title={<h1 className="result-title">Page not found</h1>}
      subTitle="Sorry, the page you are looking for does not exist."
      extra={
        <Button type="primary" onClick={() => navigate(target)}>
          {profile ? 'Back to home page' : 'Go to login'}
        </Button>
      }
    />
  );
}
