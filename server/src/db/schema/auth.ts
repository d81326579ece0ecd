// Sessions and account links (refresh tokens, mailed tokens) and the counters that limit login attempts.
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, ts } from './columns';
import { users } from './users';

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    /** The identity provider this login came through (issue 19): logging out also ends its session there. */
    ssoProvider: text('sso_provider'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    // A family's newest expiry is one probe (token-pruning.ts: is the session over?), and revoking a family
    // reads its range.
    index('refresh_tokens_family_expires_idx').on(t.familyId, t.expiresAt),
    // The guard's sessions revoked within an access token's lifetime (guards.ts readUser) are one range
    // probe, however many rotations the user's sessions left behind; endSessions reads the unrevoked range.
    index('refresh_tokens_user_revoked_idx').on(t.userId, t.revokedAt),
    // A user's latest session activity (the user activity report's Last Active) is one probe, however
    // many rotations the user's sessions left behind.
    index('refresh_tokens_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Single-use links sent by mail: e-mail verification (24 h), password reset (1 h), e-mail change (24 h). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For purpose `email-change`: the address that takes effect when this link is opened. */
    newEmail: text('new_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_uq').on(t.tokenHash)],
);

/**
 * Fixed-window counters for rate limits (login attempts, account mail): one row per key and window,
 * taken with one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING count`, so concurrent requests and
 * several instances all see each other's counts. Rows past their window are pruned as they go.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_counters_window_idx').on(t.windowStart),
  ],
);

/** Client addresses a user has logged in from successfully: the account-wide login limit spares them. */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    userId: ref('user_id', () => users.id, 'cascade'),
    address: text('address').notNull(),
    lastSuccessAt: ts('last_success_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);
