// @vitest-environment happy-dom
// A post's page (issue 33): the author and each commenter are links to their page, not plain text, and an
// empty list of posts says what it is that holds none, under SPEC's sentence.
import { MSG } from '@hearth/contract';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { AUTHOR, feedPost } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import { CommentsPanel } from './comments-panel';
import { PostBody } from './post-body';
import { InfinitePostList } from './post-list';

beforeEach(() => {
  signIn('staff');
  mockApi();
});

const COMMENTER = { id: 9, firstName: 'Thandi', lastName: 'Nkosi', profileImage: null };

describe('names on a post', () => {
  it("link the author's and each commenter's name to their page", () => {
    const comments = {
      data: [{ id: 1, content: 'Lovely news', createdAt: '2026-03-02 09:00:00', user: COMMENTER }],
      isError: false,
      error: null,
      refetch: () => undefined,
    };
    renderPage(
      <PostBody
        post={feedPost()}
        tags={null}
        actions={null}
        comments={<CommentsPanel comments={comments} />}
      />,
      { at: '/post-detail/41' },
    );
    const byline = screen.getByRole('link', { name: `${AUTHOR.firstName} ${AUTHOR.lastName}` });
    expect(byline).toHaveAttribute('href', `/people/${AUTHOR.id}`);
    const list = screen.getByRole('list', { name: 'Comments' });
    expect(within(list).getByRole('link', { name: 'Thandi Nkosi' })).toHaveAttribute('href', '/people/9');
  });
});

describe('an empty list of posts', () => {
  it("keeps SPEC's sentence and says what holds no posts", () => {
    const feed = {
      data: { pages: [{ posts: [], next: null }], pageParams: [] },
      isError: false,
      hasNextPage: false,
      fetchNextPage: () => undefined,
    } as unknown as UseInfiniteQueryResult<never>;
    renderPage(
      <InfinitePostList
        feed={feed}
        label="Community posts"
        renderPost={() => null}
        emptyHint="No one has posted in this community yet."
      />,
    );
    expect(screen.getByText(MSG.noUsers)).toBeVisible();
    expect(screen.getByText('No one has posted in this community yet.')).toBeVisible();
  });
});
