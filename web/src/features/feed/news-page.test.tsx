// @vitest-environment happy-dom
// /news for staff (product.md sections 2, 8 and 9): the feed's first page as the server orders it, each card
// linking to its post with its picture; like and favourite change the card at once, send the action and
// keep the server's counts, and a failed call is taken back without a message; the next page loads when the
// end of the list comes into view. Replaces the journeys "staff see it first, like and favourite it, and
// find it on their profile" (its News half) and "infinite scroll loads the second page of the feed"
// (e2e/tests/feed.spec.ts). The server's side (order, paging, what an action stores) is
// server/src/features/feed/visibility.test.ts, pagination.test.ts and actions.test.ts.
import { ACTION_TYPE, type FeedPost, feedEndpoints, reachEndpoints } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { feedPost } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import NewsPage from './news-page';

const TITLE = 'Canteen reopens';

/** A post with a picture, as a post manager publishes it with an image. */
const NEWEST = feedPost({
  id: 41,
  title: TITLE,
  likes: 3,
  favourites: 1,
  files: [
    {
      id: 5,
      sourceUrl: '/uploads/canteen.png',
      thumbnailUrl: '/uploads/canteen.jpg',
      width: 1200,
      height: 800,
      variants: [],
      resourceType: 'image',
      mimeType: 'image/png',
      originalName: 'canteen.png',
      size: 20_480,
    },
  ],
});

/** `count` older posts after `from`, each with its own id and title. */
const olderPosts = (from: number, count: number): FeedPost[] =>
  Array.from({ length: count }, (_, i) => feedPost({ id: from + i, title: `Older post ${from + i}` }));

const FIRST_PAGE = [NEWEST, ...olderPosts(100, 9)];

/**
 * Stands in for the browser's IntersectionObserver, which happy-dom lacks: it reports only when a test
 * says an element came into view, as scrolling to it would.
 */
