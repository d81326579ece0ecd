// @vitest-environment happy-dom
// The search results page (issue 17): one tab per kind, the query in the address, highlighted snippets,
// drafts marked for administrators, the empty-result message, "Load more", sort and clearing filters.
import {
  SEARCH_KINDS,
  SEARCH_LIMITS,
  type SearchHit,
  type SearchKind,
  type SearchSummary,
  searchEndpoints,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, never, ok } from '../../test/fetch-mock';
import { chooseOption, fill } from '../../test/fields';
import { renderPage, signIn } from '../../test/render';
import SearchPage from './search-page';

function hit(id: number, patch: Partial<SearchHit> = {}): SearchHit {
  const title = `Lantern briefing ${id}`;
  return {
    kind: 'posts',
    id,
    title,
    snippet: { text: `Notes of the lantern team, week ${id}.`, marks: [[13, 20]] },
    at: '2026-03-02 08:00:00',
    status: null,
    author: { id: 3, firstName: 'Pat', lastName: 'Editor' },
    community: null,
    post: null,
    person: null,
    ...patch,
  };
}

/** The tabs' counts: the kinds named, the others 0. */
function summary(
  found: Partial<Record<SearchKind, number | 'more'>>,
  didYouMean: string | null = null,
): SearchSummary {
  return {
    counts: SEARCH_KINDS.map((kind) => {
      const n = found[kind] ?? 0;
      return n === 'more'
        ? { kind, count: SEARCH_LIMITS.countUpTo, more: true }
        : { kind, count: n, more: false };
    }),
    didYouMean,
  };
}

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  api = mockApi()
    .on(searchEndpoints.search, (request) =>
      request.query.next === 'page-2'
        ? ok({ hits: [hit(21), hit(22), hit(23)], next: null })
        : ok({ hits: Array.from({ length: 20 }, (_, i) => hit(i + 1)), next: 'page-2' }),
    )
    .on(searchEndpoints.searchSummary, ok(summary({ posts: 23 })));
});

const open = (at: string) => renderPage(<SearchPage />, { at, path: '/search' });
const hits = () => screen.queryAllByTestId('search-hit');

