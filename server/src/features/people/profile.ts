// A colleague's profile (issue 17): the fields the setting shows to this viewer (all of them to the person
// and administrators), their public communities and their recent posts and comments the viewer may read.
// A deactivated or unproven account (access/people.ts) does not exist for colleagues (404); administrators
// still open them.
import type { PersonProfile } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { colleagueRow } from '../../access/people';
import { type Actor, can } from '../../access/policy';
import { fieldsFor } from '../../access/profile-fields';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { publicCommunitiesOf, recentCommentsOf, recentPostsOf } from './activity';
import { placesOf } from './places';
import { presentProfile } from './presenter';

export async function getPerson(
  db: Db,
  viewer: Actor,
  personId: number,
  now = new Date(),
): Promise<PersonProfile> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      jobTitle: users.jobTitle,
      isActive: users.isActive,
      isVerified: users.isVerified,
      imageKey: files.storageKey,
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.profileImageFileId))
    .where(eq(users.id, personId));
  if (!row || (!colleagueRow(row) && !can(viewer, 'person.seeInactive'))) throw notFound();
  const [fields, places, communities, posts, comments] = await Promise.all([
    fieldsFor(db, viewer, personId),
    placesOf(db, [personId]),
    publicCommunitiesOf(db, personId),
    recentPostsOf(db, viewer, personId, now),
    recentCommentsOf(db, viewer, personId, now),
  ]);
  return presentProfile({ ...row, ...places.get(personId) }, fields, { communities, posts, comments });
}
