// Every date the screens write, in one place (issue 14: dates were written six different ways; issue 33:
// one rule). A date shown on its own (a card's, a post's, a comment's, a notification's, a result's) is
// relative within a day of now ("3 hours ago", "in 5 hours") and its day after ("28 Nov 2026"), with the
// exact day and time on hover and in <time datetime> (formatWhen, lib/time-text.tsx When). Where SPEC names
// a format it stays: tables DD-MM-YYYY HH:mm:ss (product.md, Dates), the surveys' due date relative; a date
// inside a sentence ("Acknowledge by 2 Dec 2026, 17:00") gives the day and time. Always the viewer's local
// time.
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

/** Within this long of now, a date shown on its own is said relatively; further, by its day. */
export const RELATIVE_WITHIN_MS = 24 * 3600 * 1000;

/** The one rule for a date shown on its own: "3 hours ago" within a day of now, else "28 Nov 2026". */
export function formatWhen(value: string | null | undefined, now = new Date()): string {
  const date = parse(value);
  if (!date) return '';
  return Math.abs(date.valueOf() - now.getTime()) < RELATIVE_WITHIN_MS
    ? date.from(dayjs(now))
    : date.format(DATE_FORMATS.day);
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
