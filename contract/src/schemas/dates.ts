import { z } from 'zod';

/**
 * Post and survey times: UTC `YYYY-MM-DD HH:mm:ss` or ISO 8601 (product.md section 9, Dates).
 * Answers are ISO 8601 UTC strings.
 */
const SPEC_FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

export function parseApiDate(value: string): Date | null {
  const m = SPEC_FORMAT.exec(value);
  if (m) {
    const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    // Date.UTC rolls 2026-02-31 over into March: refuse dates that do not exist instead.
    return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A required date field whose missing or unreadable value answers `message`. */
export const apiDate = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(40, message)
    .transform((v, ctx) => {
      const date = parseApiDate(v);
      if (!date) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return date;
    });

/** A post's time window in an answer: its start, and its end if it has one. */
export const postWindow = { startAt: z.string(), endAt: z.string().nullable() };
/** A survey's time window in an answer: either end may be unset. */
export const surveyWindow = { startAt: z.string().nullable(), endAt: z.string().nullable() };

/** Formats a Date as product.md's UTC `YYYY-MM-DD HH:mm:ss`. */
export function formatApiDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
