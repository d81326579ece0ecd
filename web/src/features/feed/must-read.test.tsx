// @vitest-environment happy-dom
// Must-read posts (issues 18 and 33): the News list leads to each post instead of acknowledging it unread;
// the post's page asks for the acknowledgement and then keeps "You acknowledged this post on ...".
import { feedEndpoints, MSG, reachEndpoints } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { feedPost } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import { MustReadList } from './must-read-list';
import PostDetailPage from './post-detail-page';

const POLICY = feedPost({
  id: 7,
  title: 'Travel policy',
  requiresAck: true,
  ackDueAt: '2098-12-01 17:00:00',
});
const ACKED_AT = '2026-11-28T09:15:00.000Z';

let api: ApiMock;
/** After /newsfeed/:id, which would otherwise answer /newsfeed/to-acknowledge too (the last route set wins). */
const toAcknowledge = () => api.on(reachEndpoints.listToAcknowledge, ok({ posts: [POLICY], count: 1 }));
beforeEach(() => {
  signIn('staff');
  api = mockApi()
    .on(reachEndpoints.listToAcknowledge, ok({ posts: [POLICY], count: 1 }))
    .on(reachEndpoints.recordPostReads, ok({ recorded: 0 }))
    .on(feedEndpoints.listFeedPostComments, ok([]));
});

// The post page records that it was opened, in a batch sent 5 s later: sent now, while this test's API
// answers it, instead of from a timer firing in whatever test file the worker runs next.
afterEach(() => window.dispatchEvent(new Event('pagehide')));

describe('the News list of posts to acknowledge', () => {
  it('opens each post to read it, and offers no acknowledgement unread', async () => {
    renderPage(<MustReadList />, { at: '/news' });
    const list = await screen.findByRole('region', { name: 'To acknowledge' });
    expect(within(list).getByRole('link', { name: 'Read and acknowledge: Travel policy' })).toHaveAttribute(
      'href',
      '/post-detail/7',
    );
    expect(within(list).queryByRole('button', { name: /I have read this/ })).not.toBeInTheDocument();
  });
});

describe("a must-read post's page", () => {
  it('asks for the acknowledgement, sends it, and then keeps the date', async () => {
    api
      .on(feedEndpoints.getNewsfeedPost, ok({ ...POLICY, acknowledgedAt: null }))
      .on(reachEndpoints.acknowledgePost, ok({ acknowledgedAt: ACKED_AT }));
    toAcknowledge();
    const { user } = renderPage(<PostDetailPage />, { at: '/post-detail/7', path: '/post-detail/:postId' });
    const banner = await screen.findByRole('region', { name: 'Acknowledgement' });
    await user.click(within(banner).getByRole('button', { name: 'I have read this' }));
    expect(await screen.findByText(MSG.acknowledged)).toBeVisible();
    const mark = await screen.findByText(/You acknowledged this post on/);
    expect(mark.querySelector('time')).toHaveAttribute('dateTime', ACKED_AT);
    expect(screen.queryByRole('region', { name: 'Acknowledgement' })).not.toBeInTheDocument();
    expect(api.sent(reachEndpoints.acknowledgePost)).toHaveLength(1);
  });

  it('shows the mark, not the request, when it was acknowledged before', async () => {
    api.on(feedEndpoints.getNewsfeedPost, ok({ ...POLICY, acknowledgedAt: ACKED_AT }));
    toAcknowledge();
    renderPage(<PostDetailPage />, { at: '/post-detail/7', path: '/post-detail/:postId' });
    expect(await screen.findByText(/You acknowledged this post on/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I have read this' })).not.toBeInTheDocument();
  });
});
