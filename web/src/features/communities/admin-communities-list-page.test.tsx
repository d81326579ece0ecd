// @vitest-environment happy-dom
// The administrators' community list (/admin-communities-list, product.md section 2): the published
// communities on the Publish tab (drafts not among them), each row's title linking to its edit form and its
// visibility shown, and the way to create one. These replace the list checks of the journey "an
// administrator creates a public and a private community, each with a manager" (communities.spec.ts), which
// keeps the walk from this list through the form with a real upload back to the new row; which
// communities the list holds is the server's (communities.test.ts).
import { communitiesEndpoints, STATE, systemEndpoints, VISIBILITY } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import AdminCommunitiesListPage from './admin-communities-list-page';
import { community } from './test-support';

const COMMUNITIES = [
  community({ id: 12, title: 'Gardeners', description: 'Seedlings and compost.' }),
  community({ id: 13, title: 'Board', description: 'Decisions.', visibilityId: VISIBILITY.PRIVATE }),
  community({ id: 14, title: 'Choir', description: 'Singing.', stateId: STATE.DRAFT }),
];

/** The list measures its own width to choose its columns; in a DOM without layout every box is 0 wide. */
function listWidth(px: number) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => px });
  return () => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientWidth', original);
  };
}

let api: ApiMock;
let restoreWidth: () => void;
beforeEach(() => {
  signIn('admin');
  restoreWidth = listWidth(1280);
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(communitiesEndpoints.listCommunities, ok(COMMUNITIES));
});
afterEach(() => restoreWidth());

const openList = () => renderPage(<AdminCommunitiesListPage />, { at: '/admin-communities-list' });

describe('admin community list', () => {
  it('lists the published communities with their visibility, each title linking to its edit form', async () => {
    openList();
    const board = await screen.findByRole('row', { name: /Board/ });
    expect(board).toHaveTextContent('Private');
    expect(within(board).getByRole('link', { name: 'Board' })).toHaveAttribute('href', '/community/edit/13');
    const gardeners = screen.getByRole('row', { name: /Gardeners/ });
    expect(gardeners).toHaveTextContent('Public');
    expect(within(gardeners).getByRole('link', { name: 'Gardeners' })).toHaveAttribute(
      'href',
      '/community/edit/12',
    );
    // The draft is on the Draft tab, not this one.
    expect(screen.queryByRole('row', { name: /Choir/ })).not.toBeInTheDocument();
    expect(api.sent(communitiesEndpoints.listCommunities)[0]?.query).toEqual({ limit: '-1' });
  });

  it('goes to the empty form from Create Community', async () => {
    const { user } = openList();
    await user.click(screen.getByRole('button', { name: 'Create Community' }));
    expect(await landedAt()).toBe('/community/create');
  });
});
