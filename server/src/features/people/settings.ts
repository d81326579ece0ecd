// Which profile fields colleagues see (ADR 032): one row of app_settings, written by administrators and read
// on every directory page and profile. A value that no longer fits the contract's schema (a field added
// since it was saved, a hand edit) reads as the defaults rather than failing the page.
import { DEFAULT_PROFILE_FIELDS, type ProfileFieldsSetting, profileFieldsSetting } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

export const PROFILE_FIELDS_KEY = 'profile-fields';

export async function readProfileFields(db: Db): Promise<ProfileFieldsSetting> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PROFILE_FIELDS_KEY));
  const parsed = profileFieldsSetting.safeParse(row?.value);
  return parsed.success ? parsed.data : { ...DEFAULT_PROFILE_FIELDS };
}

/** Saves the setting (already validated by the route's schema) and answers it as stored. */
export async function saveProfileFields(db: Db, value: ProfileFieldsSetting): Promise<ProfileFieldsSetting> {
  await db
    .insert(appSettings)
    .values({ key: PROFILE_FIELDS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  return readProfileFields(db);
}
