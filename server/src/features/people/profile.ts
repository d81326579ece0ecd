// A colleague's profile (issue 17): the fields the setting shows to this viewer (all of them to the person
// and administrators), their public communities and their recent posts and comments the viewer may read.
// A deactivated person does not exist for colleagues (404); administrators still open them.
import { type PersonProfile, PROFILE_FIELDS, type ProfileFieldsSetting } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { type Actor, can } from '../../platform/policy';
import { publicCommunitiesOf, recentCommentsOf, recentPostsOf } from './activity';
import { placesOf } from './places';
import { presentProfile } from './presenter';
import { readProfileFields } from './settings';

const EVERY_FIELD = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, true])) as ProfileFieldsSetting;

/** What `viewer` sees of `personId`'s fields. */
export async function fieldsFor(db: Db, viewer: Actor, personId: number): Promise<ProfileFieldsSetting> {
  return can(viewer, 'person.seeAllFields', { userId: personId })
    ? { ...EVERY_FIELD }
    : readProfileFields(db);
}

/** What `viewer` sees of everyone in the directory: every field for those who may list every user with
 * their details (administrators), else the setting. */
export async function directoryFieldsFor(db: Db, viewer: Actor): Promise<ProfileFieldsSetting> {
  return can(viewer, 'user.list') ? { ...EVERY_FIELD } : readProfileFields(db);
}

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
      imageKey: files.storageKey,
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.profileImageFileId))
    .where(eq(users.id, personId));
  if (!row || (!row.isActive && !can(viewer, 'person.seeInactive'))) throw notFound();
  const [fields, places, communities, posts, comments] = await Promise.all([
    fieldsFor(db, viewer, personId),
    placesOf(db, [personId]),
    publicCommunitiesOf(db, personId),
    recentPostsOf(db, viewer, personId, now),
    recentCommentsOf(db, viewer, personId, now),
  ]);
  return presentProfile({ ...row, ...places.get(personId) }, fields, { communities, posts, comments });
}
