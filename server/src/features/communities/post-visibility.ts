// Who reads and who writes a community post (product.md section 4: publishing window, community visibility;
// ADR 010). A community post is a feed_posts row of kind 2. Its reader must see its community
// (access.ts); a draft or a post outside its window is read only by administrators, post managers and the
// community's managers. A post without a community (an administrator's draft) only by administrators.
// Writing on a post (comments, likes, favourites) is for the community's members and administrators (403).
// One module, so the post, its comments, its actions, verify and edit cannot disagree. The rule is the
// contract's `opensCommunityPost` (contract/src/visibility.ts); the same rule as SQL, for lists and search,
// is access/posts.ts `communityPostSeen`; access/rules.property.test.ts holds the two to each other.
import { communityView, opensCommunityPost } from '@hearth/contract';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../access/communities';
import { can } from '../../access/policy';
import { COMMUNITY_KIND } from '../../access/posts';
import type { Db } from '../../db/client';
import { feedPosts } from '../../db/schema';
import type { PostAccess } from '../posts/actions';
import { assertMember, type CommunityAccess, communityAccess } from './access';

export type CommunityPostRow = typeof feedPosts.$inferSelect;
export type ReadablePost = { post: CommunityPostRow; access: CommunityAccess | null };

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
  // The rule is the contract's pure `opensCommunityPost` (the one the SQL form is tested against); this
  // function only loads its facts. `communityAccess` answers undefined for a community the viewer does not
  // see; the pure rule asks `community.see` again, which costs nothing and keeps the rule whole.
  if (post.communityId === null)
    return opensCommunityPost(viewer, { ...post, community: null }, now) ? { post, access: null } : undefined;
  const access = await communityAccess(db, viewer, post.communityId);
  if (!access) return undefined;
  const community = communityView(access.community, access);
  return opensCommunityPost(viewer, { ...post, community }, now) ? { post, access } : undefined;
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
