// Where people work: their office location and department (groups of type 1 and 2). Someone an
// administrator put in two locations shows the first by id.
import { GROUP_TYPE } from '@hearth/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, userGroups } from '../../db/schema';

export type Place = { id: number; name: string };
export type Places = { location: Place | null; department: Place | null };

export async function placesOf(db: Db, userIds: readonly number[]): Promise<Map<number, Places>> {
  const out = new Map<number, Places>(userIds.map((id) => [id, { location: null, department: null }]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userGroups.userId, id: groups.id, name: groups.name, type: groups.groupTypeId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(
      and(
        inArray(userGroups.userId, [...userIds]),
        inArray(groups.groupTypeId, [GROUP_TYPE.LOCATION, GROUP_TYPE.DEPARTMENT]),
      ),
    )
    .orderBy(asc(groups.id));
  for (const r of rows) {
    const places = out.get(r.userId);
    if (!places) continue;
    const key = r.type === GROUP_TYPE.LOCATION ? 'location' : 'department';
    places[key] ??= { id: r.id, name: r.name };
  }
  return out;
}
