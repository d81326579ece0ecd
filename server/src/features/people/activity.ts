// What a profile lists of a person's activity (issue 17): the public communities they belong to, and their
// recent posts and comments on posts the viewer may read. Reading is decided by the rules the posts
// themselves use (feed/visibility.ts for feed posts, communities/access.ts and post-visibility.ts for
// community posts), and only published posts inside their window are listed, whoever looks: a profile
// is not an editor's list of drafts.
import { STATE, VISIBILITY } from '@hearth/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { communityVisibleTo, type Viewer } from '../../access/communities';
import { can } from '../../access/policy';
import { COMMUNITY_KIND, FEED_KIND, publishedAt, visibleTo } from '../../access/posts';
import type { Db } from '../../db/client';
import { communities, communityMembers, feedComments, feedPosts } from '../../db/schema';

/** How many of each a profile shows. */
export const RECENT = { communities: 50, posts: 5, comments: 5, excerpt: 200 } as const;

/**
 * SQL over `feed_posts`: a post the viewer reads, published and in its window. Feed posts: their audience
 * includes the viewer, unless the viewer reads every feed post (administrators, post managers). Community
 * posts: the viewer sees the community (public, or private with them as a member; every one for
 * administrators).
 */
export function readableLivePost(viewer: Viewer, now: Date): SQL {
  const feed = can(viewer, 'post.seeUnpublished')
    ? and(FEED_KIND, publishedAt(now))
    : visibleTo(viewer.id, now);
  const community = and(
    COMMUNITY_KIND,
    publishedAt(now),
    sql`exists (select 1 from ${communities} where ${communities.id} = "feed_posts"."community_id"
      and ${communityVisibleTo(viewer) ?? sql`true`})`,
  );
  return sql`(${feed} or ${community})`;
}

/** Published public communities the person is a member of, by title. Private ones are never listed. */
export function publicCommunitiesOf(db: Db, personId: number) {
  return db
    .select({ id: communities.id, title: communities.title })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(
      and(
        eq(communityMembers.userId, personId),
        eq(communities.stateId, STATE.PUBLISHED),
        eq(communities.visibilityId, VISIBILITY.PUBLIC),
      ),
    )
    .orderBy(asc(communities.title), asc(communities.id))
    .limit(RECENT.communities);
}

export async function recentPostsOf(db: Db, viewer: Viewer, personId: number, now: Date) {
  const rows = await db
    .select({
      id: feedPosts.id,
      title: feedPosts.title,
      kind: feedPosts.kind,
      communityId: feedPosts.communityId,
      startAt: feedPosts.startAt,
    })
    .from(feedPosts)
    .where(and(eq(feedPosts.userId, personId), readableLivePost(viewer, now)))
    .orderBy(desc(feedPosts.startAt), desc(feedPosts.id))
    .limit(RECENT.posts);
  return rows.map(({ startAt, ...r }) => ({ ...r, publishedAt: startAt.toISOString() }));
}

/** The start of a comment, cut at a word where one ends near the limit. */
export function excerptOf(text: string, max: number = RECENT.excerpt): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export async function recentCommentsOf(db: Db, viewer: Viewer, personId: number, now: Date) {
  const rows = await db
    .select({
      id: feedComments.id,
      content: feedComments.content,
      postId: feedPosts.id,
      postTitle: feedPosts.title,
      postKind: feedPosts.kind,
      createdAt: feedComments.createdAt,
    })
    .from(feedComments)
    .innerJoin(feedPosts, eq(feedPosts.id, feedComments.postId))
    .where(and(eq(feedComments.userId, personId), readableLivePost(viewer, now)))
    .orderBy(desc(feedComments.createdAt), desc(feedComments.id))
    .limit(RECENT.comments);
  return rows.map(({ content, createdAt, ...r }) => ({
    ...r,
    excerpt: excerptOf(content),
    createdAt: createdAt.toISOString(),
  }));
}
