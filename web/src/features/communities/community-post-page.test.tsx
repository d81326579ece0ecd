// @vitest-environment happy-dom
// A community post as a member reads it (/communities/post/:postId, product.md sections 2 and 4): its title,
// Like (pressed at once, sent as the community's action), a comment mentioning a colleague (the call the
// community post page makes, with the mentioned id, and the list read again), and Edit only for those the
// verify call says may edit. These replace the post page steps of the journey "a member comments with a
// mention and writes on the discussion board" (communities.spec.ts); what the server stores and who may act
// is post-reads.test.ts's and posts.test.ts's (server/src/features/communities/).
import { ACTION_TYPE, communitiesEndpoints, systemEndpoints, usersEndpoints } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import CommunityPostPage from './community-post-page';
import { communityPost, EDDIE, postComment } from './test-support';

const openPost = () =>
  renderPage(<CommunityPostPage />, { at: '/communities/post/41', path: '/communities/post/:postId' });

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(communitiesEndpoints.getCommunityPostWithUser, ok(communityPost()))
    .on(communitiesEndpoints.verifyCommunityPost, ok({ verified: false }))
    .on(communitiesEndpoints.listCommunityPostComments, ok([]));
});

describe('community post page', () => {
  it('shows the post, and a like is pressed at once and sent as the community action', async () => {
    api.on(
      communitiesEndpoints.setCommunityPostAction,
      ok({ successful: true, likes: 1, favourites: 0, isLiked: true, isFavourited: false }),
    );
    const { user } = openPost();
    expect(await screen.findByRole('heading', { name: 'Spring planting' })).toBeVisible();
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(api.sent(communitiesEndpoints.setCommunityPostAction).map((r) => r.body)).toEqual([
      { active: 1, communityPostId: 41, communityPostActionTypeId: ACTION_TYPE.LIKE },
    ]);
  });

  it('sends a comment with the colleague it mentions and shows the list read again', async () => {
    const comments = [postComment({ id: 300, content: 'First!' })];
    api
      .on(communitiesEndpoints.listCommunityPostComments, () => ok(comments))
      .on(usersEndpoints.listUsers, ok([EDDIE]))
      .on(communitiesEndpoints.addCommunityPostComment, ({ body }) => {
        const sent = body as { content: string; userIds: number[] };
        const added = postComment({ content: sent.content, userIds: sent.userIds, mentionedUsers: [EDDIE] });
        comments.push(added);
        return ok(added, 201);
      });
    const { user } = openPost();
    expect(await screen.findByText('First!')).toBeVisible();

    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.click(box);
    await user.keyboard('Count me in @Edd');
    const menu = await screen.findByRole('menu');
    await user.click(await within(menu).findByText('Eddie Editor'));
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));

    await waitFor(() => expect(api.sent(communitiesEndpoints.addCommunityPostComment)).toHaveLength(1));
    expect(api.sent(communitiesEndpoints.addCommunityPostComment)[0]?.body).toEqual({
      content: 'Count me in @Eddie Editor',
      communityPostId: 41,
      userIds: [EDDIE.id],
    });
    const list = await screen.findByRole('list', { name: /comments/i });
    await waitFor(() => expect(list).toHaveTextContent('Count me in'));
    expect(box).toHaveValue('');
  });

  it('offers Edit to those the verify call says may edit, and goes to the edit form', async () => {
    api.on(communitiesEndpoints.verifyCommunityPost, ok({ verified: true }));
    const { user } = openPost();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await landedAt()).toBe('/community-post/41/edit');
    expect(api.sent(communitiesEndpoints.verifyCommunityPost)[0]?.query).toEqual({ userId: '7' });
  });

  it('shows a member no Edit when the verify call says no', async () => {
    const { client } = openPost();
    expect(await screen.findByRole('heading', { name: 'Spring planting' })).toBeVisible();
    await waitFor(() => expect(api.sent(communitiesEndpoints.verifyCommunityPost)).toHaveLength(1));
    // Its answer taken in (no request left under way), not only sent.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
