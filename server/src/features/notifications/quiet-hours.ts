// Quiet hours for push (ADR 033): minutes after midnight in the person's own time zone, the end possibly
// before the start (20:00-07:00 spans midnight). Local time comes from Intl, not from the database, so
// PGlite and PostgreSQL agree and no time zone data is needed in the database.

/** The clock quiet hours are judged by; tests pin it. */
export const quietClock = { now: () => new Date() };

let zones: Set<string> | undefined;

/** An IANA name's shape (Area/Location, Area/Region/Location), case as the database writes it. */
const IANA_NAME = /^[A-Z][A-Za-z_]*(\/[A-Z][A-Za-z0-9_+-]*){1,2}$/;

/**
 * Whether `zone` is an IANA time zone this runtime knows: one of Intl's canonical names or UTC, or an alias
 * Intl accepts (ICU lists America/Buenos_Aires, while browsers may say America/Argentina/Buenos_Aires).
 */
export function isTimeZone(zone: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (zones.has(zone)) return true;
  if (!IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "HH:mm" -> minutes after midnight (the contract checked the shape). */
export const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Minutes after midnight -> "HH:mm". */
export const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock minutes after midnight of `at` in `zone`, and its seconds. */
function localClock(at: Date, zone: string): { minutes: number; seconds: number } {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, f);
  }
  const part = (type: string) => Number(f.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  return { minutes: part('hour') * 60 + part('minute'), seconds: part('second') };
}

export type QuietHours = { start: number; end: number; timeZone: string };

/**
 * When the quiet hours that hold at `at` end, or null when `at` is outside them. The start is quiet, the
 * end is not: 20:00-07:00 is quiet from 20:00 to 06:59. On a day the clocks change the end may be an hour
 * off; a reminder then waits an hour more or less.
 */
export function quietUntil(q: QuietHours, at: Date = quietClock.now()): Date | null {
  if (q.start === q.end) return null;
  const { minutes, seconds } = localClock(at, q.timeZone);
  const quiet =
    q.start < q.end ? minutes >= q.start && minutes < q.end : minutes >= q.start || minutes < q.end;
  if (!quiet) return null;
  const left = (q.end - minutes + 1440) % 1440;
  return new Date(at.getTime() + left * 60_000 - seconds * 1000 - at.getMilliseconds());
}
