// Reads behind the user screens: users in full and as summaries, mention search, totals, roles and groups.
import type { Group, Role, User, UserSummary } from '@hearth/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { isColleague } from '../../access/people';
import type { Db } from '../../db/client';
import { files, groups, roles, userGroups, users } from '../../db/schema';
import { presentUser, summaryOf, type UserRow } from './presenter';

export const MENTION_LIMIT = { default: 10, max: 20 } as const;

/** `%`, `_` and `\` typed by a user are letters to match, not LIKE wildcards (`\` is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (the report searches). */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * Mention search (and the pickers): colleagues (access/people.ts) whose first name, last name or "first last" starts with `start`,
 * case-insensitively. Answers only what a colleague may see: id, name and avatar.
 */
export async function searchUsers(db: Db, start: string, limit?: number): Promise<UserSummary[]> {
  const take = limit && limit > 0 ? Math.min(limit, MENTION_LIMIT.max) : MENTION_LIMIT.default;
  const pattern = `${escapeLike(start)}%`;
  const rows = await selectSummaries(db)
    .where(
      and(
        isColleague(),
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

/** What a colleague may see of a user (mention search, authors, managers): id, name and avatar. */
export const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  imageKey: files.storageKey,
};
/** Users with their avatar file, selecting `summaryColumns`; callers add where, order and limit. */
export const selectSummaries = (db: Db) =>
  db.select(summaryColumns).from(users).leftJoin(files, eq(files.id, users.profileImageFileId)).$dynamic();

/** Summaries of the given users, by id. */
export async function loadSummaries(db: Db, ids: readonly number[]): Promise<Map<number, UserSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await selectSummaries(db).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, summaryOf(r)]));
}

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  jobTitle: users.jobTitle,
  isActive: users.isActive,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
  lastLoggedInAt: users.lastLoggedInAt,
  userTypeId: users.userTypeId,
  roleId: roles.id,
  roleName: roles.name,
  imageKey: files.storageKey,
};

// Bind parameters per statement are limited (65535 in the PostgreSQL protocol): big id lists go in slices.
const SLICE = 5000;
function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

function selectUsers(db: Db, where: SQL | undefined) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(files, eq(files.id, users.profileImageFileId))
    .where(where);
}

async function groupsOf(db: Db, ids: readonly number[]): Promise<Map<number, Group[]>> {
  const byUser = new Map<number, Group[]>();
  for (const slice of slices(ids)) {
    const memberships = await db
      .select({
        userId: userGroups.userId,
        id: groups.id,
        name: groups.name,
        groupTypeId: groups.groupTypeId,
      })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(inArray(userGroups.userId, slice));
    for (const m of memberships) {
      const list = byUser.get(m.userId) ?? [];
      list.push({ id: m.id, name: m.name, groupTypeId: m.groupTypeId });
      byUser.set(m.userId, list);
    }
  }
  return byUser;
}

/** Loads full user views (with role, groups, image) for the given ids, in the order given. */
export async function loadUsers(db: Db, ids: number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows: UserRow[] = [];
  for (const slice of slices(ids)) rows.push(...(await selectUsers(db, inArray(users.id, slice))));
  const memberships = await groupsOf(
    db,
    rows.map((r) => r.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [presentUser(r, memberships.get(id) ?? [])] : [];
  });
}

export async function loadUser(db: Db, id: number): Promise<User | undefined> {
  const [user] = await loadUsers(db, [id]);
  return user;
}

/** The admin list's search and filters (issue 17); each one absent filters nothing. */
export type UserFilters = {
  isActive?: number;
  /** Words that each begin the first name, the last name or the e-mail address. */
  q?: string;
  locationId?: number;
  departmentId?: number;
  roleId?: number;
};

/** " first last" with hyphens as spaces: a word of the name starts after a space ("van Wyk", "Mary-Jane"). */
const nameWords = sql`' ' || translate(${users.firstName} || ' ' || ${users.lastName}, '-', ' ')`;

/**
 * SQL: every word of `q` begins a word of the name ("van w" finds Pieter van Wyk) or, with `email`, the
 * e-mail address.
 */
export function nameStartsWith(q: string | undefined, o: { email: boolean }): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) =>
      or(
        ilike(nameWords, `% ${escapeLike(word)}%`),
        o.email ? ilike(users.email, `${escapeLike(word)}%`) : undefined,
      ),
    ),
  );
}

/** SQL: the user belongs to group `groupId` (the primary key of user_groups answers it). */
export const inGroup = (groupId: number | undefined): SQL | undefined =>
  groupId === undefined
    ? undefined
    : sql`exists (select 1 from ${userGroups} where ${userGroups.userId} = ${users.id} and ${userGroups.groupId} = ${groupId})`;

/** The admin user list: newest first; `limit` <= 0 or absent means all (product.md section 7: limit=-1). */
export async function listUsers(db: Db, opts: UserFilters & { limit?: number } = {}): Promise<User[]> {
  const query = selectUsers(
    db,
    and(
      opts.isActive === undefined ? undefined : eq(users.isActive, opts.isActive === 1),
      nameStartsWith(opts.q, { email: true }),
      inGroup(opts.locationId),
      inGroup(opts.departmentId),
      opts.roleId === undefined ? undefined : eq(users.roleId, opts.roleId),
    ),
  ).orderBy(desc(users.createdAt), desc(users.id));
  const rows = opts.limit && opts.limit > 0 ? await query.limit(opts.limit) : await query;
  const memberships = await groupsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentUser(r, memberships.get(r.id) ?? []));
}
