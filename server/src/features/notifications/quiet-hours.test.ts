// Quiet hours in the person's own time zone: which moments are quiet, and when they end.
import { describe, expect, it } from 'vitest';
import { clockText, isTimeZone, minutesOf, quietUntil } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('span midnight: quiet from the start to just before the end, in the person’s time zone', () => {
    const q = { start: minutesOf('20:00'), end: minutesOf('07:00'), timeZone: 'UTC' };
    expect(quietUntil(q, at('2026-03-02T19:59:59Z'))).toBeNull();
    expect(quietUntil(q, at('2026-03-02T20:00:00Z'))?.toISOString()).toBe('2026-03-03T07:00:00.000Z');
    expect(quietUntil(q, at('2026-03-03T03:15:42.5Z'))?.toISOString()).toBe('2026-03-03T07:00:00.000Z');
    expect(quietUntil(q, at('2026-03-03T07:00:00Z'))).toBeNull();
    // 22:30 in Tokyo (UTC+9) is 13:30 UTC: quiet until 07:00 Tokyo, 22:00 UTC.
    const tokyo = { ...q, timeZone: 'Asia/Tokyo' };
    expect(quietUntil(tokyo, at('2026-03-02T13:30:00Z'))?.toISOString()).toBe('2026-03-02T22:00:00.000Z');
    expect(quietUntil(tokyo, at('2026-03-03T00:00:00Z'))).toBeNull();
  });

  it('within one day: 12:00-14:00', () => {
    const q = { start: 720, end: 840, timeZone: 'Europe/Berlin' };
    // Berlin is UTC+1 in March before the change.
    expect(quietUntil(q, at('2026-03-02T11:30:00Z'))?.toISOString()).toBe('2026-03-02T13:00:00.000Z');
    expect(quietUntil(q, at('2026-03-02T13:00:00Z'))).toBeNull();
    expect(quietUntil(q, at('2026-03-02T10:59:00Z'))).toBeNull();
  });

  it('knows IANA zones and UTC, nothing else; turns clocks into minutes and back', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Base')).toBe(false);
    expect(isTimeZone('europe/berlin')).toBe(false);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('+01:00')).toBe(false);
    expect(isTimeZone('Europe/Nowhere')).toBe(false);
    expect(minutesOf('07:30')).toBe(450);
    expect(clockText(450)).toBe('07:30');
    expect(clockText(0)).toBe('00:00');
  });
});
