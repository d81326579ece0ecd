// Who a provider's sign-in is in Hearth (issue 19, docs/product.md-style rules in docs/sso.md):
// 1. the user linked to (provider, sub), if any;
// 2. else the account with the same e-mail address, linked now, but only when the provider asserts
//    `email_verified` (otherwise whoever controls the provider's e-mail field would take the account); an
//    account whose address was never proven is taken over for the owner (takeover.ts, issue 30 H2);
// 3. else a new account: verified, active, staff unless the role claim says otherwise, with a password
//    nobody knows (password sign-in stays possible through "Forgot password?" where it is allowed).
// Name, e-mail, location, department and role follow the claims on every sign-in. A deactivated user is
// refused. All in the caller's transaction: a refusal writes nothing.
import { randomBytes } from 'node:crypto';
import { GROUP_TYPE, REGISTERED_USER_TYPE, ROLE } from '@hearth/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OidcProviderConfig } from '../../config-oidc';
import type { Db } from '../../db/client';
import { groups, userGroups, userIdentities, users } from '../../db/schema';
import { hashPassword } from '../../platform/auth/passwords';
import { insertAccount } from '../auth/accounts';
import { type Claims, claimValues, emailOf, emailVerified, namesOf, roleOf } from './claims';
import { takeOverUnproven } from './takeover';

export type Refusal = 'no_email' | 'unverified_email' | 'deactivated';
export type Provisioned = { ok: true; userId: number; created: boolean } | { ok: false; reason: Refusal };

/** The id of the group of `type` whose name is one of `values` (case-insensitive), if any. */
async function groupNamed(tx: Db, type: number, values: string[]): Promise<number | undefined> {
  if (!values.length) return undefined;
  const [row] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.groupTypeId, type),
        inArray(
          sql`lower(${groups.name})`,
          values.map((v) => v.toLowerCase()),
        ),
      ),
    )
    .orderBy(groups.id)
    .limit(1);
  return row?.id;
}

/** Puts the user in `groupId` as their one group of `type` (their location, their department). */
async function placeIn(tx: Db, userId: number, type: number, groupId: number): Promise<void> {
  const ofType = tx.select({ id: groups.id }).from(groups).where(eq(groups.groupTypeId, type));
  await tx
    .delete(userGroups)
    .where(
      and(
        eq(userGroups.userId, userId),
        inArray(userGroups.groupId, ofType),
        ne(userGroups.groupId, groupId),
      ),
    );
  await tx.insert(userGroups).values({ userId, groupId }).onConflictDoNothing();
}

export async function provisionUser(
  tx: Db,
  provider: OidcProviderConfig,
  claims: Claims & { sub: string },
): Promise<Provisioned> {
  const email = emailOf(claims);
  if (!email) return { ok: false, reason: 'no_email' };
  const verified = emailVerified(claims);
  const role = roleOf(claims, provider);
  const names = namesOf(claims, email);
  const location = await groupNamed(tx, GROUP_TYPE.LOCATION, claimValues(claims, provider.locationClaim));
  const department = await groupNamed(
    tx,
    GROUP_TYPE.DEPARTMENT,
    claimValues(claims, provider.departmentClaim),
  );

  const [linked] = await tx
    .select({ id: users.id, isActive: users.isActive, email: users.email })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider.key), eq(userIdentities.subject, claims.sub)));
  let userId: number;
  let created = false;
  if (linked) {
    if (!linked.isActive) return { ok: false, reason: 'deactivated' };
    userId = linked.id;
    await tx
      .update(userIdentities)
      .set({ lastLoginAt: new Date() })
      .where(and(eq(userIdentities.provider, provider.key), eq(userIdentities.subject, claims.sub)));
    // A changed address follows the provider when it vouches for it and no other account holds it.
    const [holder] =
      verified && email !== linked.email
        ? await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
        : [{ id: linked.id }];
    await tx
      .update(users)
      .set({ ...names, ...(holder ? {} : { email }), ...(role === undefined ? {} : { roleId: role }) })
      .where(eq(users.id, userId));
  } else {
    const [existing] = await tx
      .select({ id: users.id, isActive: users.isActive, isVerified: users.isVerified })
      .from(users)
      .where(eq(users.email, email));
    if (existing) {
      if (!verified) return { ok: false, reason: 'unverified_email' };
      if (!existing.isActive) return { ok: false, reason: 'deactivated' };
      userId = existing.id;
      // Nobody proved this address before: whoever registered it may be a stranger.
      if (!existing.isVerified) await takeOverUnproven(tx, userId);
      // Signing in through the company's provider with this verified address proves the mailbox too.
      await tx
        .update(users)
        .set({ ...names, isVerified: true, ...(role === undefined ? {} : { roleId: role }) })
        .where(eq(users.id, userId));
    } else {
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      userId = await insertAccount(
        tx,
        {
          ...names,
          email,
          passwordHash,
          roleId: role ?? ROLE.STAFF,
          isVerified: true,
          isActive: true,
          userTypeId: REGISTERED_USER_TYPE,
        },
        [],
      );
      created = true;
    }
    await tx
      .insert(userIdentities)
      .values({ provider: provider.key, subject: claims.sub, userId, lastLoginAt: new Date() });
  }
  if (location !== undefined) await placeIn(tx, userId, GROUP_TYPE.LOCATION, location);
  if (department !== undefined) await placeIn(tx, userId, GROUP_TYPE.DEPARTMENT, department);
  return { ok: true, userId, created };
}
