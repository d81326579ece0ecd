import { z } from 'zod';
import { INT4_MAX } from '../constants';
import { MSG } from '../messages';

/** Success envelope: every 2xx answer is `{ data }` (PRODUCT-DECISIONS: API). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Error envelope: `{ error, code, fields? }`; `fields` maps a form field to its message. */
export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * A database id in a JSON body: a positive integer that fits an integer column. A JSON number only:
 * `true`, `"12"` or `1.0e1` written as text are refused, so the documented type is the accepted one.
 */
export const dbId = z.number().int().positive().max(INT4_MAX);

/**
 * A database id in a path or query string, where every value arrives as text: canonical digits only
 * ("12"; not "true", "1e1", " 12", "012", "0x0c"), turned into the number.
 */
export const textId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, MSG.invalidInput)
  .transform(Number)
  .pipe(z.number().int().positive().max(INT4_MAX));
export const idParam = z.object({ id: textId });
export const userIdParam = z.object({ userId: textId });

/** `limit=-1` means all (SPEC section 7). */
export const limitQuery = z.object({
  limit: z.coerce.number().int().min(-1).optional(),
  fields: z.string().optional(),
});

export const messageResult = z.object({ message: z.string() });

/** A required, trimmed string whose missing or empty value answers with `message`. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, MSG.invalidInput);

/** 0/1 flags as SPEC stores them; booleans are accepted too. */
export const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0));
