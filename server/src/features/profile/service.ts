// The caller's own account: profile fields, password and avatar. Every function acts on the caller's id
// only; routes never pass an id taken from the request body.
import { GROUP_TYPE, MSG } from '@hearth/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, groups, userGroups, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { fieldError, forbidden, unauthenticated } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { endSessions } from '../auth/sessions';
import { deleteFileRow, recordFile, removeBlob } from '../files/service';
import { fileUrl } from '../users/presenter';
import {
  assertEmailFree,
  checkCompanyEmail,
  type FieldErrors,
  findGroups,
  rethrowEmailConflict,
  throwFieldErrors,
} from '../users/rules';

export type ProfileInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  groups?: number[];
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

export async function updateProfile(
  db: Db,
  domains: readonly string[],
  userId: number,
  input: ProfileInput,
): Promise<void> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw unauthenticated();
  const fields: FieldErrors = {};
  const emailChanged = input.email !== current.email;
  if (emailChanged) checkCompanyEmail(input.email, domains, fields);
  const groupIds = input.groups ? await checkProfileGroups(db, input.groups, fields) : undefined;
  throwFieldErrors(fields);

  await db
    .transaction(async (tx) => {
      if (emailChanged) await assertEmailFree(tx as unknown as Db, input.email, userId);
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
        })
        .where(eq(users.id, userId));
      if (groupIds) {
        // Replace location and department; a team membership given by an admin stays.
        const replaced = tx
          .select({ id: groups.id })
          .from(groups)
          .where(inArray(groups.groupTypeId, PROFILE_GROUP_TYPES));
        await tx
          .delete(userGroups)
          .where(and(eq(userGroups.userId, userId), inArray(userGroups.groupId, replaced)));
        if (groupIds.length)
          await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
      }
    })
    .catch(rethrowEmailConflict);
}

/**
 * Checks the old password, stores the new one and ends every session of the user (other browsers, stolen
 * tokens). Answers what a fresh session for this browser needs.
 */
export async function changePassword(
  db: Db,
  callerId: number,
  input: { id: number; oldPassword: string; password: string },
): Promise<{ id: number; roleId: number; tokenVersion: number }> {
  if (input.id !== callerId) throw forbidden();
  const [row] = await db
    .select({ passwordHash: users.passwordHash, roleId: users.roleId })
    .from(users)
    .where(eq(users.id, callerId));
  if (!row) throw unauthenticated();
  if (!(await verifyPassword(row.passwordHash, input.oldPassword))) {
    throw fieldError('oldPassword', MSG.oldPasswordWrong);
  }
  const passwordHash = await hashPassword(input.password);
  const tokenVersion = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, callerId));
    return endSessions(tx as unknown as Db, callerId);
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
  const key = await storage.put('profile', 'jpg', image.jpeg);
  try {
    const { fileId, oldKey } = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [user] = await t
        .select({ old: users.profileImageFileId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw unauthenticated();
      const fileId = await recordFile(t, {
        storageKey: key,
        mimeType: 'image/jpeg',
        resourceType: 'image',
        size: image.jpeg.length,
        originalName: image.originalName,
        createdById: userId,
      });
      await t.update(users).set({ profileImageFileId: fileId }).where(eq(users.id, userId));
      const oldKey = user.old ? await deleteFileRow(t, user.old) : undefined;
      return { fileId, oldKey };
    });
    await removeBlob(storage, oldKey);
    return { fileId, url: fileUrl(key) ?? '' };
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
