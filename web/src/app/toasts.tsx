// The toast outlet, in its own chunk (lib/notify.ts loads it on the first toast). antd's notifications
// rather than its messages: they have a close button, so an error can stay until the reader closes it.
import { notification } from 'antd';
import { useEffect } from 'react';
import { ErrorReference } from '../lib/error-reference';
import { bindToastApi } from '../lib/notify';
import AntdTheme from './antd-theme';

/** How long a confirmation stays; errors stay until closed (or their page goes: lib/notify.ts). */
const SUCCESS_SECONDS = 5;
/** Below the top bar (64 px), which a toast at antd's 24 px covered: its name, bell and logout. */
const TOP_PX = 72;

/** The outlet, inside antd's theme: the hook reads the theme where it is called, as its holder does. */
export default function Toasts() {
  return (
    <AntdTheme>
      <ToastOutlet />
    </AntdTheme>
  );
}

function ToastOutlet() {
  const [notificationApi, contextHolder] = notification.useNotification({
    maxCount: 3,
    placement: 'top',
    top: TOP_PX,
  });
  useEffect(() => {
    bindToastApi({
      error: (text, key, reference) =>
        notificationApi.error({
          key,
          title: text,
          description: reference && <ErrorReference id={reference} />,
          duration: 0,
          role: 'alert',
        }),
      success: (text, key) =>
        notificationApi.success({ key, title: text, duration: SUCCESS_SECONDS, role: 'status' }),
      close: (key) => notificationApi.destroy(key),
    });
    return () => bindToastApi(null);
  }, [notificationApi]);
  return contextHolder;
}