describe('search page', () => {
  it('asks for something to search when the address has no text, and sends nothing', async () => {
    open('/search');
    expect(await screen.findByText('Type what you are looking for in the search box.')).toBeVisible();
    expect(api.sent(searchEndpoints.search)).toHaveLength(0);
  });

  it('shows the first 20 results with the matched words marked, then loads the rest', async () => {
    const { user } = open('/search?q=lantern');
    await waitFor(() => expect(hits()).toHaveLength(20));
    const first = hits()[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Lantern briefing 1' })).toHaveAttribute(
      'href',
      '/post-detail/1',
    );
    expect(first.querySelector('mark')?.textContent).toBe('lantern');
    expect(within(first).getByText('by Pat Editor')).toBeVisible();
    expect(api.sent(searchEndpoints.search)[0]?.query).toEqual({
      q: 'lantern',
      kind: 'posts',
      sort: 'relevance',
    });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(hits()).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.sent(searchEndpoints.search)[1]?.query).toMatchObject({ next: 'page-2' });
  });

  it('says what matched nothing, in the words of the tab', async () => {
    api.on(searchEndpoints.search, ok({ hits: [], next: null }));
    const { user } = open('/search?q=lantern');
    expect(await screen.findByText(/No posts match “lantern”/)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: /^People/ }));
    expect(await screen.findByText(/No people match “lantern”/)).toBeVisible();
    expect(window.location.search).toBe('?q=lantern&kind=people');
    expect(api.sent(searchEndpoints.search).at(-1)?.query).toMatchObject({ kind: 'people' });
  });

  it('shows a searching state, then the error with a retry', async () => {
    api.on(searchEndpoints.search, never);
    const first = open('/search?q=lantern');
    expect(await screen.findByRole('status', { name: 'Searching' })).toBeVisible();
    first.unmount();

    api.on(searchEndpoints.search, fail(400, 'Search text must be at most 200 characters'));
    open('/search?q=lantern');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search text must be at most 200 characters');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('marks drafts for administrators', async () => {
    signIn('admin');
    api.on(
      searchEndpoints.search,
      ok({ hits: [hit(9, { title: 'Secret roadmap', status: 'draft' })], next: null }),
    );
    open('/search?q=secret');
    const row = await screen.findByTestId('search-hit');
    expect(row).toHaveTextContent('Secret roadmapDraft');
  });

  it('sorts newest first and clears the date filter through the address', async () => {
    const { user } = open('/search?q=lantern&to=2001-01-01');
    await waitFor(() => expect(hits()).toHaveLength(20));
    expect(api.sent(searchEndpoints.search)[0]?.query).toMatchObject({ to: '2001-01-01' });
    await chooseOption(user, 'Sort', 'Newest first');
    await waitFor(() => expect(window.location.search).toContain('sort=date'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe('?q=lantern&kind=posts&sort=date'));
    expect(api.sent(searchEndpoints.search).at(-1)?.query).toEqual({
      q: 'lantern',
      kind: 'posts',
      sort: 'date',
    });
  });

  it('keeps a change of the address not yet rendered when another filter changes', async () => {
    const { user } = open('/search?q=lantern&kind=posts&to=2001-01-01');
    await waitFor(() => expect(hits()).toHaveLength(20));
    // The sort chosen a moment ago is in the address; its render has not happened yet (a router transition
    // that typing interrupted): the filter changed now must not write the address back without it.
    window.history.replaceState(
      window.history.state,
      '',
      '/search?q=lantern&kind=posts&to=2001-01-01&sort=date',
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe('?q=lantern&kind=posts&sort=date'));
  });

  it('searches again for new text from its own box, landing on its first tab with results', async () => {
    // On the discussions of one community: a new text starts afresh (the posts have results).
    const { user } = open('/search?q=lantern&kind=messages&communityId=4');
    await waitFor(() => expect(hits()).toHaveLength(20));
    await fill(user, screen.getByRole('textbox', { name: 'Search text' }), '  canteen  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.search).toBe('?q=canteen&kind=posts'));
    expect(api.sent(searchEndpoints.search).at(-1)?.query).toMatchObject({ q: 'canteen' });
  });

  it('names the clear button of the box for what it clears, and it empties the box', async () => {
    const { user } = open('/search?q=lantern');
    const box = screen.getByRole('textbox', { name: 'Search text' });
    await waitFor(() => expect(box).toHaveValue('lantern'));
    await user.click(screen.getByRole('button', { name: 'Clear the search text' }));
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: /close-circle/ })).not.toBeInTheDocument();
  });

  it("shows each tab's count and lands on the first tab with results", async () => {
    api.on(searchEndpoints.searchSummary, ok(summary({ comments: 'more', people: 1 })));
    open('/search?q=ada');
    await waitFor(() => expect(window.location.search).toBe('?q=ada&kind=comments'));
    expect(screen.getByRole('tab', { name: 'Posts, 0 results' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Comments, more than 50 results' })).toHaveTextContent(
      'Comments50+',
    );
    expect(screen.getByRole('tab', { name: 'People, 1 result' })).toBeVisible();
    await waitFor(() => expect(hits()).toHaveLength(20));
    // The first tab's results came alongside the counts; the tab landed on is searched then.
    expect(api.sent(searchEndpoints.search).map((r) => r.query.kind)).toEqual(['posts', 'comments']);
    expect(api.sent(searchEndpoints.searchSummary)[0]?.query).toEqual({ q: 'ada' });
  });

  it('stays on the tab the address names, even with nothing there', async () => {
    api.on(searchEndpoints.searchSummary, ok(summary({ people: 2 })));
    api.on(searchEndpoints.search, ok({ hits: [], next: null }));
    open('/search?q=ada&kind=posts');
    expect(await screen.findByText(/No posts match “ada”/)).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'People, 2 results' })).toBeVisible();
    expect(window.location.search).toBe('?q=ada&kind=posts');
  });

  it('offers the spelling that finds something, keeping the filters that every tab keeps', async () => {
    api.on(searchEndpoints.searchSummary, ok(summary({}, 'hearth')));
    api.on(searchEndpoints.search, ok({ hits: [], next: null }));
    const { user } = open('/search?q=hearht&from=2026-01-01');
    expect(await screen.findByText(/No posts match “hearht”/)).toBeVisible();
    const link = screen.getByRole('link', { name: 'hearth' });
    expect(link.closest('p')).toHaveTextContent('Did you mean hearth?');
    expect(link).toHaveAttribute('href', '/search?q=hearth&from=2026-01-01');
    api.on(searchEndpoints.searchSummary, ok(summary({ posts: 2 })));
    await user.click(link);
    await waitFor(() => expect(window.location.search).toBe('?q=hearth&kind=posts&from=2026-01-01'));
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it("leaves out the open tab's count while a community filter narrows it, and keeps the filter between its kinds", async () => {
    api.on(searchEndpoints.searchSummary, ok(summary({ messages: 5, comments: 3 })));
    const { user } = open('/search?q=ada&kind=messages&communityId=4');
    expect(await screen.findByRole('tab', { name: 'Comments, 3 results' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Discussions' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: /^Comments/ }));
    await waitFor(() => expect(window.location.search).toBe('?q=ada&kind=comments&communityId=4'));
    await user.click(screen.getByRole('tab', { name: /^People/ }));
    await waitFor(() => expect(window.location.search).toBe('?q=ada&kind=people'));
  });
});
