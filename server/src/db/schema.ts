// Drizzle tables. Timestamps are timestamptz with millisecond precision so keyset cursors never skip rows.
import { sql } from 'drizzle-orm';
import {
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
  /** The JPEG thumbnail (images) or poster frame (videos): the storage key with its extension set to .jpg. */
  thumbnailKey: text('thumbnail_key'),
  /** An image's size upright (EXIF rotation applied), so pages can reserve its box; null for others. */
  width: integer('width'),
  height: integer('height'),
  /** The widths of an image's WebP renditions (storage key `…-w{width}.webp`, variantKeyOf). */
  variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'::integer[]`),
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
    // The user activity report's default order (last name, case-insensitive; id breaks ties): its pages
    // and its CSV's keyset batches read the index instead of sorting every user.
    index('users_last_name_sort_idx').on(sql`lower(${t.lastName})`, t.id),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For purpose `email-change`: the address that takes effect when this link is opened. */
    newEmail: text('new_email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSuccessAt: ts('last_success_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * Single-use tickets (30 s) that open the live notification stream: EventSource cannot send headers, and a
 * bearer token must never stand in a URL. Only hashes are stored; `sessionId` is the refresh family the
 * ticket was taken in, so ending that session closes the stream.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
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

/**
 * Communities (SPEC section 3). Member and discussion counts are kept on the row, moved in the same
 * transaction as the join, leave or message and only when a row really changed, so they stay equal to the
 * rows however many requests race. The post count is counted when read (it depends on the posts' windows).
 */
export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    visibilityId: integer('visibility_id').notNull().default(1),
    stateId: integer('state_id').notNull().default(1),
    imageFileId: integer('image_file_id').references(() => files.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    numUsers: integer('num_users').notNull().default(0),
    numComments: integer('num_comments').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('communities_created_idx').on(t.createdAt, t.id)],
);

/** Members of a community; managers are members with `is_manager`. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isManager: boolean('is_manager').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    // My Communities, managed communities and the News Communities tab start from the user.
    index('community_members_user_idx').on(t.userId, t.communityId),
  ],
);

/** The discussion board: messages with @mentions, newest last. */
export const communityDiscussion = pgTable(
  'community_discussion',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_discussion_idx').on(t.communityId, t.createdAt, t.id)],
);

export const communityDiscussionMentions = pgTable(
  'community_discussion_mentions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => communityDiscussion.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
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
  ],
);

export const feedPostCategories = pgTable(
  'feed_post_categories',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => feedCategories.id),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] })],
);

/** A post's audience; the group's type is copied here so the audience check needs no join. */
export const feedPostGroups = pgTable(
  'feed_post_groups',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    groupTypeId: integer('group_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.groupId] })],
);

export const feedPostFiles = pgTable(
  'feed_post_files',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.fileId] })],
);

/** Likes (type 1) and favourites (type 2): one row per user, post and type. */
export const feedPostActions = pgTable(
  'feed_post_actions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionTypeId: integer('action_type_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
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
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('feed_comments_post_idx').on(t.postId, t.createdAt, t.id)],
);

export const feedCommentMentions = pgTable(
  'feed_comment_mentions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => feedComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/**
 * Surveys (SPEC section 3). A survey's questions sit in categories (one step of the form each). Answers are
 * text (PRODUCT-DECISIONS); a question that has answers cannot be deleted (answers reference it without
 * cascade), and build-survey refuses to change the questions of a survey that has responses (ADR 011).
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isNotified: boolean('is_notified').notNull().default(false),
    isRefillable: boolean('is_refillable').notNull().default(false),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    stateId: integer('state_id').notNull().default(1),
    /** Whether the survey has its own audience (location/department groups), as feed posts. */
    hasAudience: boolean('has_audience').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('surveys_created_idx').on(t.createdAt, t.id),
    index('surveys_state_end_idx').on(t.stateId, t.endAt),
  ],
);

export const surveyGroups = pgTable(
  'survey_groups',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    groupTypeId: integer('group_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.groupId] })],
);

export const surveyCategories = pgTable(
  'survey_categories',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_categories_survey_idx').on(t.surveyId, t.position)],
);

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => surveyCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** text_input or options_question (SPEC section 2). */
    kind: text('kind').notNull(),
    /** string, textArea, number, date (text input); radio, select (options). */
    answerType: text('answer_type').notNull(),
    optional: boolean('optional').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_questions_category_idx').on(t.categoryId, t.position)],
);

export const surveyQuestionOptions = pgTable(
  'survey_question_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_question_options_question_idx').on(t.questionId, t.position)],
);

/** A user's response ("instance"). Non-refillable surveys take one per user (checked under a row lock). */
export const surveyInstances = pgTable(
  'survey_instances',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    isComplete: boolean('is_complete').notNull().default(true),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('survey_instances_survey_user_idx').on(t.surveyId, t.createdById),
    index('survey_instances_user_idx').on(t.createdById),
  ],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => surveyInstances.id, { onDelete: 'cascade' }),
    // No cascade: a question with answers cannot disappear under them.
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id),
    textAnswer: text('text_answer').notNull(),
  },
  (t) => [
    index('survey_answers_instance_idx').on(t.instanceId),
    index('survey_answers_question_idx').on(t.questionId),
  ],
);

/**
 * In-app notifications (SPEC section 3). One row per recipient; `viewed_at` null means unviewed. For a
 * COMMENT the object is the comment's post (`object_id`), so opening it lands on that post.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SURVEY, FEED_POST, COMMENT or COMMUNITY_POST. */
    type: text('type').notNull(),
    objectId: integer('object_id').notNull(),
    title: text('title').notNull(),
    /** The event that made it (one notification per user and event). */
    eventId: integer('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
    viewedAt: ts('viewed_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.sentAt, t.id),
    index('notifications_unviewed_idx').on(t.userId).where(sql`${t.viewedAt} is null`),
    uniqueIndex('notifications_event_user_idx').on(t.eventId, t.userId),
  ],
);

/**
 * The outbox of notifying events: written in the same transaction as the event (a post published, a
 * survey published, a comment with mentions), fanned out to its audience by a background worker, so a
 * request never waits for thousands of inserts and no event is lost when the server stops (ADR 012).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    objectId: integer('object_id').notNull(),
    title: text('title').notNull(),
    /** Who caused it: never notified of their own event. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** For COMMENT: the mentioned users; other types derive their audience from the object. */
    userIds: integer('user_ids').array(),
    createdAt: ts('created_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [index('notification_events_pending_idx').on(t.id).where(sql`${t.processedAt} is null`)],
);

/** Web push subscriptions (SPEC: endPoint, mkey, authSecret); one row per browser endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
