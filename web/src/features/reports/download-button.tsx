// "Download CSV": downloads a report with the current filters, shows progress on the button and the
// server's error text in a toast when it fails.
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { browserTimeZone, downloadFile } from '../../lib/download';
import { toastError } from '../../lib/notify';

type Query = Record<string, string | number | undefined>;

export function DownloadCsvButton({
  path,
  query,
  fallbackName,
}: {
  path: string;
  query?: Query;
  /** The name to save under if the server sends none. */
  fallbackName: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(path, { ...query, tz: browserTimeZone() }, fallbackName);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={onClick}>
      Download CSV
    </Button>
  );
}
