// @vitest-environment happy-dom
// The top bar's search box (issue 17): suggestions as the user types, a draft marked as such for
// administrators, and Enter with no suggestion chosen opening the results page. Ctrl+K's request is taken when the box
// arrives. Typing into a real page, keyboard order and the phone's icon are the search journey's (e2e/tests/search.spec.ts).
import { type SearchHit, searchEndpoints, systemEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import { SearchBox } from './search-box';

const draft: SearchHit = {
  kind: 'posts',
  id: 9,
  title: 'Secret roadmap',
  snippet: { text: 'The secret roadmap for next year.', marks: [[4, 10]] },
  at: '2026-03-02 08:00:00',
  status: 'draft',
  author: { id: 3, firstName: 'Pat', lastName: 'Editor' },
  community: null,
  post: null,
  person: null,
};

/** The box with its text and its focus request kept by a parent, as the top bar keeps them. */
function Box({ isMobile = false, focusWanted = false }: { isMobile?: boolean; focusWanted?: boolean }) {
  const [text, setText] = useState('');
  const [wanted, setWanted] = useState(focusWanted);
  return (
    <>
      <SearchBox
        isMobile={isMobile}
        text={text}
        onText={setText}
        focusWanted={wanted}
        onFocused={() => setWanted(false)}
      />
      <output data-testid="focus-wanted">{String(wanted)}</output>
    </>
  );
}

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(searchEndpoints.suggestSearch, ok({ groups: [{ kind: 'posts', hits: [draft] }] }));
});

describe('the search box', () => {
  it('suggests as the user types, a draft marked Draft', async () => {
    const { user } = renderPage(<Box />, { at: '/news' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'secret');
    const option = await screen.findByRole('option', { name: /Secret roadmap/ });
    expect(option.textContent).toContain('Draft');
    await waitFor(() =>
      expect(api.sent(searchEndpoints.suggestSearch).at(-1)?.query).toEqual({ q: 'secret' }),
    );
  });

  it('opens the results page for the text on Enter when no suggestion is chosen', async () => {
    const { user } = renderPage(<Box />, { at: '/news' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'secret road{Enter}');
    expect(await landedAt()).toBe('/search?q=secret+road');
  });

  it('on a phone, opens focused from its search icon', async () => {
    const { user } = renderPage(<Box isMobile />, { at: '/news' });
    expect(screen.queryByRole('combobox', { name: 'Search' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus());
  });

  // Ctrl+K pressed while the box's code was loading is the top bar's request, taken when the box arrives.
  it.each([
    ['a desktop', false],
    ['a phone', true],
  ])('on %s, arriving with a focus request, opens focused and says it is done', async (_, isMobile) => {
    renderPage(<Box isMobile={isMobile} focusWanted />, { at: '/news' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus());
    expect(screen.getByTestId('focus-wanted')).toHaveTextContent('false');
  });
});
