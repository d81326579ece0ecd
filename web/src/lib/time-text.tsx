// A date on screen as a <time> element: machine-readable, and a relative time ("3 hours ago") carries the
// exact time on hover (title) and for assistive technology (datetime). Nothing for a missing date.
import { type DateFormat, formatDate, formatRelative, formatWhen, isoDate } from './dates';

type Props = { value: string | null | undefined; className?: string };

/** A date as text with the exact day and time on hover and in `datetime`. */
function HoverTime({ value, className, text }: Props & { text: (value: string) => string }) {
  const iso = isoDate(value);
  if (!iso || !value) return null;
  return (
    <time dateTime={iso} title={formatDate(value, 'dayTime')} className={className}>
      {text(value)}
    </time>
  );
}

/**
 * A date shown on its own, by the one rule (dates.ts formatWhen): "3 hours ago" within a day, else its day;
 * the exact day and time on hover.
 */
export const When = (props: Props) => <HoverTime {...props} text={formatWhen} />;

/** "3 hours ago" or "in 7 days" however far (SPEC's surveys list), with the exact day and time on hover. */
export const TimeAgo = (props: Props) => <HoverTime {...props} text={formatRelative} />;

/** The date in one of the house formats. */
export function DateText({ value, format, className }: Props & { format: DateFormat }) {
  const iso = isoDate(value);
  if (!iso) return null;
  return (
    <time dateTime={iso} className={className}>
      {formatDate(value, format)}
    </time>
  );
}
