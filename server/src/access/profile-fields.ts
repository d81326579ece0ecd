// Which of a colleague's profile fields a viewer sees (ADR 032): every field of their own profile and, for
// administrators, of everyone; else what the administrators' setting shows. The directory, a profile and
// the search's people results all ask here, so a hidden field is hidden on every surface (issue 30, M3).
// The setting is one row of app_settings; a value that no longer fits the contract's schema (a field added
// since it was saved, a hand edit) reads as the defaults rather than failing the page.
import {
  type Actor,
  can,
  DEFAULT_PROFILE_FIELDS,
  PROFILE_FIELDS,
  type ProfileFieldsSetting,
  profileFieldsSetting,
} from '@hearth/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

export const PROFILE_FIELDS_KEY = 'profile-fields';

export const EVERY_FIELD = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, true])) as ProfileFieldsSetting;

/** The administrators' setting as stored (the defaults when absent or unreadable). */
export async function readProfileFields(db: Db): Promise<ProfileFieldsSetting> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PROFILE_FIELDS_KEY));
  const parsed = profileFieldsSetting.safeParse(row?.value);
  return parsed.success ? parsed.data : { ...DEFAULT_PROFILE_FIELDS };
}

/** What `viewer` sees of `personId`'s fields. */
export async function fieldsFor(db: Db, viewer: Actor, personId: number): Promise<ProfileFieldsSetting> {
  return can(viewer, 'person.seeAllFields', { userId: personId })
    ? { ...EVERY_FIELD }
    : readProfileFields(db);
}

/**
 * What `viewer` sees of everyone at once (the directory, people search): every field for those who may list
 * every user with their details (administrators), else the setting.
 */
export async function colleagueFieldsFor(db: Db, viewer: Actor): Promise<ProfileFieldsSetting> {
  return can(viewer, 'user.list') ? { ...EVERY_FIELD } : readProfileFields(db);
}
