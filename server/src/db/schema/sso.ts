// Sign-in with a company identity provider (issue 19, OpenID Connect): who each provider's subject is in
// Hearth, and the sign-ins under way between the redirect to the provider and its answer.
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, ts } from './columns';
import { users } from './users';

/**
 * A provider's account linked to a Hearth user: the provider's name (its configuration key) and the `sub`
 * claim, which the provider never reuses, unlike an e-mail address. One user may have several.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: ref('user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in between the redirect to the provider and the provider's answer, kept by the SHA-256 hash of its
 * `state` so that any instance can finish it and only once (`used_at` is set by a conditional update).
 * The nonce and PKCE verifier live here, not in the browser; rows are pruned after they expire.
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The app path to open after signing in (only a path of this app, checked when stored). */
    returnTo: text('return_to').notNull().default('/'),
    expiresAt: ts('expires_at').notNull(),
    /** When the provider's answer was taken (once). */
    usedAt: ts('used_at'),
    /**
     * After a good answer: the signed-in user and the SHA-256 hash of the hand-off secret set as an
     * httpOnly cookie, which the app exchanges once, within a minute, for a session (no token in a URL).
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffHash: text('handoff_hash'),
    handedOffAt: ts('handed_off_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sso_attempts_expires_idx').on(t.expiresAt),
    uniqueIndex('sso_attempts_handoff_uq').on(t.handoffHash),
  ],
);
