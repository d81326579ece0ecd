// Communities, their members and their discussion boards. Community posts are feed posts of kind 2 (feed.ts).
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, updatedAt } from './columns';
import { files } from './files';
import { searchVector } from './search-columns';
import { users } from './users';

/**
 * Communities (product.md section 3). Member and discussion counts are kept on the row, moved in the same
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
    createdById: ref('created_by_id', () => users.id),
    numUsers: integer('num_users').notNull().default(0),
    numComments: integer('num_comments').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(['title', 'A'], ['description', 'B']),
  },
  (t) => [
    index('communities_created_idx').on(t.createdAt, t.id),
    index('communities_search_idx').using('gin', t.searchVector),
  ],
);

/** Members of a community; managers are members with `is_manager`. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: ref('community_id', () => communities.id, 'cascade'),
    userId: ref('user_id', () => users.id, 'cascade'),
    isManager: boolean('is_manager').notNull().default(false),
    createdAt: createdAt(),
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
    communityId: ref('community_id', () => communities.id, 'cascade'),
    userId: ref('user_id', () => users.id),
    content: text('content').notNull(),
    createdAt: createdAt(),
    searchVector: searchVector(['content', 'C']),
  },
  (t) => [
    index('community_discussion_idx').on(t.communityId, t.createdAt, t.id),
    index('community_discussion_search_idx').using('gin', t.searchVector),
  ],
);

export const communityDiscussionMentions = pgTable(
  'community_discussion_mentions',
  {
    messageId: ref('message_id', () => communityDiscussion.id, 'cascade'),
    userId: ref('user_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
