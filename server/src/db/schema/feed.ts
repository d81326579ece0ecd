// Feed posts (and community posts, kind 2) with their categories, audience, files, likes and comments.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, ts, updatedAt } from './columns';
import { communities } from './communities';
import { files } from './files';
import { searchVector } from './search-columns';
import { groups, users } from './users';

export const feedCategories = pgTable('feed_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/**
 * Feed posts. Like, favourite and comment counts are kept on the row, changed in the same transaction as
 * the action or comment, so the feed never counts rows per card.
 */
export const feedPosts = pgTable(
  'feed_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    text: text('text').notNull().default(''),
    userId: ref('user_id', () => users.id),
    isFeatured: boolean('is_featured').notNull().default(false),
    isCommentable: boolean('is_commentable').notNull().default(true),
    stateId: integer('state_id').notNull().default(1),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at'),
    /** Whether the post has its own audience; lets the feed skip the audience check for posts for everyone. */
    hasAudience: boolean('has_audience').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    favouritesCount: integer('favourites_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** 1 a feed post, 2 a community post (ADR 010): both share files, likes, favourites and comments. */
    kind: integer('kind').notNull().default(1),
    /** The community of a community post; an administrator's draft may have none yet. */
    communityId: integer('community_id').references(() => communities.id),
    /** Set once FEED_POST notifications went out (notifications issue). */
    notifiedAt: ts('notified_at'),
    /** "Requires acknowledgement" (issue 18), optionally by a due date. */
    requiresAck: boolean('requires_ack').notNull().default(false),
    ackDueAt: ts('ack_due_at'),
    /**
     * Its audience when it was published: counted batch by batch as the announcement fans out (fanout.ts),
     * null until then (or for a post never announced: reach then counts the audience as it is now).
     */
    targetedCount: integer('targeted_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Search (ADR 031): title over subtitle over the body's text. */
    searchVector: searchVector(['title', 'A'], ['subtitle', 'B'], ['text', 'C', 'html']),
  },
  (t) => [
    // The staff feed: published posts newest first, keyset on (start_at, id). Ascending indexes are read
    // backwards for ORDER BY ... DESC (a DESC NULLS LAST index would not match a plain DESC order).
    // Partial on kind = 1: community posts never slow the staff feed's scan (visibleTo names the kind).
    index('feed_posts_feed_idx').on(t.stateId, t.startAt, t.id).where(sql`${t.kind} = 1`),
    index('feed_posts_featured_idx')
      .on(t.startAt, t.id)
      .where(sql`${t.isFeatured} and ${t.stateId} = 2 and ${t.kind} = 1`),
    index('feed_posts_created_idx').on(t.createdAt, t.id),
    // Post activity (reports): every feed post, drafts too, newest start first; the CSV's keyset batches
    // and the table's default order read it instead of sorting the whole table for each batch.
    index('feed_posts_report_idx').on(t.startAt, t.id).where(sql`${t.kind} = 1`),
    // A community's posts, and the News Communities tab (joined communities), newest start first.
    index('feed_posts_community_idx').on(t.communityId, t.stateId, t.startAt, t.id),
    // The notification worker's scan for published posts not yet announced (fanout.ts): it runs after
    // every write request, so it must not read the whole table; the index holds only the few waiting.
    index('feed_posts_unannounced_idx')
      .on(t.startAt)
      .where(sql`${t.notifiedAt} is null and ${t.stateId} = 2`),
    // Search (ADR 031): one index per kind, so a feed post's search does not read the postings of
    // community posts and the reverse (a community post's suggestions read 20 rows for each kept).
    index('feed_posts_search_feed_idx').using('gin', t.searchVector).where(sql`${t.kind} = 1`),
    index('feed_posts_search_community_idx').using('gin', t.searchVector).where(sql`${t.kind} = 2`),
    // Posts that ask to be acknowledged (the To acknowledge list and the reminders): few, so a small index.
    index('feed_posts_ack_idx').on(t.ackDueAt, t.id).where(sql`${t.requiresAck} and ${t.stateId} = 2`),
    // A colleague's recent posts on their profile (people/activity.ts), newest first.
    index('feed_posts_author_idx').on(t.userId, t.startAt, t.id),
  ],
);

export const feedPostCategories = pgTable(
  'feed_post_categories',
  {
    postId: ref('post_id', () => feedPosts.id, 'cascade'),
    categoryId: ref('category_id', () => feedCategories.id),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] })],
);

/** A post's audience; the group's type is copied here so the audience check needs no join. */
export const feedPostGroups = pgTable(
  'feed_post_groups',
  {
    postId: ref('post_id', () => feedPosts.id, 'cascade'),
    groupId: ref('group_id', () => groups.id),
    groupTypeId: integer('group_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.groupId] })],
);

export const feedPostFiles = pgTable(
  'feed_post_files',
  {
    postId: ref('post_id', () => feedPosts.id, 'cascade'),
    fileId: ref('file_id', () => files.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.fileId] })],
);

/** Likes (type 1) and favourites (type 2): one row per user, post and type. */
export const feedPostActions = pgTable(
  'feed_post_actions',
  {
    postId: ref('post_id', () => feedPosts.id, 'cascade'),
    userId: ref('user_id', () => users.id, 'cascade'),
    actionTypeId: integer('action_type_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId, t.actionTypeId] }),
    // The Likes and Favourites tabs: a user's actions newest first.
    index('feed_post_actions_user_idx').on(t.userId, t.actionTypeId, t.createdAt),
  ],
);

export const feedComments = pgTable(
  'feed_comments',
  {
    id: serial('id').primaryKey(),
    postId: ref('post_id', () => feedPosts.id, 'cascade'),
    userId: ref('user_id', () => users.id),
    content: text('content').notNull(),
    createdAt: createdAt(),
    searchVector: searchVector(['content', 'C']),
  },
  (t) => [
    index('feed_comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('feed_comments_search_idx').using('gin', t.searchVector),
    // A colleague's recent comments on their profile (people/activity.ts), newest first.
    index('feed_comments_author_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const feedCommentMentions = pgTable(
  'feed_comment_mentions',
  {
    commentId: ref('comment_id', () => feedComments.id, 'cascade'),
    userId: ref('user_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