class ScrollObserver {
  static all: ScrollObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScrollObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  /** Tells every observer watching `target` that it is now in view. */
  static scrolledTo(target: Element) {
    for (const observer of ScrollObserver.all.filter((o) => o.targets.has(target))) {
      const entry = { target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

let api: ApiMock;
/** The All tab's pages by cursor (`''` the first); the featured carousel is empty. */
function answerFeed(pages: Record<string, { posts: FeedPost[]; next: string | null }>) {
  api.on(feedEndpoints.listNewsfeed, ({ query }) => {
    if (query.isFeatured === '1') return ok({ posts: [], next: null });
    return ok(pages[query.next ?? ''] ?? { posts: [], next: null });
  });
}

beforeEach(() => {
  signIn('staff');
  ScrollObserver.all = [];
  vi.stubGlobal('IntersectionObserver', ScrollObserver);
  api = mockApi()
    .on(reachEndpoints.listToAcknowledge, ok({ posts: [], count: 0 }))
    .on(reachEndpoints.recordPostReads, ok({ recorded: 0 }));
  answerFeed({ '': { posts: FIRST_PAGE, next: null } });
});

const openNews = () => renderPage(<NewsPage />, { at: '/news' });
const card = (title = TITLE) => screen.findByRole('article', { name: title });
const allPosts = () => screen.findByRole('list', { name: 'All posts' });
const feedPages = () => api.sent(feedEndpoints.listNewsfeed).filter((r) => r.query.isFeatured !== '1');

/** An answer the test releases when it chooses, to see the card before the server has answered. */
function held() {
  let release: (answer: Answer) => void = () => {};
  const answer = new Promise<Answer>((resolve) => {
    release = resolve;
  });
  return { reply: () => answer, release };
}

describe('the News feed', () => {
  it('shows the first page as the server orders it, each card linking to its post with its picture', async () => {
    openNews();
    const list = await allPosts();
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(10);
    expect(cards[0]).toHaveAccessibleName(TITLE);
    expect(cards[1]).toHaveAccessibleName('Older post 100');
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: TITLE })).toHaveAttribute(
      'href',
      '/post-detail/41',
    );
    expect((cards[0] as HTMLElement).querySelector('img')).toHaveAttribute('src', '/uploads/canteen.jpg');
    // One page of ten, the whole feed (no tab's action).
    expect(feedPages()).toHaveLength(1);
    expect(feedPages()[0]?.query).toMatchObject({ limit: '10' });
    expect(feedPages()[0]?.query).not.toHaveProperty('action');
  });
});

describe('like and favourite on a card', () => {
  it('change the card at once, send the action, and keep the counts the server answers', async () => {
    const like = held();
    api.on(feedEndpoints.setFeedPostAction, like.reply);
    const { user } = openNews();
    const post = await card();
    const likeButton = within(post).getByRole('button', { name: 'Like' });
    expect(likeButton).toHaveAttribute('aria-pressed', 'false');
    expect(within(post).getByTestId('like-count')).toHaveTextContent('3');

    await user.click(likeButton);
    // Before the server has answered.
    await waitFor(() => expect(within(post).getByTestId('like-count')).toHaveTextContent('4'));
    expect(likeButton).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton).toHaveAccessibleDescription('4 likes');
    expect(api.sent(feedEndpoints.setFeedPostAction).map((r) => r.body)).toEqual([
      { active: 1, feedPostId: 41, feedPostActionTypeId: ACTION_TYPE.LIKE },
    ]);
    // Someone else liked it meanwhile: the server's count wins.
    like.release(ok({ successful: true, likes: 5, favourites: 1, isLiked: true, isFavourited: false }));
    await waitFor(() => expect(within(post).getByTestId('like-count')).toHaveTextContent('5'));
    expect(likeButton).toHaveAttribute('aria-pressed', 'true');

    api.on(
      feedEndpoints.setFeedPostAction,
      ok({ successful: true, likes: 5, favourites: 2, isLiked: true, isFavourited: true }),
    );
    const favourite = within(post).getByRole('button', { name: 'Favourite' });
    await user.click(favourite);
    await waitFor(() => expect(favourite).toHaveAttribute('aria-pressed', 'true'));
    expect(within(post).getByTestId('favourite-count')).toHaveTextContent('2');
    expect(api.sent(feedEndpoints.setFeedPostAction).at(-1)?.body).toEqual({
      active: 1,
      feedPostId: 41,
      feedPostActionTypeId: ACTION_TYPE.FAVOURITE,
    });

    // Pressed again, the like is taken back.
    api.on(
      feedEndpoints.setFeedPostAction,
      ok({ successful: true, likes: 4, favourites: 2, isLiked: false, isFavourited: true }),
    );
    await user.click(likeButton);
    await waitFor(() => expect(likeButton).toHaveAttribute('aria-pressed', 'false'));
    expect(within(post).getByTestId('like-count')).toHaveTextContent('4');
    expect(api.sent(feedEndpoints.setFeedPostAction).at(-1)?.body).toMatchObject({
      active: 0,
      feedPostActionTypeId: ACTION_TYPE.LIKE,
    });
  });

  it('are taken back, without a message, when the call fails', async () => {
    const like = held();
    api.on(feedEndpoints.setFeedPostAction, like.reply);
    const { user } = openNews();
    const post = await card();
    const likeButton = within(post).getByRole('button', { name: 'Like' });
    await user.click(likeButton);
    await waitFor(() => expect(within(post).getByTestId('like-count')).toHaveTextContent('4'));

    like.release(fail(500, 'Something went wrong'));
    await waitFor(() => expect(within(post).getByTestId('like-count')).toHaveTextContent('3'));
    expect(likeButton).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('infinite scroll', () => {
  it('loads the next page when the end of the list comes into view, until the feed ends', async () => {
    answerFeed({
      '': { posts: FIRST_PAGE, next: 'page-2' },
      'page-2': { posts: olderPosts(200, 5), next: null },
    });
    openNews();
    const list = await allPosts();
    expect(within(list).getAllByRole('article')).toHaveLength(10);
    // Nothing more is asked for while the end of the list is out of view (given the time it would take).
    await new Promise((done) => setTimeout(done, 200));
    expect(feedPages()).toHaveLength(1);

    act(() => ScrollObserver.scrolledTo(screen.getByTestId('feed-sentinel')));
    expect(await screen.findByRole('article', { name: 'Older post 204' })).toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(15);
    expect(feedPages().map((r) => r.query.next)).toEqual([undefined, 'page-2']);
    expect(feedPages()[1]?.query).toMatchObject({ limit: '10' });
    // The last page: the list says so, and nothing watches for more.
    expect(screen.getByText('You are all caught up.')).toBeVisible();
    expect(screen.queryByTestId('feed-sentinel')).not.toBeInTheDocument();
  });
});
