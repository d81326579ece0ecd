// Which kinds of result have which filters: the filters bar shows them, and the route loader asks for the
// community filter's options where the page will (this module is in the loaders' chunk, which stays light).
import type { SearchKind } from '@hearth/contract';

/** Kinds the community filter applies to. */
const COMMUNITY_KINDS: readonly SearchKind[] = ['communityPosts', 'comments', 'messages'];
/** Whether the results of `kind` have the community filter (whose select asks for the communities). */
export const hasCommunityFilter = (kind: SearchKind) => COMMUNITY_KINDS.includes(kind);
/** Kinds the author filter applies to. */
export const AUTHOR_KINDS: readonly SearchKind[] = [
  'posts',
  'communityPosts',
  'comments',
  'messages',
  'surveys',
];
