// Who reads and who writes a community post (product.md section 4: publishing window, community visibility;
// ADR 010). A community post is a feed_posts row of kind 2. Its reader must see its community
// (access.ts); a draft or a post outside its window is read only by administrators, post managers and the
// community's managers. A post without a community (an administrator's draft) only by administrators.
// Writing on a post (comments, likes, favourites) is for the community's members and administrators (403).
// One module, so the post, its comments, its actions, verify and edit cannot disagree.
import { POST_KIND, STATE } from '@hearth/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Bind, literal, tsParam } from '../../db/params';
import { feedPosts } from '../../db/schema';
import { can } from '../../platform/policy';
import type { PostAccess } from '../posts/actions';
import { assertMember, type CommunityAccess, communityAccess, type Viewer } from './access';

export type CommunityPostRow = typeof feedPosts.$inferSelect;
export type ReadablePost = { post: CommunityPostRow; access: CommunityAccess | null };

/** Community posts only; a literal, like the feed's FEED_KIND. */
export const COMMUNITY_KIND = sql`"feed_posts"."kind" = ${literal(POST_KIND.COMMUNITY)}`;

/** SQL: published and inside the window at `now`. */
export const publishedAt = (now: Bind<Date>): SQL =>
  sql`("feed_posts"."state_id" = ${literal(STATE.PUBLISHED)} and "feed_posts"."start_at" <= ${tsParam(now)}
    and ("feed_posts"."end_at" is null or "feed_posts"."end_at" > ${tsParam(now)}))`;

const isLive = (post: CommunityPostRow, now: Date) =>
  post.stateId === STATE.PUBLISHED &&
  post.startAt.getTime() <= now.getTime() &&
  (post.endAt === null || post.endAt.getTime() > now.getTime());

/** Whether the viewer reads drafts and out-of-window posts of a community they see. */
export const seesUnpublished = (viewer: Viewer, access: CommunityAccess | null) =>
  can(viewer, 'community.seeUnpublished', access);

/** Whether the viewer creates and edits posts of this community (null: no community, administrators). */
export const editsPostsOf = (viewer: Viewer, access: CommunityAccess | null) =>
  access ? can(viewer, 'community.editPosts', access) : can(viewer, 'post.withoutCommunity');

/** The community post with the viewer's access to its community, or undefined when they may not read it. */
export async function readablePost(
  db: Db,
  viewer: Viewer,
  postId: number,
  now = new Date(),
): Promise<ReadablePost | undefined> {
  const [post] = await db
    .select()
    .from(feedPosts)
    .where(and(eq(feedPosts.id, postId), COMMUNITY_KIND));
  if (!post) return undefined;
  if (post.communityId === null)
    return can(viewer, 'post.withoutCommunity') ? { post, access: null } : undefined;
  const access = await communityAccess(db, viewer, post.communityId);
  if (!access) return undefined;
  if (!isLive(post, now) && !seesUnpublished(viewer, access)) return undefined;
  return { post, access };
}

/** Reading a post's comments: whoever reads the post. */
export const readAccess =
  (viewer: Viewer): PostAccess =>
  async (tx, postId) =>
    (await readablePost(tx, viewer, postId))?.post;

/** Writing on a post (comment, like, favourite): a reader who is a member, or an administrator (else 403). */
export const writeAccess =
  (viewer: Viewer): PostAccess =>
  async (tx, postId) => {
    const found = await readablePost(tx, viewer, postId);
    if (!found) return undefined;
    if (found.access) assertMember(viewer, found.access);
    return found.post;
  };
