// Where password sign-in is allowed (issue 19): one app_settings row, written by administrators (ADR 032's
// pattern). Off globally or for some e-mail domains, those addresses must sign in through an identity
// provider: password login, registration and password reset refuse them. Kept in auth, which enforces
// it; the sso feature serves the setting's screen and builds on auth.
import {
  DEFAULT_PASSWORD_SIGN_IN,
  MSG,
  type PasswordSignInSetting,
  passwordSignInBlocked,
  passwordSignInSetting,
} from '@hearth/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import { AppError, badRequest } from '../../platform/errors';

export const PASSWORD_SIGN_IN_KEY = 'password-sign-in';

/** The setting; a value that no longer fits the schema reads as the default (allowed everywhere). */
export async function readPasswordSignIn(db: Db): Promise<PasswordSignInSetting> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PASSWORD_SIGN_IN_KEY));
  const parsed = passwordSignInSetting.safeParse(row?.value);
  return parsed.success ? parsed.data : { ...DEFAULT_PASSWORD_SIGN_IN, ssoOnlyDomains: [] };
}

/**
 * Saves the setting. Turning password sign-in off everywhere while no provider is configured would lock
 * everybody out, administrators included: refused. (Domains may be listed without a provider: those
 * addresses cannot sign in until one is configured, which an administrator of another domain can undo.)
 */
export async function savePasswordSignIn(
  db: Db,
  value: PasswordSignInSetting,
  providersConfigured: number,
): Promise<PasswordSignInSetting> {
  if (!value.allowed && providersConfigured === 0)
    throw badRequest(MSG.passwordSignInLockout, { allowed: MSG.passwordSignInLockout });
  const stored = { ...value, ssoOnlyDomains: [...new Set(value.ssoOnlyDomains)].sort() };
  await db
    .insert(appSettings)
    .values({ key: PASSWORD_SIGN_IN_KEY, value: stored })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: stored, updatedAt: new Date() } });
  return readPasswordSignIn(db);
}

/** 403 when password sign-in is off for `email` (login, register, password reset). */
export async function assertPasswordSignInAllowed(db: Db, email: string, field = 'email'): Promise<void> {
  if (passwordSignInBlocked(await readPasswordSignIn(db), email))
    throw new AppError('password_sign_in_off', 403, MSG.passwordSignInOff, {
      [field]: MSG.passwordSignInOff,
    });
}
