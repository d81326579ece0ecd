// Keyset cursors of search pages, opaque to the web: base64url of "s.<kind>.<sort>.<key>.<id>". The key is
// the relevance score (a whole number) or the date in ms. A cursor of another kind or sort is refused (400),
// so switching a tab or the sort cannot mix orders. Like posts/cursor.ts.
import { INT4_MAX, MSG, SEARCH_KINDS, type SearchKind, type SearchSort } from '@hearth/contract';
import { badRequest } from '../../platform/errors';

export type SearchCursor = { key: number; id: number };

export function encodeSearchCursor(kind: SearchKind, sort: SearchSort, key: number, id: number): string {
  return Buffer.from(`s.${SEARCH_KINDS.indexOf(kind)}.${sort === 'date' ? 'd' : 'r'}.${key}.${id}`).toString(
    'base64url',
  );
}

const SHAPE = /^s\.(\d)\.([dr])\.(-?\d{1,15})\.(\d{1,10})$/;

export function decodeSearchCursor(kind: SearchKind, sort: SearchSort, raw: string): SearchCursor {
  const invalid = () => badRequest(MSG.invalidInput, { next: MSG.invalidInput });
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw)) throw invalid();
  const m = SHAPE.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m || Number(m[1]) !== SEARCH_KINDS.indexOf(kind) || m[2] !== (sort === 'date' ? 'd' : 'r'))
    throw invalid();
  const key = Number(m[3]);
  const id = Number(m[4]);
  if (!Number.isSafeInteger(key) || id < 1 || id > INT4_MAX) throw invalid();
  if (sort === 'date' && Number.isNaN(new Date(key).getTime())) throw invalid();
  return { key, id };
}
