// Account rules: login, registration, e-mail verification, password reset.
import {
  GROUP_TYPE,
  isCompanyEmail,
  MSG,
  REGISTERED_USER_TYPE,
  ROLE,
  type SessionProfile,
} from '@hearth/contract';
import { and, asc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { emailTokens, groups, users } from '../../db/schema';
import { hashToken } from '../../platform/auth/opaque-tokens';
import { assertPasswordAllowed } from '../../platform/auth/password-policy';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { AppError, badRequest, fieldError, unauthenticated } from '../../platform/errors';
import { insertAccountIfFree } from './accounts';
import { consumeLink } from './email-links';
import { countLoginAttempt, passwordProven, rememberAddress } from './login-throttle';
import { queueAccountMail } from './mail-jobs';
import { countMailRequest } from './mail-throttle';
import { assertPasswordSignInAllowed } from './password-sign-in';
import { endSessions, issueSession } from './sessions';

/** Control characters (NUL above all: PostgreSQL text cannot hold it) are in no e-mail address or password. */
const hasControl = (text: string) =>
  [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * Reads `Authorization: Basic base64(email:password)`; missing parts answer the login form's messages, and
 * a name or password no account can have answers 401 like any wrong credential, before the database.
 */
export function parseBasicAuth(header: string | undefined): { email: string; password: string } {
  let email = '';
  let password = '';
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) {
      email = decoded.slice(0, colon).trim().toLowerCase();
      password = decoded.slice(colon + 1);
    }
  }
  const fields: Record<string, string> = {};
  if (!email) fields.email = MSG.loginEmailRequired;
  if (!password) fields.password = MSG.loginPasswordRequired;
  if (email.length > 254 || password.length > 200) fields.email = MSG.invalidCredentials;
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  if (hasControl(email) || password.includes('\u0000')) throw unauthenticated(MSG.invalidCredentials);
  return { email, password };
}

export async function login(
  app: FastifyInstance,
  ip: string,
  email: string,
  password: string,
  remember: boolean,
): Promise<SessionProfile> {
  // Addresses that must use the company sign-in (issue 19) are refused before anything is counted: it is
  // the address's domain, not the account, that decides, so this tells nothing about accounts.
  await assertPasswordSignInAllowed(app.db, email);
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  // Counted before the password is checked, in one statement (login-throttle.ts, ADR 015).
  const attempt = await countLoginAttempt(app.db, ip, email, user?.id);
  const ok = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyPassword(await dummyHash(), password);
  if (!user || !ok) throw unauthenticated(MSG.invalidCredentials);
  await passwordProven(app.db, attempt);
  // Only after the password is proven do we say why an account cannot log in.
  if (!user.isVerified) throw new AppError('not_verified', 403, MSG.notVerified);
  if (!user.isActive) throw new AppError('deactivated', 403, MSG.deactivated);
  await rememberAddress(app.db, user.id, attempt);
  await app.db.update(users).set({ lastLoggedInAt: new Date() }).where(eq(users.id, user.id));
  return issueSession(app, user, remember);
}

/**
 * Checks that `ids` are one location and one department (product.md section 5, Register) and answers them.
 */
async function checkRegisterGroups(db: Db, ids: number[]): Promise<number[]> {
  const rows = ids.length ? await db.select().from(groups).where(inArray(groups.id, ids)) : [];
  const location = rows.filter((g) => g.groupTypeId === GROUP_TYPE.LOCATION);
  const department = rows.filter((g) => g.groupTypeId === GROUP_TYPE.DEPARTMENT);
  const fields: Record<string, string> = {};
  if (location.length !== 1) fields.location = MSG.locationRequired;
  if (department.length !== 1) fields.department = MSG.departmentRequired;
  // Unknown ids or anything beyond one location and one department (a team, say) is not for this form.
  if (Object.keys(fields).length === 0 && (rows.length !== ids.length || rows.length !== 2)) {
    fields.groups = MSG.invalidInput;
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  return rows.map((g) => g.id);
}

export type RegisterInput = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  groups: number[];
};

