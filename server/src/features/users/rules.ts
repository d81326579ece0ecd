// Checks shared by the admin user forms and the profile form: company e-mail, known role and groups (a
// unique e-mail is auth's: accounts.ts). They collect per-field messages so one 400 can name every wrong field at once.
import { INT4_MAX, isCompanyEmail, MSG } from '@hearth/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, roles } from '../../db/schema';
import { badRequest } from '../../platform/errors';

/** Largest value of a PostgreSQL integer: bigger ids cannot exist, and must not reach the database. */

export type FieldErrors = Record<string, string>;

/** Throws one 400 naming every field in `fields`; does nothing when there are none. */
export function throwFieldErrors(fields: FieldErrors): void {
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

export function checkCompanyEmail(email: string, domains: readonly string[], fields: FieldErrors): void {
  if (!isCompanyEmail(email, domains)) fields.email = MSG.notCompanyEmail;
}

export async function roleExists(db: Db, roleId: number): Promise<boolean> {
  if (roleId > INT4_MAX) return false;
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  return row !== undefined;
}

/** The groups with these ids that exist (unknown ids are simply missing from the answer). */
export async function findGroups(db: Db, ids: readonly number[]) {
  const wanted = [...new Set(ids)].filter((id) => id <= INT4_MAX);
  if (wanted.length === 0) return [];
  return db
    .select({ id: groups.id, name: groups.name, groupTypeId: groups.groupTypeId })
    .from(groups)
    .where(inArray(groups.id, wanted));
}
