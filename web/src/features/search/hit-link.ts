// Where a result opens, for the caller's role: the page their route table has for it (staff read a
// community post at /communities/post/{id}, administrators open it in its form), or null when no page of
// theirs shows it.
import type { SearchHit } from '@hearth/contract';
import { roleHasPath } from '../../lib/route-table';

const first = (roleId: number, ...links: string[]) => links.find((l) => roleHasPath(roleId, l)) ?? null;

export function hitLink(hit: SearchHit, roleId: number): string | null {
  switch (hit.kind) {
    case 'posts':
      return first(roleId, `/post-detail/${hit.id}`);
    case 'communityPosts':
      return first(roleId, `/communities/post/${hit.id}`, `/community-post/${hit.id}/edit`);
    case 'comments':
      if (!hit.post) return null;
      return hit.post.isCommunityPost
        ? first(roleId, `/communities/post/${hit.post.id}`, `/community-post/${hit.post.id}/edit`)
        : first(roleId, `/post-detail/${hit.post.id}`);
    case 'messages':
      if (!hit.community) return null;
      return first(
        roleId,
        `/communities/${hit.community.id}?tab=discussion`,
        `/community/edit/${hit.community.id}`,
      );
    case 'communities':
      return first(roleId, `/communities/${hit.id}`, `/community/edit/${hit.id}`);
    case 'people':
      return `/people/${hit.id}`;
    case 'surveys':
      return first(roleId, `/surveys/${hit.id}`, `/surveys/edit/${hit.id}`);
  }
}
