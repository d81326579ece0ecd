// Seen, opened and acknowledged posts (issue 18, ADR 033): one row per person and post, each moment set
// once, so a repeated event changes nothing and counting a post's reach reads its rows by primary key.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ref, ts } from './columns';
import { feedPosts } from './feed';
import { users } from './users';

export const postReads = pgTable(
  'post_reads',
  {
    // No foreign keys: their checks (a trigger a row, locking the post and the reader FOR KEY SHARE) were
    // half of a batch's insert (ADR 033). Rows are written only for posts the reader may open (reads.ts),
    // and deleting a post or a person deletes their rows by a trigger (migration 0019), as the cascade did.
    postId: integer('post_id').notNull(),
    userId: integer('user_id').notNull(),
    seenAt: ts('seen_at'),
    openedAt: ts('opened_at'),
    acknowledgedAt: ts('acknowledged_at'),
    /**
     * The reader's location and department group when the row was first written (no foreign key: a
     * deleted group's reads count under "None"), so a post's reach is split without joining its readers
     * to their groups.
     */
    locationId: integer('location_id'),
    departmentId: integer('department_id'),
  },
  (t) => [
    // Migration 0018 gives this key INCLUDE (location_id, department_id, seen_at, opened_at,
    // acknowledged_at), which drizzle cannot say: a post's reach is then one index-only pass over its rows.
    primaryKey({ columns: [t.postId, t.userId] }),
    // A person's acknowledgements (the To acknowledge list checks each must-read post against them).
    index('post_reads_user_ack_idx').on(t.userId, t.postId).where(sql`${t.acknowledgedAt} is not null`),
  ],
);

/**
 * A post's audience when it was announced, per location and per department (group_id 0: people in none of
 * that type), added batch by batch by the notification fan-out as `feed_posts.targeted_count` is: reach's
 * "targeted" per group.
 */
export const postTargetedGroups = pgTable(
  'post_targeted_groups',
  {
    postId: ref('post_id', () => feedPosts.id, 'cascade'),
    groupTypeId: integer('group_type_id').notNull(),
    groupId: integer('group_id').notNull(),
    people: integer('people').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.groupTypeId, t.groupId] })],
);

/**
 * Reminders to acknowledge that went out: one row per post, kind ('dayBefore', 'due') and due date,
 * inserted by the instance that claims it (ON CONFLICT DO NOTHING), so however many instances run the
 * scheduler each reminder is sent once, and a due date moved later is reminded of again.
 */
export const ackReminders = pgTable(
  'ack_reminders',
  {
    postId: ref('post_id', () => feedPosts.id, 'cascade'),
    kind: text('kind').notNull(),
    dueAt: ts('due_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.kind, t.dueAt] })],
);

/**
 * A person's channels for one type of notification, stored only once they change a default
 * (notifications/preferences.ts has the defaults).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: ref('user_id', () => users.id, 'cascade'),
    type: text('type').notNull(),
    inApp: integer('in_app').notNull(),
    push: integer('push').notNull(),
    email: integer('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * A person's digest and quiet hours; no row means the defaults (a weekly digest, no quiet hours, UTC).
 * Quiet hours are minutes after midnight in `time_zone`; the end may be before the start (20:00-07:00).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
  digest: text('digest').notNull().default('weekly'),
  /** When the last digest went out: the next covers what came after, and is due a day or a week later. */
  digestSentAt: ts('digest_sent_at'),
  quietStart: integer('quiet_start'),
  quietEnd: integer('quiet_end'),
  timeZone: text('time_zone').notNull().default('UTC'),
});
