// Shapes user rows for the API: never a password hash, booleans as product.md's 0/1, role as { id, name }.
import type { Group, User, UserSummary } from '@hearth/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, groups, roles, userGroups, users } from '../../db/schema';
import { fileSourceUrl } from '../files/presenter';

export const fileUrl = (storageKey: string | null | undefined) =>
  storageKey ? fileSourceUrl(storageKey) : null;

/** What a colleague may see of a user (mention search, authors, managers): id, name and avatar. */
export const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  imageKey: files.storageKey,
};
type SummaryRow = { id: number; firstName: string; lastName: string; imageKey: string | null };

export const summaryOf = (r: SummaryRow): UserSummary => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  profileImage: fileUrl(r.imageKey),
});

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

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

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

function present(r: UserRow, memberOf: Group[]): User {
  const role = { id: r.roleId, name: r.roleName };
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    isActive: r.isActive ? 1 : 0,
    isVerified: r.isVerified ? 1 : 0,
    createdAt: r.createdAt.toISOString(),
    lastLoggedInAt: r.lastLoggedInAt?.toISOString() ?? null,
    role,
    roles: role,
    userTypeId: r.userTypeId,
    groups: memberOf.sort((a, b) => a.groupTypeId - b.groupTypeId || a.id - b.id),
    profileImage: fileUrl(r.imageKey),
  };
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
    return r ? [present(r, memberships.get(id) ?? [])] : [];
  });
}

export async function loadUser(db: Db, id: number): Promise<User | undefined> {
  const [user] = await loadUsers(db, [id]);
  return user;
}

/** The admin user list: newest first; `limit` <= 0 or absent means all (product.md section 7: limit=-1). */
export async function listUsers(db: Db, opts: { limit?: number; isActive?: number } = {}): Promise<User[]> {
  const filter = opts.isActive === undefined ? undefined : eq(users.isActive, opts.isActive === 1);
  const query = selectUsers(db, and(filter)).orderBy(desc(users.createdAt), desc(users.id));
  const rows = opts.limit && opts.limit > 0 ? await query.limit(opts.limit) : await query;
  const memberships = await groupsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, memberships.get(r.id) ?? []));
}
