// /verify-email?token= : confirms the address from the registration e-mail, then points to the login.
import { MSG } from '@hearth/contract';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSpendLink } from '../../lib/use-spend-link';
import { useVerifyEmail } from './api';
import { AuthCard } from './auth-card';

export default function VerifyEmailPage() {
  useDocumentTitle('Verify e-mail');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  useSpendLink(token, verify.mutate);

  const toLogin = (
    <Button type="primary" key="login" onClick={() => navigate('/login')}>
      Go to login
    </Button>
  );

  let content = <Spin description="Verifying your e-mail address" />;
  if (!token)
    content = <Result status="error" title="Link not valid" subTitle={MSG.linkInvalid} extra={toLogin} />;
  else if (verify.isSuccess)
    content = (
      <Result status="success" title="E-mail verified" subTitle={MSG.emailVerified} extra={toLogin} />
    );
  else if (verify.isError)
    content = (
      <Result
        status="error"
        title="Link not valid"
        subTitle={errorText(verify.error, MSG.linkInvalid)}
        extra={toLogin}
      />
    );

  return <AuthCard title="Verify e-mail">{content}</AuthCard>;
}