/**
 * Registers an account, or, when the address has one already, mails its owner instead (issue 30): the
 * answer, its status and its work (the password's hash, one mail queued) are the same either way, so
 * registration does not tell which addresses have accounts. Counted like the other account mail
 * (mail-throttle.ts), once the form is valid and before the address is looked at.
 */
export async function register(app: FastifyInstance, ip: string, input: RegisterInput) {
  if (!isCompanyEmail(input.email, app.config.companyEmailDomains))
    throw fieldError('email', MSG.notCompanyEmail);
  await assertPasswordSignInAllowed(app.db, input.email);
  const groupIds = await checkRegisterGroups(app.db, input.groups);
  await assertPasswordAllowed(input.password, input);
  await countMailRequest(app.db, ip, input.email);
  const passwordHash = await hashPassword(input.password);
  const { firstName, lastName, email, phone } = input;
  await app.db.transaction(async (tx) => {
    // A registered account is staff, and unverified until the mailed link is opened.
    const account = {
      firstName,
      lastName,
      email,
      phone,
      passwordHash,
      roleId: ROLE.STAFF,
      isVerified: false,
    };
    const userId = await insertAccountIfFree(tx, { ...account, userTypeId: REGISTERED_USER_TYPE }, groupIds);
    if (userId === undefined) {
      // Taken: the account stays as it is, and whoever owns the address is told someone tried.
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (owner) await queueAccountMail(app, { purpose: 'register-attempt', userId: owner.id }, tx);
      return;
    }
    // The verification mail commits with the account: never an account without its mail, nor the reverse.
    await queueAccountMail(app, { purpose: 'verify', userId }, tx);
  });
  app.jobs.wake('mail');
  return { email };
}

/**
 * Answers the same whether or not the address exists, so it cannot be used to probe accounts; counted per
 * address and per client either way (mail-throttle.ts).
 */
export async function resendVerification(app: FastifyInstance, ip: string, email: string): Promise<void> {
  await mailIfAccount(app, ip, email, 'verify', eq(users.isVerified, false));
}

/** Counts the request, then mails the account with this address if it also meets `which`. */
async function mailIfAccount(
  app: FastifyInstance,
  ip: string,
  email: string,
  purpose: 'verify' | 'reset',
  which: SQL,
): Promise<void> {
  await countMailRequest(app.db, ip, email);
  const [user] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), which));
  if (user) await queueAccountMail(app, { purpose, userId: user.id });
}

export async function verifyEmail(app: FastifyInstance, token: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const userId = await consumeLink(tx, token, 'verify');
    await tx.update(users).set({ isVerified: true }).where(eq(users.id, userId));
  });
}

/** Like resendVerification: the same answer and the same count whether or not the account exists. */
export async function requestPasswordReset(app: FastifyInstance, ip: string, email: string): Promise<void> {
  await assertPasswordSignInAllowed(app.db, email);
  await mailIfAccount(app, ip, email, 'reset', eq(users.isActive, true));
}

export async function setPasswordWithLink(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<void> {
  // The new password is checked against the link's owner before the (slow) hash; the link is spent below.
  const [owner] = await app.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, 'reset'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    );
  if (!owner) throw badRequest(MSG.linkInvalid, { token: MSG.linkInvalid });
  // A link mailed before password sign-in was turned off for the address must not set a password now.
  await assertPasswordSignInAllowed(app.db, owner.email, 'password');
  await assertPasswordAllowed(password, owner);
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    const userId = await consumeLink(tx, token, 'reset');
    // Following the mailed link proves the mailbox, so the address counts as verified too.
    await tx.update(users).set({ passwordHash, isVerified: true }).where(eq(users.id, userId));
    await endSessions(tx, userId);
  });
}

export function registerGroups(db: Db) {
  return db
    .select({ id: groups.id, name: groups.name, groupTypeId: groups.groupTypeId })
    .from(groups)
    .where(inArray(groups.groupTypeId, [GROUP_TYPE.LOCATION, GROUP_TYPE.DEPARTMENT]))
    .orderBy(asc(groups.groupTypeId), asc(groups.name));
}
