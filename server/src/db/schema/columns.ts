// Column shapes the tables share. Timestamps are timestamptz with millisecond precision so keyset cursors
// never skip rows.
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** When the row was written, set by the database. */
export const createdAt = () => ts('created_at').notNull().defaultNow();

/** When the row last changed; the services set it on every save. */
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/**
 * A required reference to another row. With `cascade` this row goes when that one is deleted; without it,
 * that row cannot be deleted while this one points at it.
 */
export const ref = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  integer(name)
    .notNull()
    .references(target, onDelete && { onDelete });
