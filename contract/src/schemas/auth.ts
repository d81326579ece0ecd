import { z } from 'zod';
import { MSG } from '../messages';
import { EMAIL_PATTERN, PASSWORD_PATTERN } from '../validation';
import { dbId, personFields, requiredText } from './common';

export const emailField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, MSG.emailInvalid)
    .regex(EMAIL_PATTERN, MSG.emailInvalid)
    .transform((v) => v.toLowerCase());

export const strongPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(200, MSG.passwordPattern)
  .regex(PASSWORD_PATTERN, MSG.passwordPattern);

export const role = z.object({ id: z.number(), name: z.string() });
export type Role = z.infer<typeof role>;

export const group = z.object({ id: z.number(), name: z.string(), groupTypeId: z.number() });
export type Group = z.infer<typeof group>;

/** What login answers and the web keeps locally (product.md sections 3 and 7). */
export const sessionProfile = z.object({
  ...personFields,
  email: z.string(),
  roles: role,
  profileImage: z.string().nullable(),
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiryDate: z.string(),
});
export type SessionProfile = z.infer<typeof sessionProfile>;

export const loginQuery = z.object({
  remember: z.enum(['true', 'false', '1', '0']).optional(),
});

export const registerBody = z.object({
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: emailField(MSG.emailRequired),
  password: strongPassword,
  phone: requiredText(MSG.phoneRequired, 40),
  userTypeId: z.number().int().optional(),
  /** [location id, department id] from register-groups. */
  groups: z.array(dbId).max(10, MSG.invalidInput).default([]),
});
export type RegisterBody = z.input<typeof registerBody>;

/**
 * What registration answers: only the address, the same whether it was new or already had an account
 * (issue 30: an answer that differs, an id among them, would tell which addresses have accounts).
 */
export const registerResult = z.object({ email: z.string() });

export const emailBody = z.object({ email: emailField(MSG.loginEmailRequired) });
export const tokenBody = z.object({ token: z.string().min(1, MSG.linkInvalid).max(200, MSG.linkInvalid) });
export const setPasswordBody = z.object({
  token: z.string().min(1, MSG.linkInvalid).max(200, MSG.linkInvalid),
  password: strongPassword,
});

export const refreshResult = z.object({
  accessToken: z.string(),
  accessTokenExpiryDate: z.string(),
  refreshToken: z.string(),
});
export type RefreshResult = z.infer<typeof refreshResult>;

export const logoutBody = z.object({ refreshToken: z.string().max(200).optional() });

/**
 * Logout's answer; after a sign-in through an identity provider that supports RP-initiated logout, also
 * the provider's address that ends its session too (issue 19), where the web goes next.
 */
export const logoutResult = z.object({ message: z.string(), endSessionUrl: z.string().optional() });

/** Public settings the web needs before login (brand, footer, e-mail domains). */
export const publicConfig = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  copyrightYear: z.number(),
  companyEmailDomains: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfig>;
