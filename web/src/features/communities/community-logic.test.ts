import { ACTION_TYPE, type CommunityPost, MSG, VISIBILITY } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../lib/dates';
import { communityPostPath, feedPostLink, postPath } from '../../lib/page-paths';
import { toggled } from '../../shared/posts/post-cache';
import { actionErrorText, actionFailed } from '../../shared/posts/post-toggles';
import { canJoin, canLeave, communityImage, showsJoinPromptOnly, withMembership } from './community-logic';
import { parseId } from './route-params';

const visitor = (over: Partial<{ joined: boolean; isManager: boolean; visibilityId: number }>) => ({
  joined: false,
  isManager: false,
  visibilityId: VISIBILITY.PUBLIC as number,
  ...over,
});

describe('membership', () => {
  it('joins and leaves at once, moving the member count, and undoes exactly', () => {
    const c = { id: 1, joined: false, numUsers: 4 };
    const joined = withMembership(c, true);
    expect(joined).toEqual({ id: 1, joined: true, numUsers: 5 });
    expect(withMembership(joined, false)).toEqual(c);
    expect(withMembership(joined, true)).toBe(joined);
    expect(withMembership({ joined: true, numUsers: 0 }, false).numUsers).toBe(0);
  });

  it('shows a non-member only the join prompt, and offers Join/Leave by visibility and role', () => {
    expect(showsJoinPromptOnly(visitor({}))).toBe(true);
    expect(showsJoinPromptOnly(visitor({ joined: true }))).toBe(false);
    expect(canJoin(visitor({}))).toBe(true);
    expect(canJoin(visitor({ visibilityId: VISIBILITY.PRIVATE }))).toBe(false);
    expect(canLeave(visitor({ joined: true }))).toBe(true);
    expect(canLeave(visitor({ joined: true, isManager: true }))).toBe(false);
    expect(canLeave(visitor({ joined: true, visibilityId: VISIBILITY.PRIVATE }))).toBe(false);
  });
});

describe('community post actions', () => {
  const post = { isLiked: false, isFavourited: true, likes: 2, favourites: 3 } as Pick<
    CommunityPost,
    'isLiked' | 'isFavourited' | 'likes' | 'favourites'
  >;

  it('applies a like or favourite at once and rolls it back to the same post', () => {
    const liked = toggled(post, ACTION_TYPE.LIKE, true);
    expect(liked).toEqual({ ...post, isLiked: true, likes: 3 });
    expect('actions' in liked).toBe(false);
    expect(toggled(liked, ACTION_TYPE.LIKE, false)).toEqual(post);
    const unfav = toggled(post, ACTION_TYPE.FAVOURITE, false);
    expect(unfav).toEqual({ ...post, isFavourited: false, favourites: 2 });
    expect(toggled(unfav, ACTION_TYPE.FAVOURITE, true)).toEqual(post);
  });

  it('keeps a feed post actions copy in step', () => {
    const feed = { ...post, actions: { isLiked: false, isFavourited: true } };
    expect(toggled(feed, ACTION_TYPE.LIKE, true).actions).toEqual({ isLiked: true, isFavourited: true });
  });

  it('treats successful: false as a failure and names the right message', () => {
    expect(actionFailed({ successful: false })).toBe(true);
    expect(actionFailed({ successful: true })).toBe(false);
    expect(actionFailed({})).toBe(false);
    expect(actionFailed(null)).toBe(false);
    expect(actionErrorText(ACTION_TYPE.LIKE)).toBe(MSG.unableToLikeCommunityPost);
    expect(actionErrorText(ACTION_TYPE.FAVOURITE)).toBe(MSG.unableToFavouriteCommunityPost);
  });
});

describe('links and small helpers', () => {
  it('sends News cards of community posts to the community post page', () => {
    expect(feedPostLink({ id: 7, communityId: 3 })).toBe(communityPostPath(7));
    expect(feedPostLink({ id: 7, communityId: null })).toBe(postPath(7));
    expect(feedPostLink({ id: 7 })).toBe('/post-detail/7');
    expect(communityPostPath(7)).toBe('/communities/post/7');
  });

  it('picks the community image, then imageUrl, else none', () => {
    expect(communityImage({ image: { id: 1, sourceUrl: '/a.png' }, imageUrl: '/b.png' })).toBe('/a.png');
    expect(communityImage({ image: null, imageUrl: '/b.png' })).toBe('/b.png');
    expect(communityImage({ image: null, imageUrl: null })).toBeNull();
  });

  it('parses route ids strictly', () => {
    expect(parseId('12')).toBe(12);
    expect(Number.isNaN(parseId('12a'))).toBe(true);
    expect(Number.isNaN(parseId(undefined))).toBe(true);
  });

  it('formats relative times', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(formatRelative('2026-01-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('', now)).toBe('');
    expect(formatRelative('not a date', now)).toBe('');
  });
});
