// The caller's own account: profile fields, password and avatar. Every function acts on the caller's id
// only; routes never pass an id taken from the request body.
import { GROUP_TYPE, MSG, PROFILE_GROUPS_CHANGE_DAYS } from '@hearth/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Actor, authorize } from '../../access/policy';
import type { Db } from '../../db/client';
import { files, groups, userGroups, users } from '../../db/schema';
import { forgetUser } from '../../platform/auth/guards';
import { assertPasswordAllowed } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { fieldError, unauthenticated } from '../../platform/errors';
import { holdEnd, placeHold } from '../../platform/rate-limit';
import type { Storage } from '../../platform/storage';
import { assertEmailFree, rethrowEmailConflict } from '../auth/accounts';
import { recordEmailChange } from '../auth/email-links';
import { checkOwnPassword } from '../auth/login-throttle';
import { queueAccountMail } from '../auth/mail-jobs';
import { endSessions } from '../auth/sessions';
import { fileUrl } from '../files/presenter';
import { deleteFileRow, recordFile, removeBlob } from '../files/service';
import { checkCompanyEmail, type FieldErrors, findGroups, throwFieldErrors } from '../users/rules';

export type ProfileInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  /** Absent keeps the saved title; empty clears it. */
  jobTitle?: string;
  groups?: number[];
  /** Needed only to change the e-mail address. */
  currentPassword?: string;
};

// The profile form picks an office location and a department; teams are managed by administrators.
const PROFILE_GROUP_TYPES: number[] = [GROUP_TYPE.LOCATION, GROUP_TYPE.DEPARTMENT];

async function checkProfileGroups(db: Db, ids: number[], fields: FieldErrors): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const found = await findGroups(db, wanted);
  const perType = (type: number) => found.filter((g) => g.groupTypeId === type).length;
  const ok =
    found.length === wanted.length &&
    found.every((g) => PROFILE_GROUP_TYPES.includes(g.groupTypeId)) &&
    PROFILE_GROUP_TYPES.every((t) => perType(t) <= 1);
  if (!ok) fields.groups = MSG.invalidInput;
  return wanted;
}

/** How long a change of one's own location or department holds off the next one (ADR 037). */
const GROUPS_CHANGE_HOLD_MS = PROFILE_GROUPS_CHANGE_DAYS * 24 * 3_600_000;
const groupsHoldKey = (userId: number) => `hold:profile-groups:${userId}`;

/** When the user may next change their own location or department here; null when now. */
export const groupsChangeableFrom = (db: Db, userId: number): Promise<Date | null> =>
  holdEnd(db, groupsHoldKey(userId));

/**
 * Sets the caller's location and department to `wanted` (ids checked by `checkProfileGroups`). Saving the
 * ones they have changes nothing and is always allowed; a change is allowed once per
 * PROFILE_GROUPS_CHANGE_DAYS, counted from the last change made here (product.md section 4, ADR 037), so
 * nobody reads another group's posts and surveys by switching there and back. Administrators' edits
 * (features/users) neither count nor wait. Runs in the profile's transaction under a lock of the user's row:
 * two saves at once go one after the other, and the second finds the first's hold.
 */
async function setOwnGroups(tx: Db, userId: number, wanted: number[]): Promise<void> {
  const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!locked) throw unauthenticated();
  const held = await tx
    .select({ id: userGroups.groupId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, userId), inArray(groups.groupTypeId, PROFILE_GROUP_TYPES)));
  if (held.length === wanted.length && held.every((g) => wanted.includes(g.id))) return;
  const key = groupsHoldKey(userId);
  if (await holdEnd(tx, key)) throw fieldError('groups', MSG.profileGroupsChangeTooSoon);
  await placeHold(tx, key, GROUPS_CHANGE_HOLD_MS);
  // Replace location and department; a team membership given by an admin stays.
  const replaced = tx
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.groupTypeId, PROFILE_GROUP_TYPES));
  await tx
    .delete(userGroups)
    .where(and(eq(userGroups.userId, userId), inArray(userGroups.groupId, replaced)));
  if (wanted.length) await tx.insert(userGroups).values(wanted.map((groupId) => ({ userId, groupId })));
}

/**
 * Saves the caller's profile. A new e-mail address takes the current password and does not take effect here:
 * it is recorded with a link mailed to it (`confirmEmailChange` applies it), and the old address is told.
 * A change of location or department waits its turn (`setOwnGroups`); refused, nothing is saved.
 * Answers the new address waiting for confirmation, if any, and when groups may next change.
 */
