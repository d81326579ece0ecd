// The To acknowledge list's small rules (issue 18), pure and tested.
import type { FeedPost, ToAcknowledge } from '@hearth/contract';

/** The list without `postId`, one fewer to go. */
export function withoutPost(list: ToAcknowledge, postId: number): ToAcknowledge {
  const posts = list.posts.filter((p) => p.id !== postId);
  const removed = list.posts.length - posts.length;
  return { posts, count: Math.max(0, list.count - Math.max(removed, 1)) };
}

/**
 * Whether the viewer still has to acknowledge `post`: it asks for it and is on the caller's list, or the
 * list is cut short (it holds the soonest due only) so the post may be among the rest.
 */
export function mustAcknowledge(post: Pick<FeedPost, 'id' | 'requiresAck'>, list: ToAcknowledge | undefined) {
  if (!post.requiresAck || !list) return false;
  return list.posts.some((p) => p.id === post.id) || list.count > list.posts.length;
}
