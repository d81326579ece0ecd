// Test builders for the people feature: colleagues with names, places and a job title, and the
// profile-fields setting written as an administrator would. Only tests import this file.
import { DEFAULT_PROFILE_FIELDS, type ProfileFieldsSetting } from '@hearth/contract';
import { createUser, type UserOverrides } from '../../../test/factories';
import type { Db } from '../../db/client';
import { saveProfileFields } from './settings';

/** A staff member named `first last`, working in `groups` (ids), with a job title. */
export function createPerson(db: Db, first: string, last: string, over: UserOverrides = {}) {
  return createUser(db, { firstName: first, lastName: last, jobTitle: `${first}'s job`, ...over });
}

/** The setting: the defaults with `changes` applied. */
export function setProfileFields(db: Db, changes: Partial<ProfileFieldsSetting> = {}) {
  return saveProfileFields(db, { ...DEFAULT_PROFILE_FIELDS, ...changes });
}