export async function updateProfile(
  app: FastifyInstance,
  userId: number,
  input: ProfileInput,
): Promise<{ pendingEmail: string | null; groupsChangeableFrom: Date | null }> {
  const db = app.db;
  const [current] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!current) throw unauthenticated();
  const fields: FieldErrors = {};
  const emailChanged = input.email !== current.email;
  if (emailChanged) {
    checkCompanyEmail(input.email, app.config.companyEmailDomains, fields);
    if (!input.currentPassword) fields.currentPassword = MSG.currentPasswordRequired;
  }
  const groupIds = input.groups ? await checkProfileGroups(db, input.groups, fields) : undefined;
  throwFieldErrors(fields);
  // Checked before the address is looked up: a stolen session learns nothing without the password.
  if (
    emailChanged &&
    !(await checkOwnPassword(db, userId, current.passwordHash, input.currentPassword ?? ''))
  ) {
    throw fieldError('currentPassword', MSG.oldPasswordWrong);
  }

  await db
    .transaction(async (tx) => {
      // First, so a refused change of groups costs no other write.
      if (groupIds) await setOwnGroups(tx, userId, groupIds);
      if (emailChanged) {
        await assertEmailFree(tx, input.email, userId);
        const requestId = await recordEmailChange(tx, userId, input.email);
        // Both mails leave only if this transaction commits; neither job holds a usable token.
        await queueAccountMail(app, { purpose: 'email-change', requestId }, tx);
        await queueAccountMail(
          app,
          { purpose: 'email-change-notice', userId, oldEmail: current.email, newEmail: input.email },
          tx,
        );
      }
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
          ...(input.jobTitle !== undefined ? { jobTitle: input.jobTitle || null } : {}),
        })
        .where(eq(users.id, userId));
    })
    .catch(rethrowEmailConflict)
    // The auth guard caches the name per instance: read it afresh.
    .finally(() => forgetUser(userId));
  return {
    pendingEmail: emailChanged ? input.email : null,
    groupsChangeableFrom: await groupsChangeableFrom(db, userId),
  };
}

/**
 * Checks the old password, stores the new one and ends every session of the user (other browsers, stolen
 * tokens). Answers what a fresh session for this browser needs.
 */
export async function changePassword(
  db: Db,
  caller: Actor,
  input: { id: number; oldPassword: string; password: string },
): Promise<{ id: number; roleId: number; tokenVersion: number }> {
  authorize(caller, 'profile.update', { userId: input.id });
  const callerId = caller.id;
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      roleId: users.roleId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, callerId));
  if (!row) throw unauthenticated();
  if (!(await checkOwnPassword(db, callerId, row.passwordHash, input.oldPassword))) {
    throw fieldError('oldPassword', MSG.oldPasswordWrong);
  }
  await assertPasswordAllowed(input.password, row);
  const passwordHash = await hashPassword(input.password);
  const tokenVersion = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, callerId));
    return endSessions(tx, callerId);
  });
  return { id: callerId, roleId: row.roleId, tokenVersion };
}

/** Stores a new avatar (already an 800x800 JPEG) and drops the previous one. */
export async function setProfileImage(
  db: Db,
  storage: Storage,
  userId: number,
  image: { jpeg: Buffer; originalName?: string },
): Promise<{ fileId: number; url: string }> {
  const saved = await storeProfileImage(db, storage, userId, image, false);
  if (!saved) throw unauthenticated();
  return saved;
}

/**
 * Stores the avatar only while the user has none (a picture from the identity provider never replaces one
 * the person chose, even one uploaded while it was being fetched); answers undefined when it did not.
 */
export function setProfileImageIfNone(
  db: Db,
  storage: Storage,
  userId: number,
  image: { jpeg: Buffer; originalName?: string },
): Promise<{ fileId: number; url: string } | undefined> {
  return storeProfileImage(db, storage, userId, image, true);
}

async function storeProfileImage(
  db: Db,
  storage: Storage,
  userId: number,
  image: { jpeg: Buffer; originalName?: string },
  onlyIfNone: boolean,
): Promise<{ fileId: number; url: string } | undefined> {
  const key = await storage.put('profile', 'jpg', image.jpeg);
  try {
    const saved = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ old: users.profileImageFileId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw unauthenticated();
      if (onlyIfNone && user.old !== null) return undefined;
      const fileId = await recordFile(tx, {
        storageKey: key,
        mimeType: 'image/jpeg',
        resourceType: 'image',
        size: image.jpeg.length,
        originalName: image.originalName,
        createdById: userId,
      });
      await tx.update(users).set({ profileImageFileId: fileId }).where(eq(users.id, userId));
      const oldKey = user.old ? await deleteFileRow(tx, user.old) : undefined;
      return { fileId, oldKey };
    });
    if (!saved) {
      await removeBlob(storage, key);
      return undefined;
    }
    await removeBlob(storage, saved.oldKey);
    return { fileId: saved.fileId, url: fileUrl(key) ?? '' };
  } catch (err) {
    // Nothing refers to the new blob when the transaction failed.
    await removeBlob(storage, key);
    throw err;
  }
}

export async function profileImageUrl(db: Db, userId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ key: files.storageKey })
    .from(users)
    .leftJoin(files, eq(files.id, users.profileImageFileId))
    .where(eq(users.id, userId));
  return row ? fileUrl(row.key) : undefined;
}
