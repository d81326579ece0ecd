// Screens show dates as DD-MM-YYYY HH:mm:ss in the viewer's local time (PRODUCT-DECISIONS: Reports).
import { DATE_FORMAT } from '@hearth/contract';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

export function formatTableDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT.table) : '-';
}

dayjs.extend(relativeTime);

/** "3 minutes ago" (discussion boards), or '' for a missing or bad date. `now` is for tests. */
export function formatRelative(value: string | null | undefined, now?: Date): string {
  if (!value) return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return now ? date.from(dayjs(now)) : date.fromNow();
}
