// Feed posts, community posts and the comments on both (ADR 010: both are feed_posts rows). Who sees a
// post is the rules module's (access/posts.ts), as the post pages themselves read them.
import { sql } from 'drizzle-orm';
import { COMMUNITY_KIND, communityPostSeen, FEED_KIND, feedPostSeen } from '../../../access/posts';
import type { Bind } from '../../../db/params';
import { headline, type KindSpec, type SearchContext, windowStatus } from '../kind-spec';
import { HEADLINE_OPTIONS } from '../snippet';

const postStatus = (now: Bind<Date>) => windowStatus('feed_posts', now);

const postDetails = (ctx: SearchContext) => ({
  select: sql`"feed_posts"."title" as title,
    ${headline(sql`"feed_posts"."subtitle" || ' · ' || public.hearth_html_text("feed_posts"."text")`, ctx, HEADLINE_OPTIONS)} as headline,
    au.id as author_id, au.first_name as author_first, au.last_name as author_last,
    "communities"."id" as community_id, "communities"."title" as community_title,
    null::int as post_id, null::int as post_kind,
    null::text as job_title, null::text as location, null::text as department, null::text as image_key`,
  joins: sql`join feed_posts on feed_posts.id = s.id
    left join users au on au.id = feed_posts.user_id
    left join communities on communities.id = feed_posts.community_id`,
});

export const feedPostsKind: KindSpec = {
  table: 'feed_posts',
  id: sql`"feed_posts"."id"`,
  at: sql`"feed_posts"."start_at"`,
  vector: sql`"feed_posts"."search_vector"`,
  partition: FEED_KIND,
  author: sql`"feed_posts"."user_id"`,
  visible: (ctx) => feedPostSeen(ctx.viewer, ctx.now),
  status: postStatus,
  details: postDetails,
};

export const communityPostsKind: KindSpec = {
  table: 'feed_posts',
  joins: sql`left join communities on communities.id = feed_posts.community_id`,
  id: sql`"feed_posts"."id"`,
  at: sql`"feed_posts"."start_at"`,
  vector: sql`"feed_posts"."search_vector"`,
  partition: COMMUNITY_KIND,
  author: sql`"feed_posts"."user_id"`,
  community: sql`"feed_posts"."community_id"`,
  visible: (ctx) => communityPostSeen(ctx.viewer, ctx.now),
  status: postStatus,
  details: postDetails,
};

/** Comments are seen by whoever may open their post, feed or community. */
export const commentsKind: KindSpec = {
  table: 'feed_comments',
  joins: sql`join feed_posts on feed_posts.id = feed_comments.post_id
    left join communities on communities.id = feed_posts.community_id`,
  id: sql`"feed_comments"."id"`,
  at: sql`"feed_comments"."created_at"`,
  vector: sql`"feed_comments"."search_vector"`,
  author: sql`"feed_comments"."user_id"`,
  community: sql`"feed_posts"."community_id"`,
  visible: (ctx) => sql`(${feedPostSeen(ctx.viewer, ctx.now)} or ${communityPostSeen(ctx.viewer, ctx.now)})`,
  status: postStatus,
  details: (ctx) => ({
    select: sql`"feed_posts"."title" as title,
      ${headline(sql`"feed_comments"."content"`, ctx, HEADLINE_OPTIONS)} as headline,
      au.id as author_id, au.first_name as author_first, au.last_name as author_last,
      "communities"."id" as community_id, "communities"."title" as community_title,
      "feed_posts"."id" as post_id, "feed_posts"."kind" as post_kind,
      null::text as job_title, null::text as location, null::text as department, null::text as image_key`,
    joins: sql`join feed_comments on feed_comments.id = s.id
      join feed_posts on feed_posts.id = feed_comments.post_id
      left join users au on au.id = feed_comments.user_id
      left join communities on communities.id = feed_posts.community_id`,
  }),
};
