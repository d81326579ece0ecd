// @vitest-environment happy-dom
// The community post form of a community's managers (product.md sections 2, 4, 5 and 8): editing asks the
// verify call first, and a staff member it says no to gets "You are not authorized to view this page"
// instead of the form; a manager's edit form holds the post, sends the change with the post's community and
// returns to that community; a manager's new post names a missing title and subtitle and sends nothing; a
// community the caller does not manage has no form. These replace the journey "a staff member who is not a
// manager cannot open the edit page", the edit steps of "the post reaches members' News Communities tab;
// the manager sees the private community and edits", and the empty-form check of "the manager creates a
// post with an image" (communities.spec.ts), which keeps the filled form with a real upload. Who the server
// lets edit is posts.test.ts's ("GET /v1/api/community-posts/:id/verify", "PUT /v1/api/community-posts/:id").
import { communitiesEndpoints, MSG, PATHS, STATE, systemEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { expectFieldErrors, fill } from '../../test/fields';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import CommunityPostFormPage from './community-post-form-page';
import { communityPost } from './test-support';

const openEdit = () =>
  renderPage(<CommunityPostFormPage />, {
    at: '/community-post/41/edit',
    path: '/community-post/:communityPostId/edit',
  });
const openCreate = () =>
  renderPage(<CommunityPostFormPage />, {
    at: '/communities/12/create-post',
    path: '/communities/:communityId/create-post',
  });

let api: ApiMock;
beforeEach(() => {
  signIn('editor');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(communitiesEndpoints.getCommunityPost, ok(communityPost()))
    .on(communitiesEndpoints.listManagedCommunities, ok([{ id: 12, title: 'Gardeners' }]));
});

describe('community post form of a manager', () => {
  it('shows a staff member the verify call says no to the not-authorised page, and no post', async () => {
    signIn('staff');
    api.on(communitiesEndpoints.verifyCommunityPost, ok({ verified: false }));
    const { user } = openEdit();
    expect(await screen.findByText(MSG.forbidden)).toBeVisible();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(api.sent(communitiesEndpoints.verifyCommunityPost)[0]).toMatchObject({
      params: { id: '41' },
      query: { userId: '7' },
    });
    expect(api.sent(communitiesEndpoints.getCommunityPost)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Back to communities' }));
    expect(await landedAt()).toBe(PATHS.communities);
  });

  it('fills the edit form with the post, sends the change and returns to its community', async () => {
    api
      .on(communitiesEndpoints.verifyCommunityPost, ok({ verified: true }))
      .on(
        communitiesEndpoints.updateCommunityPost,
        ok(communityPost({ subtitle: 'Seedlings for everyone, and tea' })),
      );
    const { user } = openEdit();
    expect(await screen.findByLabelText('Title')).toHaveValue('Spring planting');
    expect(screen.getByText('Gardeners')).toBeVisible();
    await fill(user, screen.getByLabelText('Subtitle'), 'Seedlings for everyone, and tea');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MSG.communityPostUpdated)).toBeVisible();
    expect(await landedAt()).toBe('/communities/12');
    const [sent] = api.sent(communitiesEndpoints.updateCommunityPost);
    expect(sent?.params).toEqual({ id: '41' });
    expect(sent?.body).toMatchObject({
      title: 'Spring planting',
      subtitle: 'Seedlings for everyone, and tea',
      stateId: STATE.PUBLISHED,
      isCommentable: 1,
      communityId: 12,
      files: [],
    });
    // The author stays who wrote the post.
    expect(sent?.body).not.toHaveProperty('createdById');
  });

  it('names a missing title and subtitle of a new post and sends nothing', async () => {
    const { user } = openCreate();
    expect(await screen.findByText('Gardeners')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await expectFieldErrors('Title', [MSG.postTitleRequired]);
    await expectFieldErrors('Subtitle', [MSG.postSubtitleRequired]);
    expect(api.sent(communitiesEndpoints.createCommunityPost)).toHaveLength(0);
    expect(api.sent(communitiesEndpoints.listManagedCommunities)[0]?.params).toEqual({ userId: '7' });
  });

  it('has no form for a community the caller does not manage', async () => {
    api.on(communitiesEndpoints.listManagedCommunities, ok([{ id: 99, title: 'Choir' }]));
    openCreate();
    expect(await screen.findByText(MSG.forbidden)).toBeVisible();
    await waitFor(() => expect(screen.queryByLabelText('Title')).not.toBeInTheDocument());
  });
});
