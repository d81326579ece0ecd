// Screens show dates as DD-MM-YYYY HH:mm:ss in the viewer's local time (PRODUCT-DECISIONS: Reports).
import { DATE_FORMAT } from '@hearth/contract';
import dayjs from 'dayjs';

export function formatTableDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT.table) : '-';
}
