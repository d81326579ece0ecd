// What a logged-out page shows once it has mailed a link (register, forgot password): where the link went,
// a button to send it again (product.md's "e-mail sent" toast, or the server's error) and the way back to
// login.
import { MSG } from '@hearth/contract';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { AuthCard } from '../../lib/auth-card';
import { toastError, toastSuccess } from '../../lib/notify';

type Resend = {
  mutate: (email: string, options: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  isPending: boolean;
};

type Props = {
  email: string;
  card: string;
  title: string;
  text: string;
  /** The call that mails the link again, and its button's label. */
  resend: Resend;
  resendLabel: string;
};

export function SentPanel({ email, card, title, text, resend, resendLabel }: Props) {
  const onResend = () =>
    resend.mutate(email, { onSuccess: () => toastSuccess(MSG.emailSent), onError: (err) => toastError(err) });
  return (
    <AuthCard title={card}>
      <Result
        status="success"
        title={title}
        subTitle={text}
        extra={[
          <Button key="resend" onClick={onResend} loading={resend.isPending}>
            {resendLabel}
          </Button>,
          <Link key="login" to="/login">
            Back to login
          </Link>,
        ]}
      />
    </AuthCard>
  );
}
