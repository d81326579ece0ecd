import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative, formatTableDate, isoDate } from './dates';

describe('dates', () => {
  const at = '2026-11-24T07:05:09';

  it('writes each house format, in local time', () => {
    expect(formatTableDate(at)).toBe('24-11-2026 07:05:09');
    expect(formatDate(at, 'input')).toBe('24-11-2026 07:05');
    expect(formatDate(at, 'day')).toBe('24 Nov 2026');
    expect(formatDate(at, 'dayTime')).toBe('24 Nov 2026, 07:05');
    expect(formatDate(at, 'week')).toBe('24 Nov');
  });

  it('answers the fallback for a missing or bad date', () => {
    expect(formatTableDate(null)).toBe('-');
    expect(formatTableDate('not a date')).toBe('-');
    expect(formatDate(undefined, 'day')).toBe('');
    expect(formatRelative('')).toBe('');
    expect(isoDate('nope')).toBeUndefined();
  });

  it('says how long ago, or how long until', () => {
    const now = new Date('2026-11-24T10:05:09');
    expect(formatRelative(at, now)).toBe('3 hours ago');
    expect(formatRelative('2026-12-01T10:05:09', now)).toBe('in 7 days');
  });

  it('gives <time> an ISO instant', () => {
    expect(isoDate('2026-11-24T07:05:09Z')).toBe('2026-11-24T07:05:09.000Z');
  });
});
