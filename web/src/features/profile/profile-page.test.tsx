// @vitest-environment happy-dom
// /profile for staff (product.md section 2): the Likes and Favourites tabs, each with its count, list the
// posts the feed answers for likes (action 1) and favourites (action 2). Replaces the profile half of the
// journey "staff see it first, like and favourite it, and find it on their profile"
// (e2e/tests/feed.spec.ts); which posts those lists hold is server/src/features/feed/pagination.test.ts
// ("pages through the posts the caller liked") and actions.test.ts ("the profile counts and tabs").
import { type FeedPost, feedEndpoints, profileEndpoints, usersEndpoints } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { feedPost, user } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import ProfilePage from './profile-page';

const LIKED = feedPost({ id: 41, title: 'Canteen reopens', likes: 1, isLiked: true });
const FAVOURITE = feedPost({ id: 42, title: 'Parking changes', favourites: 1, isFavourited: true });

let api: ApiMock;
beforeEach(() => {
  signIn('staff', { id: 7 });
  const lists: Record<string, FeedPost[]> = { '1': [LIKED], '2': [LIKED, FAVOURITE] };
  api = mockApi()
    .on(usersEndpoints.getUser, ok(user({ id: 7 })))
    // After /users/:id, which would otherwise answer /users/actions too (the last route set wins).
    .on(profileEndpoints.getUserActions, ok({ likes: 1, favourites: 2, surveys: 0 }))
    .on(feedEndpoints.listNewsfeed, ({ query }) =>
      ok({ posts: lists[query.action ?? ''] ?? [], next: null }),
    );
});

const sentActions = () => api.sent(feedEndpoints.listNewsfeed).map((r) => r.query.action);

describe("a staff member's profile", () => {
  it('lists the posts they liked and favourited, each tab with its count', async () => {
    const { user: u } = renderPage(<ProfilePage />, { at: '/profile' });
    const likesTab = await screen.findByRole('tab', { name: /Likes/ });
    expect(likesTab).toHaveAttribute('aria-selected', 'true');
    const liked = await screen.findByRole('list', { name: 'Liked posts' });
    expect(within(liked).getAllByRole('article')).toHaveLength(1);
    expect(within(liked).getByRole('article', { name: 'Canteen reopens' })).toBeInTheDocument();
    expect(sentActions()).toEqual(['1']);
    // The counts come with the profile (GET /users/actions).
    expect(await within(likesTab).findByText('1')).toBeInTheDocument();
    const favouritesTab = screen.getByRole('tab', { name: /Favourites/ });
    expect(within(favouritesTab).getByText('2')).toBeInTheDocument();

    await u.click(favouritesTab);
    const favourites = await screen.findByRole('list', { name: 'Favourite posts' });
    expect(within(favourites).getAllByRole('article')).toHaveLength(2);
    expect(within(favourites).getByRole('article', { name: 'Canteen reopens' })).toBeInTheDocument();
    expect(within(favourites).getByRole('article', { name: 'Parking changes' })).toBeInTheDocument();
    expect(sentActions()).toEqual(['1', '2']);
  });
});
