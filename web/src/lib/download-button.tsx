// "Download CSV": downloads a report (the reports, a post's reach) with its query, shows progress on the
// button and the server's error text in a toast when it fails.
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { browserTimeZone, downloadFile } from './download';
import { toastError } from './notify';

type Query = Record<string, string | number | undefined>;

export function DownloadCsvButton({
  path,
  query,
  fallbackName,
  label = 'Download CSV',
}: {
  path: string;
  query?: Query;
  /** The name to save under if the server sends none. */
  fallbackName: string;
  label?: string;
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
      {label}
    </Button>
  );
}
