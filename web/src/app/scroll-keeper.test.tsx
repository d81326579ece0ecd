// @vitest-environment happy-dom
// Where a page opens (issue 33): a link opens the next page at the top, Back returns to where the reader
// was, a new query on the same page keeps the place, and the place survives a reload of the document.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ScrollKeeper } from './scroll-keeper';

function List() {
  const navigate = useNavigate();
  return (
    <>
      <h1>News</h1>
      <Link to="/post/1">Post</Link>
      <button type="button" onClick={() => navigate('/news?tab=communities', { replace: true })}>
        Communities tab
      </button>
    </>
  );
}

function Post() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Post</h1>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function app() {
  return render(
    <BrowserRouter>
      <ScrollKeeper />
      <Routes>
        <Route path="/news" element={<List />} />
        <Route path="/post/:id" element={<Post />} />
      </Routes>
    </BrowserRouter>,
  );
}

/** The reader scrolls to `y`, and the frame that records it passes. */
async function scrollTo(y: number) {
  await act(async () => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/news');
  window.scrollTo(0, 0);
});

describe('scroll keeper', () => {
  it('opens a new page at the top and returns to the place on Back', async () => {
    const user = userEvent.setup({ delay: null });
    app();
    await scrollTo(840);
    await user.click(screen.getByRole('link', { name: 'Post' }));
    expect(await screen.findByRole('heading', { name: 'Post' })).toBeVisible();
    expect(window.scrollY).toBe(0);
    await scrollTo(120);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'News' })).toBeVisible();
    expect(window.scrollY).toBe(840);
  });

  it('keeps the place when only the query changes', async () => {
    const user = userEvent.setup({ delay: null });
    app();
    await scrollTo(500);
    await user.click(screen.getByRole('button', { name: 'Communities tab' }));
    expect(window.location.search).toBe('?tab=communities');
    expect(window.scrollY).toBe(500);
  });

  it('keeps the places over a reload of the document', async () => {
    const user = userEvent.setup({ delay: null });
    const first = app();
    await scrollTo(650);
    await user.click(screen.getByRole('link', { name: 'Post' }));
    await screen.findByRole('heading', { name: 'Post' });
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    // The reload, then Back to the news.
    app();
    await act(async () => window.history.back());
    expect(await screen.findByRole('heading', { name: 'News' })).toBeVisible();
    expect(window.scrollY).toBe(650);
  });
});
