// "I have read this" (issue 18): acknowledges a must-read post; on success says thank you (MSG.acknowledged)
// and the post leaves the caller's To acknowledge list (ack-api.ts). A failure shows the server's message.
import { CheckOutlined } from '@ant-design/icons';
import { MSG } from '@hearth/contract';
import { Button } from 'antd';
import { toastError, toastSuccess } from '../../lib/notify';
import { useAcknowledge } from './ack-api';

type Props = { postId: number; title?: string; onDone?: () => void };

export function AcknowledgeButton({ postId, title, onDone }: Props) {
  const acknowledge = useAcknowledge();
  return (
    <Button
      type="primary"
      icon={<CheckOutlined aria-hidden />}
      loading={acknowledge.isPending}
      // In a list, each button names its post for screen readers; the visible text stays short.
      aria-label={title ? `I have read this: ${title}` : undefined}
      onClick={() =>
        acknowledge.mutate(postId, {
          onSuccess: () => {
            toastSuccess(MSG.acknowledged);
            onDone?.();
          },
          onError: (err) => toastError(err),
        })
      }
    >
      I have read this
    </Button>
  );
}
