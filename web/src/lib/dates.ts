// Every date the screens write, in one place (issue 14: dates were written six different ways). Tables
// keep DD-MM-YYYY HH:mm:ss (product.md section 9, Dates); cards say the day; a post says the day
// and time; lists of recent things say "3 hours ago" and carry the exact time (lib/time-text.tsx).
// Always the viewer's local time.
import { DATE_FORMAT } from '@hearth/contract';
import dayjs, { type Dayjs } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

export const DATE_FORMATS = {
  /** Tables and CSV-like lists (product.md section 9). */
  table: DATE_FORMAT.table,
  /** What the date pickers of the forms show while editing. */
  input: 'DD-MM-YYYY HH:mm',
  /** A card's day. */
  day: 'D MMM YYYY',
  /** A post's day and time, and the exact time behind a relative one. */
  dayTime: 'D MMM YYYY, HH:mm',
  /** A chart's week label. */
  week: 'DD MMM',
} as const;

export type DateFormat = keyof typeof DATE_FORMATS;

/** The date, or null when it is missing or not a date. */
function parse(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** The date in that format, or `fallback` for a missing or bad date. */
export function formatDate(value: string | null | undefined, format: DateFormat, fallback = ''): string {
  return parse(value)?.format(DATE_FORMATS[format]) ?? fallback;
}

export function formatTableDate(value: string | null | undefined): string {
  return formatDate(value, 'table', '-');
}

/** "3 minutes ago" / "in 7 days", or '' for a missing or bad date. `now` is for tests. */
export function formatRelative(value: string | null | undefined, now?: Date): string {
  const date = parse(value);
  if (!date) return '';
  return now ? date.from(dayjs(now)) : date.fromNow();
}

/** The machine-readable form for `<time datetime>`, or undefined for a missing or bad date. */
export function isoDate(value: string | null | undefined): string | undefined {
  return parse(value)?.toISOString();
}
