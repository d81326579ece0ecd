// Communities and their discussion boards: seen by whoever sees the community (communities/access.ts:
// administrators every one, drafts marked; others published ones that are public or have them as members).
import { sql } from 'drizzle-orm';
import { communityVisibleTo } from '../../../access/communities';
import { headline, type KindSpec } from '../kind-spec';
import { HEADLINE_OPTIONS } from '../snippet';

const draftStatus = sql`case when "communities"."state_id" <> 2 then 'draft' end`;

export const communitiesKind: KindSpec = {
  table: 'communities',
  id: sql`"communities"."id"`,
  at: sql`"communities"."created_at"`,
  vector: sql`"communities"."search_vector"`,
  author: sql`"communities"."created_by_id"`,
  community: sql`"communities"."id"`,
  visible: (ctx) => communityVisibleTo(ctx.viewer) ?? sql`true`,
  status: () => draftStatus,
  details: (ctx) => ({
    select: sql`"communities"."title" as title,
      ${headline(sql`"communities"."description"`, ctx, HEADLINE_OPTIONS)} as headline,
      null::int as author_id, null::text as author_first, null::text as author_last,
      "communities"."id" as community_id, "communities"."title" as community_title,
      null::int as post_id, null::int as post_kind,
      null::text as job_title, null::text as location, null::text as department, null::text as image_key`,
    joins: sql`join communities on communities.id = s.id`,
  }),
};

/** Discussion messages: whoever sees the community reads its board. */
export const messagesKind: KindSpec = {
  table: 'community_discussion',
  joins: sql`join communities on communities.id = community_discussion.community_id`,
  id: sql`"community_discussion"."id"`,
  at: sql`"community_discussion"."created_at"`,
  vector: sql`"community_discussion"."search_vector"`,
  author: sql`"community_discussion"."user_id"`,
  community: sql`"community_discussion"."community_id"`,
  visible: (ctx) => communityVisibleTo(ctx.viewer) ?? sql`true`,
  status: () => draftStatus,
  details: (ctx) => ({
    select: sql`"communities"."title" as title,
      ${headline(sql`"community_discussion"."content"`, ctx, HEADLINE_OPTIONS)} as headline,
      au.id as author_id, au.first_name as author_first, au.last_name as author_last,
      "communities"."id" as community_id, "communities"."title" as community_title,
      null::int as post_id, null::int as post_kind,
      null::text as job_title, null::text as location, null::text as department, null::text as image_key`,
    joins: sql`join community_discussion on community_discussion.id = s.id
      join communities on communities.id = community_discussion.community_id
      left join users au on au.id = community_discussion.user_id`,
  }),
};
