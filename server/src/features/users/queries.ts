// Reads behind the user screens: mention search, totals, roles and groups.
import type { Group, Role, UserSummary } from '@hearth/contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, roles, users } from '../../db/schema';
import { selectSummaries, summaryOf } from './presenter';

export const MENTION_LIMIT = { default: 10, max: 20 } as const;

/** `%`, `_` and `\` typed by a user are letters to match, not LIKE wildcards (`\` is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (the report searches). */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * Mention search: active users whose first name, last name or "first last" starts with `start`,
 * case-insensitively. Answers only what a colleague may see: id, name and avatar.
 */
export async function searchUsers(db: Db, start: string, limit?: number): Promise<UserSummary[]> {
  const take = limit && limit > 0 ? Math.min(limit, MENTION_LIMIT.max) : MENTION_LIMIT.default;
  const pattern = `${escapeLike(start)}%`;
  const rows = await selectSummaries(db)
    .where(
      and(
        eq(users.isActive, true),
        or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ),
      ),
    )
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
    .limit(take);
  return rows.map(summaryOf);
}

export async function usersTotals(db: Db): Promise<{ active: number; inactive: number; total: number }> {
  const [row] = await db
    .select({
      active: sql<number>`(count(*) filter (where ${users.isActive}))::int`,
      inactive: sql<number>`(count(*) filter (where not ${users.isActive}))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(users);
  return {
    active: Number(row?.active ?? 0),
    inactive: Number(row?.inactive ?? 0),
    total: Number(row?.total ?? 0),
  };
}

export function listRoles(db: Db): Promise<Role[]> {
  return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
}

export function listGroups(db: Db): Promise<Group[]> {
  return db
    .select({ id: groups.id, name: groups.name, groupTypeId: groups.groupTypeId })
    .from(groups)
    .orderBy(asc(groups.groupTypeId), asc(groups.name), asc(groups.id));
}
