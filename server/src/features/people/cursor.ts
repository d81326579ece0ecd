// The directory's keyset cursor: the sort key of the last person of a page, (lower(last name),
// lower(first name), id), as base64url JSON. Opaque to the web; anything not of this shape is a 400 on `next`.
import { INT4_MAX, MSG } from '@hearth/contract';
import { badRequest } from '../../platform/errors';

export type NameCursor = { last: string; first: string; id: number };

export function encodeNameCursor(c: NameCursor): string {
  return Buffer.from(JSON.stringify(['p', c.last, c.first, c.id])).toString('base64url');
}

// Names are at most 100 characters (the forms' limit); lower() may lengthen a few letters.
const NAME_MAX = 200;

export function decodeNameCursor(raw: string): NameCursor {
  const invalid = () => badRequest(MSG.invalidInput, { next: MSG.invalidInput });
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(raw)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 4) throw invalid();
  const [tag, last, first, id] = value as unknown[];
  if (tag !== 'p' || typeof last !== 'string' || typeof first !== 'string') throw invalid();
  if (last.length > NAME_MAX || first.length > NAME_MAX) throw invalid();
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT4_MAX) throw invalid();
  return { last, first, id };
}
