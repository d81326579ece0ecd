// Pure rules of the community screens, kept apart so they are unit-tested: membership changes applied at
// once (and undone), what a visitor may see and do, and the cards' labels; how a like/favourite answer is
// judged is shared/posts/post-toggles.ts.
import { type Community, VISIBILITY } from '@hearth/contract';

type Membership = Pick<Community, 'joined' | 'numUsers'>;

/** The community as it is once the caller joined (`join`) or left it; unchanged when already so. */
export function withMembership<T extends Membership>(community: T, join: boolean): T {
  if (community.joined === join) return community;
  return { ...community, joined: join, numUsers: Math.max(0, community.numUsers + (join ? 1 : -1)) };
}

type Visitor = Pick<Community, 'joined' | 'isManager' | 'visibilityId'>;

/** A non-member sees only the prompt to join (product.md section 4; a private one answers 404 instead). */
export function showsJoinPromptOnly(community: Visitor): boolean {
  return !community.joined && !community.isManager;
}

/** Leave is offered to members of a public community who do not manage it. */
export function canLeave(community: Visitor): boolean {
  return community.joined && !community.isManager && community.visibilityId === VISIBILITY.PUBLIC;
}

/** Join is offered to non-members of a public community. */
export function canJoin(community: Visitor): boolean {
  return !community.joined && community.visibilityId === VISIBILITY.PUBLIC;
}

/** "12 members", "1 post". */
export function countLabel(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The community's picture: the stored image, else imageUrl, else none (the card shows a placeholder). */
export function communityImage(community: Pick<Community, 'image' | 'imageUrl'>): string | null {
  return community.image?.sourceUrl || community.imageUrl || null;
}
