// Shapes community rows for the API (contract `community`): counts, the caller's membership and the image,
// from the facts community-reads.ts loads for a whole list.
import type { Community } from '@hearth/contract';
import { fileUrl } from '../files/presenter';
import type { CommunityRow } from './access';

/** Per community id: published posts in their window, the caller's membership (is manager), image keys. */
export type CommunityFacts = {
  posts: Map<number, number>;
  membership: Map<number, boolean>;
  imageKeys: Map<number, string>;
};

/** Communities as lists and cards show them, in the order given. */
export function presentCommunities(rows: readonly CommunityRow[], facts: CommunityFacts): Community[] {
  const { posts, membership, imageKeys: keys } = facts;
  return rows.map((r) => {
    const key = r.imageFileId === null ? undefined : keys.get(r.imageFileId);
    const sourceUrl = fileUrl(key);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      visibilityId: r.visibilityId,
      stateId: r.stateId,
      image: sourceUrl && r.imageFileId !== null ? { id: r.imageFileId, sourceUrl } : null,
      imageUrl: sourceUrl,
      numUsers: r.numUsers,
      numPosts: posts.get(r.id) ?? 0,
      numComments: r.numComments,
      joined: membership.has(r.id),
      isManager: membership.get(r.id) === true,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
