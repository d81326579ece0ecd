// "I have read this" (issue 18): acknowledges a must-read post from its page, once opened (issue 33: the
// News list offered it without the post being read); on success says thank you (MSG.acknowledged), the
// post leaves the caller's To acknowledge list and its page keeps the date (ack-api.ts). A failure shows
// the server's message.
import { CheckOutlined } from '@ant-design/icons';
import { MSG } from '@hearth/contract';
import { Button } from 'antd';
import { toastError, toastSuccess } from '../../lib/notify';
import { useAcknowledge } from './ack-api';

export function AcknowledgeButton({ postId }: { postId: number }) {
  const acknowledge = useAcknowledge();
  return (
    <Button
      type="primary"
      icon={<CheckOutlined aria-hidden />}
      loading={acknowledge.isPending}
      onClick={() =>
        acknowledge.mutate(postId, {
          onSuccess: () => toastSuccess(MSG.acknowledged),
          onError: (err) => toastError(err),
        })
      }
    >
      I have read this
    </Button>
  );
}
