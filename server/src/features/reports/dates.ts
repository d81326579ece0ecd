// Dates in CSV files: product.md's table format `DD-MM-YYYY HH:mm:ss` in the time zone the admin's screen
// shows (product.md section 9, Dates: screens use the viewer's local time), passed as `tz`, so the file
// matches the table. The `tz` parameter is the contract's (tzParam): the endpoint table's CSV queries read
// it.
export { TZ_MESSAGE } from '@hearth/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** A formatter for one download: the Intl formatter is built once, not per row. */
export function tableDateFormatter(tz: string): (date: Date | null) => string {
  if (tz === 'UTC' || tz === 'Etc/UTC') {
    return (d) =>
      d
        ? `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ` +
          `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
        : '';
  }
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (d) => {
    if (!d) return '';
    const p: Record<string, string> = {};
    for (const part of format.formatToParts(d)) p[part.type] = part.value;
    return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
  };
}
