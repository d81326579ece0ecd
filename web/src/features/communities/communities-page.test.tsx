// @vitest-environment happy-dom
// The communities page (/communities, product.md section 2): My Communities asks for the joined ones
// (viewState 1) and Public Communities for the public ones (viewState 2), each a grid of cards whose title
// links to the community, and each tab its empty text. These replace the screen checks of the journeys
// "staff join the public community and leave it again" and "a non-member cannot see the private
// community" (communities.spec.ts); which communities each list holds for whom (a private one only for its
// members) is the server's: communities.test.ts "hides a private community from non-members (404) and
// lists it only to members and admins".
import { communitiesEndpoints, systemEndpoints, VIEW_STATE } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import CommunitiesPage from './communities-page';
import { community } from './test-support';

const MINE = [community({ id: 12, title: 'Gardeners', joined: true, numUsers: 2 })];
const PUBLIC = [
  community({ id: 12, title: 'Gardeners', joined: true, numUsers: 2 }),
  community({ id: 14, title: 'Runners', numPosts: 3 }),
];

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(communitiesEndpoints.listCommunityCards, ({ query }) =>
      ok(Number(query.viewState) === VIEW_STATE.MINE ? MINE : PUBLIC),
    );
});

const viewStates = () => api.sent(communitiesEndpoints.listCommunityCards).map((r) => r.query.viewState);

describe('communities page', () => {
  it('opens on My Communities: the joined ones, each linking to its page', async () => {
    renderPage(<CommunitiesPage />, { at: '/communities' });
    expect(screen.getByRole('tab', { name: 'My Communities' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'My Communities' });
    const card = within(list).getByRole('article', { name: 'Gardeners' });
    expect(within(card).getByRole('link', { name: 'Gardeners' })).toHaveAttribute('href', '/communities/12');
    expect(within(card).getByTestId('community-members')).toHaveTextContent('2 members');
    expect(within(list).queryByText('Runners')).not.toBeInTheDocument();
    expect(viewStates()).toEqual([String(VIEW_STATE.MINE)]);
  });

  it('lists the public communities on their tab, and keeps the tab in the address', async () => {
    const { user } = renderPage(<CommunitiesPage />, { at: '/communities' });
    await screen.findByRole('list', { name: 'My Communities' });
    await user.click(screen.getByRole('tab', { name: 'Public Communities' }));
    const list = await screen.findByRole('list', { name: 'Public Communities' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.querySelector('h2')?.textContent),
    ).toEqual(['Gardeners', 'Runners']);
    expect(within(list).getByRole('link', { name: 'Runners' })).toHaveAttribute('href', '/communities/14');
    expect(viewStates()).toEqual([String(VIEW_STATE.MINE), String(VIEW_STATE.PUBLIC)]);
    expect(window.location.search).toBe('?tab=public');
  });

  it('says so when the caller has joined none', async () => {
    api.on(communitiesEndpoints.listCommunityCards, ok([]));
    renderPage(<CommunitiesPage />, { at: '/communities' });
    expect(await screen.findByText('You have not joined any communities yet.')).toBeVisible();
  });
});
