// Keyset cursors of the news feed. `next` is opaque to the web: base64url of "<kind>.<time ms>.<id>".
// The feed pages on (startAt, id); the Likes and Favourites tabs on (the action's createdAt, post id).
// A cursor of one kind is refused by the other, so a tab switch cannot mix orders.
import { INT4_MAX, MSG } from '@hearth/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Bind, tsParam } from '../../db/params';
import { badRequest } from '../../platform/errors';

export type CursorKind = 'f' | 'a';
export type Cursor = { at: Date; id: number };

export function encodeCursor(kind: CursorKind, at: Date, id: number): string {
  return Buffer.from(`${kind}.${at.getTime()}.${id}`).toString('base64url');
}

const SHAPE = /^([fa])\.(-?\d{1,15})\.(\d{1,10})$/;

/** Reads a cursor of the expected kind; anything else answers 400 naming `next`. */
export function decodeCursor(kind: CursorKind, raw: string): Cursor {
  const invalid = () => badRequest(MSG.invalidInput, { next: MSG.invalidInput });
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(raw)) throw invalid();
  const m = SHAPE.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m || m[1] !== kind) throw invalid();
  const at = new Date(Number(m[2]));
  const id = Number(m[3]);
  if (Number.isNaN(at.getTime()) || id < 1 || id > INT4_MAX) throw invalid();
  return { at, id };
}

/**
 * The rows of a newest-first page after the cursor: strictly before (at, id) in (`atColumn`, `idColumn`)
 * order. The first, looser comparison is there for the planner: it bounds the index range on `atColumn`
 * alone. Values may be placeholders of a prepared query.
 */
export function olderThan(
  atColumn: AnyPgColumn,
  idColumn: AnyPgColumn,
  after: { at: Bind<Date>; id: Bind<number> } | undefined,
): SQL | undefined {
  if (!after) return undefined;
  return and(
    sql`${atColumn} <= ${tsParam(after.at)}`,
    sql`(${atColumn}, ${idColumn}) < (${tsParam(after.at)}, ${after.id})`,
  );
}
