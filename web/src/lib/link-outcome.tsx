// What a page opened from a mailed link shows (verify e-mail, confirm an e-mail change): the link's token
// is spent once; a spinner while that runs, then the outcome, each with the way on (`next`). A link without
// a token is refused at once (product.md's "link not valid" message); a refusal shows the server's message.
import { MSG } from '@hearth/contract';
import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from './notify';
import { useSpendLink } from './use-spend-link';

type Spend = {
  mutate: (token: string) => void;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
};

type Props = {
  spend: Spend;
  busyText: string;
  done: { title: string; text: string };
  failTitle: string;
  next: ReactNode;
};

export function LinkOutcome({ spend, busyText, done, failTitle, next }: Props) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useSpendLink(token, spend.mutate);

  if (!token) return <Result status="error" title="Link not valid" subTitle={MSG.linkInvalid} extra={next} />;
  if (spend.isSuccess)
    return <Result status="success" title={done.title} subTitle={done.text} extra={next} />;
  if (spend.isError)
    return (
      <Result
        status="error"
        title={failTitle}
        subTitle={errorText(spend.error, MSG.linkInvalid)}
        extra={next}
      />
    );
  return <Spin description={busyText} />;
}
