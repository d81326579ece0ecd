// Test data builders with overrides. Passwords are hashed once per process (argon2id is slow on purpose).
import { GROUP_TYPE, ROLE } from '@hearth/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { groups, keyStatistics, userGroups, users } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/passwords';

export const PASSWORD = 'Str0ng!pass';
let defaultHash: Promise<string> | undefined;
let seq = 0;

export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${++seq}@example.com`;

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string; groupIds?: number[] };

export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const { password, groupIds, ...rest } = overrides;
  defaultHash ??= hashPassword(PASSWORD);
  const passwordHash = password ? await hashPassword(password) : await defaultHash;
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User${++seq}`,
      email: uniqueEmail(),
      phone: '+27 21 555 0000',
      passwordHash,
      roleId: ROLE.STAFF,
      isActive: true,
      isVerified: true,
      userTypeId: 2,
      ...rest,
    })
    .returning();
  if (!user) throw new Error('user not created');
  if (groupIds?.length)
    await db.insert(userGroups).values(groupIds.map((groupId) => ({ userId: user.id, groupId })));
  return { ...user, password: password ?? PASSWORD };
}

export async function createGroups(db: Db) {
  const rows = await db
    .insert(groups)
    .values([
      { name: `Location ${++seq}`, groupTypeId: GROUP_TYPE.LOCATION },
      { name: `Department ${++seq}`, groupTypeId: GROUP_TYPE.DEPARTMENT },
      { name: `Team ${++seq}`, groupTypeId: GROUP_TYPE.TEAM },
    ])
    .returning();
  const [location, department, team] = rows;
  if (!location || !department || !team) throw new Error('groups not created');
  return { location, department, team };
}

/** A valid POST /v1/auth/register body with a fresh company address, in the given location and department. */
export function registrationBody(
  g: Awaited<ReturnType<typeof createGroups>>,
  over: Record<string, unknown> = {},
) {
  return {
    firstName: 'Nomsa',
    lastName: 'Dlamini',
    email: `Nomsa.${Math.random().toString(36).slice(2)}@Example.org`,
    password: 'Good#Pass1',
    phone: '+27 82 000 0000',
    userTypeId: 2,
    groups: [g.location.id, g.department.id],
    ...over,
  };
}

/** A valid POST /v1/api/users body (an administrator's new staff member), in the given location and department. */
export function userForm(g: Awaited<ReturnType<typeof createGroups>>, over: Record<string, unknown> = {}) {
  return {
    firstName: 'Thandi',
    lastName: 'Mokoena',
    email: `thandi.${++seq}.${Date.now()}@example.org`,
    phone: '+27 11 000 0000',
    password: 'Admin#Set1',
    roleId: ROLE.STAFF,
    groups: [g.location.id, g.department.id],
    ...over,
  };
}

export async function createStats(db: Db) {
  const [row] = await db
    .insert(keyStatistics)
    .values({
      statsRelevance: 'As at today',
      turnover: 100,
      newAccounts: 2,
      debtorsBook: 3,
      activeAccounts: 4,
    })
    .returning();
  if (!row) throw new Error('stats not created');
  return row;
}

/** The audience rows of these groups (each with its type), as posts and surveys store their audience. */
export async function audienceOf(db: Db, groupIds: number[]) {
  if (!groupIds.length) return [];
  const found = await db.select().from(groups).where(inArray(groups.id, groupIds));
  return found.map((g) => ({ groupId: g.id, groupTypeId: g.groupTypeId }));
}
