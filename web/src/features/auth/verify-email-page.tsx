// /verify-email?token= : confirms the address from the registration e-mail, then points to the login.
import { MSG } from '@hearth/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../lib/auth-card';
import { LinkOutcome } from '../../lib/link-outcome';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useVerifyEmail } from './api';

export default function VerifyEmailPage() {
  useDocumentTitle('Verify e-mail');
  const navigate = useNavigate();
  const verify = useVerifyEmail();

  const toLogin = (
    <Button type="primary" key="login" onClick={() => navigate('/login')}>
      Go to login
    </Button>
  );

  return (
    <AuthCard title="Verify e-mail">
      <LinkOutcome
        spend={verify}
        busyText="Verifying your e-mail address"
        done={{ title: 'E-mail verified', text: MSG.emailVerified }}
        failTitle="Link not valid"
        next={toLogin}
      />
    </AuthCard>
  );
}
