// Admin user management: create and edit accounts (product.md section 2: /add-user, /edit-user/{id}).
import { MSG, REGISTERED_USER_TYPE, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userGroups, users } from '../../db/schema';
import { forgetUser } from '../../platform/auth/guards';
import { assertPasswordAllowed } from '../../platform/auth/password-policy';
import { hashPassword } from '../../platform/auth/passwords';
import { fieldError, notFound } from '../../platform/errors';
import { assertEmailFree, insertAccount, rethrowEmailConflict } from '../auth/accounts';
import { endSessions } from '../auth/sessions';
import { checkCompanyEmail, type FieldErrors, findGroups, roleExists, throwFieldErrors } from './rules';

/** The admin form after zod parsed it (e-mail lower-cased, phone defaulted, groups defaulted). */
export type AdminUserInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  roleId: number;
  groups: number[];
  isActive?: number;
  password?: string;
};

// The product must always keep an administrator who can reach the user screens.
export const SELF_DEACTIVATE = 'You cannot deactivate your own account';
export const SELF_DEMOTE = 'You cannot remove your own administrator role';

async function checkAdminForm(
  db: Db,
  domains: readonly string[],
  input: AdminUserInput,
  emailChanged: boolean,
) {
  const fields: FieldErrors = {};
  if (emailChanged) checkCompanyEmail(input.email, domains, fields);
  if (!(await roleExists(db, input.roleId))) fields.roleId = MSG.roleRequired;
  const groupIds = [...new Set(input.groups)];
  if ((await findGroups(db, groupIds)).length !== groupIds.length) fields.groups = MSG.invalidInput;
  throwFieldErrors(fields);
  return groupIds;
}

/** Users added by an admin are created verified (product.md section 4). Answers the new id. */
export async function createUserByAdmin(
  db: Db,
  domains: readonly string[],
  input: AdminUserInput & { password: string },
): Promise<number> {
  const groupIds = await checkAdminForm(db, domains, input, true);
  await assertPasswordAllowed(input.password, input);
  // argon2 is slow on purpose: hash before the transaction so no locks are held meanwhile.
  const passwordHash = await hashPassword(input.password);
  const { firstName, lastName, email, roleId } = input;
  const phone = input.phone || null;
  const jobTitle = input.jobTitle || null;
  const isActive = input.isActive !== 0;
  const account = {
    firstName,
    lastName,
    email,
    phone,
    jobTitle,
    passwordHash,
    roleId,
    isActive,
    isVerified: true,
  };
  return db
    .transaction((tx) => insertAccount(tx, { ...account, userTypeId: REGISTERED_USER_TYPE }, groupIds))
    .catch(rethrowEmailConflict);
}

/**
 * Edits an account. An empty password keeps the old one. A new password, a deactivation or a role change
 * ends the user's sessions: refresh tokens are revoked and access tokens already handed out stop at once.
 */
export async function updateUserByAdmin(
  db: Db,
  domains: readonly string[],
  actorId: number,
  id: number,
  input: AdminUserInput,
): Promise<void> {
  const [current] = await db
    .select({ email: users.email, roleId: users.roleId, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id));
  if (!current) throw notFound();
  if (id === actorId && input.isActive === 0) throw fieldError('isActive', SELF_DEACTIVATE);
  if (id === actorId && input.roleId !== ROLE.ADMIN) throw fieldError('roleId', SELF_DEMOTE);
  // A stored address from before a domain change stays editable; a new address must be a company one.
  const groupIds = await checkAdminForm(db, domains, input, input.email !== current.email);
  if (input.password) await assertPasswordAllowed(input.password, input);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const isActive = input.isActive === undefined ? current.isActive : input.isActive === 1;
  const endsSessions =
    passwordHash !== undefined || (current.isActive && !isActive) || input.roleId !== current.roleId;

  await db
    .transaction(async (tx) => {
      await assertEmailFree(tx, input.email, id);
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone || null,
          jobTitle: input.jobTitle || null,
          roleId: input.roleId,
          isActive,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, id));
      await tx.delete(userGroups).where(eq(userGroups.userId, id));
      if (groupIds.length)
        await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId: id, groupId })));
      if (endsSessions) await endSessions(tx, id);
    })
    .catch(rethrowEmailConflict)
    // Role, active flag, name and e-mail are cached per instance by the auth guard: read them afresh.
    .finally(() => forgetUser(id));
}
