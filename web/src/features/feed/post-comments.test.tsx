// @vitest-environment happy-dom
// A feed post's comments on its page (product.md sections 2 and 5): the empty list's sentence, a box that
// cannot be sent empty, "@" searching active colleagues by the typed name, and a comment that mentions one
// sent as plain `@First Last` text with the colleague's id, then shown in the list and focused. Drives the shared
// comments panel and mention box (shared/posts/comments-panel.tsx, mention-box.tsx) through the feed's
// calls. Replaces the journey "staff comment on the post mentioning the administrator"
// (e2e/tests/feed.spec.ts). The server's side is server/src/features/feed/comments.test.ts (what is stored)
// and server/src/features/notifications/notifications.test.ts ("goes to the mentioned users of a feed
// comment, not the author or anyone else").
import { type Comment, feedEndpoints, MSG, reachEndpoints, usersEndpoints } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { feedPost } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import PostDetailPage from './post-detail-page';

const POST = { ...feedPost({ id: 41, title: 'Canteen reopens' }), acknowledgedAt: null };
const ME = { id: 7, firstName: 'Sam', lastName: 'Staff', profileImage: null };
const ADA = { id: 1, firstName: 'Ada', lastName: 'Admin', profileImage: null };

let api: ApiMock;
let comments: Comment[];
beforeEach(() => {
  signIn('staff', { id: ME.id });
  comments = [];
  api = mockApi()
    .on(feedEndpoints.getNewsfeedPost, ok(POST))
    // After /newsfeed/:id, which would otherwise answer /newsfeed/to-acknowledge too (the last route set wins).
    .on(reachEndpoints.listToAcknowledge, ok({ posts: [], count: 0 }))
    .on(reachEndpoints.recordPostReads, ok({ recorded: 0 }))
    .on(feedEndpoints.listFeedPostComments, () => ok(comments))
    .on(usersEndpoints.listUsers, ({ query }) => ok(query.startString === 'Ada' ? [ADA] : []))
    .on(feedEndpoints.createFeedPostComment, ({ body }) => {
      const sent = body as { content: string; userIDs: number[] };
      const saved: Comment = {
        id: 90,
        content: sent.content,
        feedPostId: POST.id,
        userId: ME.id,
        userIDs: sent.userIDs,
        createdAt: '2026-03-02T09:00:00.000Z',
        user: ME,
        mentionedUsers: [ADA].filter((u) => sent.userIDs.includes(u.id)),
      };
      comments = [...comments, saved];
      return ok(saved, 201);
    });
});

// The post page records that it was opened, in a batch sent 5 s later: sent now, while this test's API
// answers it, instead of from a timer firing in whatever test file the worker runs next.
afterEach(() => window.dispatchEvent(new Event('pagehide')));

describe("a feed post's comments", () => {
  it('sends a comment mentioning a colleague picked from the search, and shows it', async () => {
    const { user } = renderPage(<PostDetailPage />, { at: '/post-detail/41', path: '/post-detail/:postId' });
    expect(await screen.findByRole('heading', { name: 'Canteen reopens' })).toBeVisible();
    expect(await screen.findByText(MSG.noComments)).toBeVisible();
    const send = screen.getByRole('button', { name: 'Post Comment' });
    expect(send).toBeDisabled();

    const box = screen.getByRole('textbox', { name: 'Comment' });
    // Plain text pasted (typing it key by key takes seconds here), the mention typed.
    await user.click(box);
    await user.paste('Looking forward to it ');
    await user.type(box, '@Ada');
    const ada = await screen.findByText('Ada Admin');
    // The search asks for active colleagues whose name starts with what follows the "@".
    expect(api.sent(usersEndpoints.listUsers).at(-1)?.query).toMatchObject({
      startString: 'Ada',
      isActive: '1',
    });
    await user.click(ada);
    expect(box).toHaveValue('Looking forward to it @Ada Admin ');
    await user.paste('see you there');
    expect(send).toBeEnabled();
    await user.click(send);

    await waitFor(() => expect(api.sent(feedEndpoints.createFeedPostComment)).toHaveLength(1));
    expect(api.sent(feedEndpoints.createFeedPostComment)[0]?.body).toEqual({
      content: 'Looking forward to it @Ada Admin see you there',
      feedPostId: 41,
      userIDs: [ADA.id],
    });
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText(/Looking forward to it/)).toBeVisible();
    // The mention is a link to the colleague's page.
    expect(within(list).getByRole('link', { name: '@Ada Admin' })).toHaveAttribute('href', '/people/1');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByText(MSG.noComments)).not.toBeInTheDocument();
    // Focus moves to the new comment, so a screen reader reads what was posted (issue 14).
    const posted = within(list)
      .getByText(/Looking forward to it/)
      .closest('li.comment');
    await waitFor(() => expect(posted).toHaveFocus());
  });
});
