import { z } from 'zod';
import { INT4_MAX, LIMITS, STATE } from '../constants';
import { MSG } from '../messages';

/** Success envelope: every 2xx answer is `{ data }` (product.md section 7). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
/** An entry's one success answer: 200 with `{ data }`, or 201 when the call stored something new. */
export const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });
export const created = <T extends z.ZodType>(data: T) => ({ 201: envelope(data) });

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

/** How many a list answers: `limit=-1` means all (product.md section 7). */
export const listLimit = z.coerce.number().int().min(-1).optional();
/** A list's filter by state: 1 draft, 2 published. */
export const stateFilter = z.coerce.number().int().min(1).max(2).optional();
export const limitQuery = z.object({ limit: listLimit, fields: z.string().optional() });
/** Which fields a list answers (`fields=id,title`); a read of one object takes it too and answers it whole. */
export const fieldsQuery = z.object({ fields: z.string().max(500).optional() });
/** The query of an admin list: its fields, how many, and which state. */
export const adminListQuery = (fields = fieldsQuery.shape.fields) =>
  z.object({ fields, limit: listLimit, stateId: stateFilter });

/** The query of a keyset page: the opaque cursor the page before answered, and how many to answer. */
export const keysetQuery = z.object({
  next: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.newsPageSize),
});
/** One keyset page of posts; `next` is the opaque cursor of the page after, null on the last page. */
export const keysetPage = <T extends z.ZodType>(post: T) =>
  z.object({ posts: z.array(post), next: z.string().nullable() });

export const messageResult = z.object({ message: z.string() });

/** A person in an answer: the id and the name, first of the fields of every view of a user. */
export const personFields = { id: z.number(), firstName: z.string(), lastName: z.string() };

/** A required, trimmed string whose missing or empty value answers with `message`. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, MSG.invalidInput);

/** Ids in a body, at most `max` of them. */
export const dbIds = (max: number, message: string = MSG.invalidInput) => z.array(dbId).max(max, message);

/** The state a form sends: draft or published. */
export const stateField = z.union([z.literal(STATE.DRAFT), z.literal(STATE.PUBLISHED)], {
  error: MSG.invalidInput,
});

/** 0/1 flags as the API sends them (product.md section 3); booleans are accepted too. */
export const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0));
