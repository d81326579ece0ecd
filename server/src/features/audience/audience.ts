// The audience of a feed post's or survey's form (product.md section 4, Audience): everyone, or chosen
// location and department groups. Who an audience includes is the rules module's (access/audience.ts).
import { GROUP_TYPE, MSG } from '@hearth/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups } from '../../db/schema';
import { fieldError } from '../../platform/errors';

const AUDIENCE_TYPES: number[] = [GROUP_TYPE.LOCATION, GROUP_TYPE.DEPARTMENT];

/** The audience of a form: existing location and department groups (else 400 on `groups`); their type is
 * copied onto the link row. */
export async function audienceGroups(tx: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: groups.id, groupTypeId: groups.groupTypeId })
    .from(groups)
    .where(inArray(groups.id, ids));
  if (found.length !== ids.length || found.some((g) => !AUDIENCE_TYPES.includes(g.groupTypeId)))
    throw fieldError('groups', MSG.invalidInput);
  return found;
}
