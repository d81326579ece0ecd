// @vitest-environment happy-dom
// One community (/communities/:communityId, product.md sections 2, 4 and 8): a non-member of a public
// community sees only the prompt to join; Join and Leave send the membership call, and the page follows the
// answer (Leave and the Posts tab, then the prompt again), or undoes a join the server refuses; a community
// the API answers 404 for (a private one to a non-member) shows "Unable to load community"; a manager of a
// private community sees it with Create Post; the Discussion tab's board, empty and then with a message
// sent. These replace the journeys "staff join the public community and leave it again", the community
// checks of "a non-member cannot see the private community" and "the post reaches members' News
// Communities tab; the manager sees the private community and edits", and the discussion board of "a
// member comments with a mention and writes on the discussion board" (communities.spec.ts). Who may see,
// join and write is the server's: communities.test.ts, membership.test.ts and discussion.test.ts.
import { communitiesEndpoints, MSG, PATHS, systemEndpoints, VISIBILITY } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import CommunityPage from './community-page';
import { communityDetail, communityPost, discussionMessage } from './test-support';

const openCommunity = (at = '/communities/12') =>
  renderPage(<CommunityPage />, { at, path: '/communities/:communityId' });

const POSTS = { posts: [communityPost()], next: null };

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(communitiesEndpoints.getCommunity, ok(communityDetail()))
    .on(communitiesEndpoints.listCommunityPosts, ok(POSTS))
    .on(communitiesEndpoints.listDiscussion, ok([]));
});

/**
 * The membership call as the server answers it: joined or not, and the member count after, which counts two
 * colleagues who joined meanwhile (the page shows the server's count, not only its own guess).
 */
function answerSubscribe(api: ApiMock) {
  api.on(communitiesEndpoints.subscribeCommunity, ({ body }) => {
    const join = (body as { join: number }).join === 1;
    return ok({ joined: join, numUsers: join ? 4 : 3 });
  });
}

describe('community page', () => {
  it('shows a non-member of a public community only the prompt to join, none of its posts', async () => {
    openCommunity();
    expect(await screen.findByRole('heading', { name: 'Gardeners' })).toBeVisible();
    expect(screen.getByText('Join this community')).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Posts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave' })).not.toBeInTheDocument();
    expect(api.sent(communitiesEndpoints.listCommunityPosts)).toHaveLength(0);
    expect(api.sent(communitiesEndpoints.getCommunity)[0]?.params).toEqual({ id: '12' });
  });

  it('joins: Leave and the Posts tab with its posts follow; leaving brings the prompt back', async () => {
    answerSubscribe(api);
    const { user } = openCommunity();
    await user.click(await screen.findByRole('button', { name: 'Join' }));

    expect(await screen.findByRole('button', { name: 'Leave' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Posts' })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Spring planting' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('community-members')).toHaveTextContent('4 members'));
    expect(screen.queryByText('Join this community')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Join this community')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('community-members')).toHaveTextContent('3 members'));
    expect(screen.queryByRole('tab', { name: 'Posts' })).not.toBeInTheDocument();
    expect(api.sent(communitiesEndpoints.subscribeCommunity).map((r) => r.body)).toEqual([
      { communityId: 12, join: 1 },
      { communityId: 12, join: 0 },
    ]);
  });

  it('undoes a join the server refuses and says why', async () => {
    api.on(communitiesEndpoints.subscribeCommunity, fail(403, MSG.communityNotOpen));
    const { user } = openCommunity();
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText(MSG.communityNotOpen)).toBeVisible();
    // The page renders the community in a deferred pass: the prompt must still be there once it has run.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText('Join this community')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Leave' })).not.toBeInTheDocument();
    expect(screen.getByTestId('community-members')).toHaveTextContent('1 member');
  });

  it('says a community the API does not show the caller cannot be loaded, with the way back', async () => {
    api.on(communitiesEndpoints.getCommunity, fail(404, MSG.notFound));
    const { user } = openCommunity();
    expect(await screen.findByText(MSG.unableToLoadCommunity)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Gardeners' })).not.toBeInTheDocument();
    // Not found is not a failure to retry.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back to Communities/ }));
    expect(await landedAt()).toBe(PATHS.communities);
  });

  it('shows a manager their private community with its posts and Create Post, without Leave or Join', async () => {
    api.on(
      communitiesEndpoints.getCommunity,
      ok(
        communityDetail({
          title: 'Board',
          visibilityId: VISIBILITY.PRIVATE,
          joined: true,
          isManager: true,
        }),
      ),
    );
    const { user } = openCommunity();
    expect(await screen.findByRole('heading', { name: 'Board' })).toBeVisible();
    expect(screen.getByText('Private')).toBeVisible();
    expect(screen.getByText('Manager')).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Spring planting' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Leave' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await landedAt()).toBe('/communities/12/create-post');
  });

  it('shows the empty discussion board, then a message sent to it', async () => {
    const messages: ReturnType<typeof discussionMessage>[] = [];
    api
      .on(communitiesEndpoints.getCommunity, ok(communityDetail({ joined: true })))
      .on(communitiesEndpoints.listDiscussion, () => ok(messages))
      .on(communitiesEndpoints.addDiscussionMessage, ({ body }) => {
        const added = discussionMessage({ content: (body as { content: string }).content });
        messages.push(added);
        return ok(added, 201);
      });
    const { user } = openCommunity('/communities/12?tab=discussion');
    expect(await screen.findByText(MSG.noDiscussion)).toBeVisible();

    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.keyboard('Who brings the compost?');
    await user.click(screen.getByRole('button', { name: 'Post Message' }));

    const list = await screen.findByRole('list', { name: 'Discussion messages' });
    expect(within(list).getByText('Who brings the compost?')).toBeVisible();
    expect(screen.queryByText(MSG.noDiscussion)).not.toBeInTheDocument();
    expect(api.sent(communitiesEndpoints.addDiscussionMessage).map((r) => r.body)).toEqual([
      { content: 'Who brings the compost?', userIds: [], communityId: 12 },
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''));
  });
});
