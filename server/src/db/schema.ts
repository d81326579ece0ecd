// Drizzle tables. Timestamps are timestamptz with millisecond precision so keyset cursors never skip rows.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    groupTypeId: integer('group_type_id').notNull(),
  },
  (t) => [uniqueIndex('groups_type_name_uq').on(t.groupTypeId, t.name)],
);

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  storageKey: text('storage_key').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  resourceType: text('resource_type').notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name'),
  createdById: integer('created_by_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    userTypeId: integer('user_type_id'),
    profileImageFileId: integer('profile_image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Bumped on password change and deactivation: access tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastLoggedInAt: ts('last_logged_in_at'),
    refreshTokenExp: ts('refresh_token_exp'),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_active_name_idx').on(t.isActive, t.firstName, t.lastName),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; a family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use links sent by mail: e-mail verification (24 h) and password reset (1 h). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_uq').on(t.tokenHash)],
);

/** Failed logins, counted per client address and per account; rows older than an hour are pruned. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

export const keyStatistics = pgTable('key_statistics', {
  id: serial('id').primaryKey(),
  statsRelevance: text('stats_relevance').notNull(),
  turnover: doublePrecision('turnover').notNull().default(0),
  newAccounts: integer('new_accounts').notNull().default(0),
  debtorsBook: doublePrecision('debtors_book').notNull().default(0),
  activeAccounts: integer('active_accounts').notNull().default(0),
  merchants: integer('merchants').notNull().default(0),
  totalStores: integer('total_stores').notNull().default(0),
  acquirerStores: integer('acquirer_stores').notNull().default(0),
  transactorStores: integer('transactor_stores').notNull().default(0),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});
