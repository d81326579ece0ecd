// Users, their roles and the groups (locations, departments, teams) they belong to.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, ts } from './columns';
import { files } from './files';
import { searchVector } from './search-columns';

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

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    phone: text('phone'),
    /** What the colleague does, shown on their profile and in the directory ("Payroll officer"). */
    jobTitle: text('job_title'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    roleId: ref('role_id', () => roles.id),
    userTypeId: integer('user_type_id'),
    profileImageFileId: integer('profile_image_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Bumped on password change and deactivation: access tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    lastLoggedInAt: ts('last_logged_in_at'),
    refreshTokenExp: ts('refresh_token_exp'),
    /** Search (ADR 031): the name over the job title, matched by word prefixes. */
    searchVector: searchVector(['first_name', 'A'], ['last_name', 'A'], ['job_title', 'B']),
    /** The whole name without accents, lower-cased: names typed with a typo match it by trigrams. */
    searchName: text('search_name').generatedAlwaysAs(
      sql.raw(`lower(public.hearth_unaccent("first_name" || ' ' || "last_name"))`),
    ),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_active_name_idx').on(t.isActive, t.firstName, t.lastName),
    // The user activity report's default order (last name, case-insensitive; id breaks ties): its pages
    // and its CSV's keyset batches read the index instead of sorting every user.
    index('users_last_name_sort_idx').on(sql`lower(${t.lastName})`, t.id),
    index('users_search_idx').using('gin', t.searchVector),
    // Trigrams of the whole name and of each part: "Margret Smith" and "Smiht" both find Margaret Smith.
    index('users_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('users_first_name_trgm_idx').using(
      'gin',
      sql`lower(public.hearth_unaccent(${t.firstName})) gin_trgm_ops`,
    ),
    index('users_last_name_trgm_idx').using(
      'gin',
      sql`lower(public.hearth_unaccent(${t.lastName})) gin_trgm_ops`,
    ),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: ref('user_id', () => users.id, 'cascade'),
    groupId: ref('group_id', () => groups.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);
