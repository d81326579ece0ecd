// @vitest-environment happy-dom
// No blank page (issue 33): a page that throws, and a page whose code does not load, show what happened
// with a way on; another address gives the next page its chance.
import { screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetch-mock';
import { renderPage, signIn } from '../test/render';
import { PageErrorBoundary } from './page-error-boundary';
import { failureText, isChunkLoadError } from './page-failed';

const CHUNK = new TypeError('Failed to fetch dynamically imported module: http://x/assets/news-page-3f2a.js');

afterEach(() => vi.restoreAllMocks());

let throwing = true;
function Fragile() {
  if (throwing) throw new Error('cannot read properties of undefined');
  return <h1>Post</h1>;
}

function Framed({ children }: { children: React.ReactNode }) {
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <PageErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>{children}</Suspense>
      </PageErrorBoundary>
    </>
  );
}

describe('what the reader is told', () => {
  it('tells a failed code load from any other failure, and offline from online', () => {
    expect(isChunkLoadError(CHUNK)).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(failureText(CHUNK, false).title).toBe('This page is not available offline');
    expect(failureText(CHUNK, true).title).toBe('This page could not be loaded');
    expect(failureText(new Error('x'), false).title).toBe('Something went wrong on this page');
  });
});

describe('page error boundary', () => {
  it('shows a failed page with Try again, which renders it once more, and the home page', async () => {
    signIn('staff');
    mockApi();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    throwing = true;
    const { user } = renderPage(
      <Framed>
        <Fragile />
      </Framed>,
      { at: '/post-detail/4' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong on this page', level: 1 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back to home page' })).toBeVisible();
    throwing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Post', level: 1 })).toBeVisible();
  });

  it('says a page never opened is not available offline, reloads to try again, and lets the next page show', async () => {
    signIn('staff');
    mockApi();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const Never = lazy(() => Promise.reject(CHUNK));
    function Page() {
      return useLocation().pathname === '/elsewhere' ? <h1>Elsewhere page</h1> : <Never />;
    }
    const { user } = renderPage(
      <Framed>
        <Page />
      </Framed>,
      { at: '/post-detail/5', path: '/*' },
    );
    expect(await screen.findByRole('heading', { name: 'This page is not available offline' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeVisible();
  });
});
