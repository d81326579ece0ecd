// The toast outlet, in its own chunk (lib/notify.ts loads it on the first toast). antd's notifications
// rather than its messages: they have a close button, so an error can stay until the reader closes it.
import { notification } from 'antd';
import { useEffect } from 'react';
import { ErrorReference } from '../lib/error-reference';
import { bindToastApi } from '../lib/notify';

/** How long a confirmation stays; errors stay until closed. */
const SUCCESS_SECONDS = 5;

export default function Toasts() {
  const [notificationApi, contextHolder] = notification.useNotification({ maxCount: 3, placement: 'top' });
  useEffect(() => {
    bindToastApi({
      error: (text, reference) =>
        notificationApi.error({
          title: text,
          description: reference && <ErrorReference id={reference} />,
          duration: 0,
          role: 'alert',
        }),
      success: (text) => notificationApi.success({ title: text, duration: SUCCESS_SECONDS, role: 'status' }),
    });
    return () => bindToastApi(null);
  }, [notificationApi]);
  return contextHolder;
}
