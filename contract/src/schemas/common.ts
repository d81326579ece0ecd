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

/** A database id: a positive integer that fits an integer column. */
export const dbId = z.coerce.number().int().positive().max(INT4_MAX);
export const idParam = z.object({ id: dbId });
export const userIdParam = z.object({ userId: dbId });

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
