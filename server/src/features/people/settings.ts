// The administrators' setting of which profile fields colleagues see (ADR 032): written here, read by the
// rules module (access/profile-fields.ts), which every surface showing a colleague asks.
import type { ProfileFieldsSetting } from '@hearth/contract';
import { PROFILE_FIELDS_KEY, readProfileFields } from '../../access/profile-fields';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

/** Saves the setting (already validated by the route's schema) and answers it as stored. */
export async function saveProfileFields(db: Db, value: ProfileFieldsSetting): Promise<ProfileFieldsSetting> {
  await db
    .insert(appSettings)
    .values({ key: PROFILE_FIELDS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  return readProfileFields(db);
}
