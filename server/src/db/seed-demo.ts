// Demo data for a first start on an empty database (product.md section 1, Identity and defaults): groups,
// users and key statistics here; each feature's demo content in its seed-demo-<feature>.ts.
import { GROUP_TYPE, ROLE } from '@hearth/contract';
import { count } from 'drizzle-orm';
import { hashPassword } from '../platform/auth/passwords';
import type { Storage } from '../platform/storage';
import type { Db } from './client';
import { groups, keyStatistics, userGroups, users } from './schema';
import { seedCommunities } from './seed-demo-communities';
import { seedFeed } from './seed-demo-feed';
import { seedDemoImages } from './seed-demo-images';
import { seedSurveys } from './seed-demo-surveys';

export const DEMO_PASSWORD = 'Passw0rd!';

const DEMO_GROUPS = [
  { name: 'Cape Town', groupTypeId: GROUP_TYPE.LOCATION },
  { name: 'Johannesburg', groupTypeId: GROUP_TYPE.LOCATION },
  { name: 'Durban', groupTypeId: GROUP_TYPE.LOCATION },
  { name: 'Finance', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'Marketing', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'Engineering', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'People & Culture', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'Payments Team', groupTypeId: GROUP_TYPE.TEAM },
  { name: 'Merchant Success', groupTypeId: GROUP_TYPE.TEAM },
];

const DEMO_USERS = [
  {
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@example.com',
    roleId: ROLE.ADMIN,
    loc: 0,
    dep: 3,
    jobTitle: 'People lead',
  },
  {
    firstName: 'Sam',
    lastName: 'Staff',
    email: 'staff@example.com',
    roleId: ROLE.STAFF,
    loc: 1,
    dep: 5,
    jobTitle: 'Developer',
  },
  {
    firstName: 'Eddie',
    lastName: 'Editor',
    email: 'editor@example.com',
    jobTitle: 'Communications editor',
    roleId: ROLE.EDITOR,
    loc: 0,
    dep: 4,
  },
  {
    firstName: 'Thandi',
    lastName: 'Mokoena',
    email: 'thandi@example.com',
    jobTitle: 'Product designer',
    roleId: ROLE.STAFF,
    loc: 2,
    dep: 6,
  },
  {
    firstName: 'Pieter',
    lastName: 'van Wyk',
    email: 'pieter@example.org',
    jobTitle: 'Financial analyst',
    roleId: ROLE.STAFF,
    loc: 1,
    dep: 3,
  },
];

/** Seeds when the database has no users yet; with storage, the newest posts also get banner pictures. */
export async function seedDemo(db: Db, storage?: Storage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const groupRows = await tx.insert(groups).values(DEMO_GROUPS).onConflictDoNothing().returning();
    const groupId = (i: number) => groupRows.find((g) => g.name === DEMO_GROUPS[i]?.name)?.id;
    const userIds: number[] = [];
    for (const { loc, dep, ...person } of DEMO_USERS) {
      const [created] = await tx
        .insert(users)
        .values({
          ...person,
          phone: '+27 21 555 0100',
          passwordHash,
          isActive: true,
          isVerified: true,
          userTypeId: 2,
        })
        .returning({ id: users.id });
      if (created) userIds.push(created.id);
      const ids = [groupId(loc), groupId(dep)].filter((id): id is number => id !== undefined);
      if (created && ids.length)
        await tx.insert(userGroups).values(ids.map((groupId) => ({ userId: created.id, groupId })));
    }
    await tx.insert(keyStatistics).values({
      statsRelevance: 'As at 31 October 2026',
      turnover: 1_284_500_000,
      newAccounts: 1_342,
      debtorsBook: 312_750_000,
      activeAccounts: 48_215,
      merchants: 12_870,
      totalStores: 19_455,
      acquirerStores: 7_310,
      transactorStores: 15_602,
    });
    await seedFeed(tx, userIds, groupId);
    await seedCommunities(tx, userIds);
    await seedSurveys(tx, userIds);
  });
  if (storage) await seedDemoImages(db, storage);
  return true;
}
