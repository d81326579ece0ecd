// @vitest-environment happy-dom
// The router (issue 32, item 4): it starts a page's requests (its route loader) as soon as a location
// matches, before the page's code has arrived, once per location, for the pages the visitor has (signed in
// or not); once the loader has asked for the data it starts the page's code. And its guards, with the real
// pages (product.md section 2, Guards): a logged-out visit to a protected page goes to the login, a survey
// link opened logged out is kept and wins after the login, an unknown path shows the not-found page with
// the way on (the login, or the role's home page), and a page of another role "Not authorised" with the way
// home. The guards were browser journeys (e2e/tests/navigation.spec.ts). They are here, not in a file of
// their own, because this file mocks modules the router imports: the web project shares loaded modules
// between files (isolate: false), so a second file importing the router would get this file's mocks or
// keep them from it, by the order the files ran in.
import { authEndpoints, ROLE, ssoEndpoints, systemEndpoints } from '@hearth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteLoaderArgs } from '../lib/route-loader';
import { clearSession, peekSurveyLink } from '../lib/session';
import { type ApiMock, mockApi, ok } from '../test/fetch-mock';
import { loginAnswer, PASSWORDS_ONLY, PUBLIC_CONFIG } from '../test/fixtures';
import { renderPage, signIn, testQueryClient } from '../test/render';

/** The loaders' stand-ins: each settles at once, unless a test holds their chunk back (`held`). */
const chunk = vi.hoisted(() => ({ held: undefined as Promise<void> | undefined }));
const loaders = vi.hoisted(() => {
  const standIn = () => vi.fn((_args: RouteLoaderArgs) => chunk.held ?? Promise.resolve());
  return { news: standIn(), person: standIn(), users: standIn(), login: standIn() };
});
vi.mock('./route-loaders', () => ({ ROUTE_LOADERS: loaders }));
const preloadPage = vi.hoisted(() => vi.fn());
vi.mock('./pages', async (original) => ({ ...(await original<typeof import('./pages')>()), preloadPage }));

const { AppRoutes, buildRoutes, startRouteLoader } = await import('./router');

function open(at: string) {
  window.history.replaceState(null, '', at);
  const client = testQueryClient();
  const tree = (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
  render(tree);
  return { client };
}

beforeEach(() => {
  for (const load of Object.values(loaders)) load.mockClear();
  preloadPage.mockReset();
  chunk.held = undefined;
  clearSession();
});

describe('route loaders', () => {
  it('start while the page is still loading its code, with the role, the params and the query', () => {
    signIn('staff');
    const { client } = open('/people/42?tab=posts');
    // Synchronously, in the first render: no lazy page can have arrived yet.
    expect(loaders.person).toHaveBeenCalledTimes(1);
    const [args] = loaders.person.mock.calls[0] ?? [];
    expect(args?.params).toMatchObject({ personId: '42' });
    expect(args?.search.get('tab')).toBe('posts');
    expect(args?.roleId).toBe(ROLE.STAFF);
    expect(args?.queryClient).toBe(client);
    expect(loaders.news).not.toHaveBeenCalled();
  });

  it('run once per location, and again when the location changes', async () => {
    signIn('staff');
    open('/news');
    // A new access token re-renders the routes (useSession) at the same location: nothing is asked again.
    act(() => {
      signIn('staff', { accessToken: 'a-fresh-token' });
    });
    expect(loaders.news).toHaveBeenCalledTimes(1);
    await act(async () => {
      window.history.pushState(null, '', '/people/7');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(loaders.person).toHaveBeenCalledTimes(1);
    expect(loaders.person.mock.calls[0]?.[0].params).toMatchObject({ personId: '7' });
    expect(loaders.news).toHaveBeenCalledTimes(1);
  });

  it('start nothing on a page the visitor does not have: signed in, or not', () => {
    open('/news');
    expect(loaders.news).not.toHaveBeenCalled();
    clearSession();
    signIn('staff');
    open('/users');
    expect(loaders.users).not.toHaveBeenCalled();
  });

  it("start the public pages' requests for a visitor who is not signed in", () => {
    open('/login');
    expect(loaders.login).toHaveBeenCalledTimes(1);
    expect(loaders.login.mock.calls[0]?.[0].roleId).toBeUndefined();
  });

  it("answer the loader's promise where a location has one, else nothing", () => {
    const client = testQueryClient();
    const routes = buildRoutes(ROLE.ADMIN);
    expect(startRouteLoader(routes, { pathname: '/users', search: '' }, ROLE.ADMIN, client)).toBe(
      loaders.users.mock.results[0]?.value,
    );
    expect(loaders.users).toHaveBeenCalledTimes(1);
    expect(
      startRouteLoader(routes, { pathname: '/no-such-page', search: '' }, ROLE.ADMIN, client),
    ).toBeUndefined();
    expect(
      startRouteLoader(routes, { pathname: '/verify-email', search: '' }, ROLE.ADMIN, client),
    ).toBeUndefined();
  });
});

describe("the page's code", () => {
  it('is asked for once the loader has asked for the data, not before, and once per location', async () => {
    let arrive = () => {};
    chunk.held = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    signIn('staff');
    open('/people/42');
    await act(async () => {});
    // The loaders' chunk is not in: the page's forty modules would queue it behind them.
    expect(preloadPage).not.toHaveBeenCalled();
    await act(async () => arrive());
    expect(preloadPage.mock.calls).toEqual([['person']]);
    act(() => {
      signIn('staff', { accessToken: 'a-fresh-token' });
    });
    await act(async () => {});
    expect(preloadPage).toHaveBeenCalledTimes(1);
  });

  it('is asked for when the loader fails too', async () => {
    loaders.person.mockImplementationOnce(() => Promise.reject(new Error('the loader broke')));
    signIn('staff');
    open('/people/42');
    await act(async () => {});
    expect(preloadPage.mock.calls).toEqual([['person']]);
  });

  it('is asked for on any page of the route table, and not for an address with no page', async () => {
    signIn('staff');
    open('/surveys');
    await act(async () => {});
    expect(preloadPage.mock.calls).toEqual([['surveys']]);
    preloadPage.mockReset();
    open('/no-such-page');
    await act(async () => {});
    expect(preloadPage).not.toHaveBeenCalled();
  });
});

/** The app's routes at `at`, inside the app's shell, as main.tsx mounts them. */
const openApp = (at: string) => renderPage(<AppRoutes />, { at, path: '/*' });

/** The first render of a test loads the real layouts and pages: allow for a busy machine. */
const FIRST = { timeout: 20_000 };

const at = (path: string) => waitFor(() => expect(window.location.pathname).toBe(path));

describe('guards', () => {
  let api: ApiMock;
  beforeEach(() => {
    sessionStorage.clear();
    // Whatever else the pages ask for answers 404 (fetch-mock): the guards decide before any data arrives.
    api = mockApi()
      .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
      .on(ssoEndpoints.listSsoProviders, ok(PASSWORDS_ONLY));
  });

  it('send a logged-out visit to a protected page to the login, with the footer', async () => {
    openApp('/profile');
    expect(await screen.findByRole('button', { name: 'Log in' }, FIRST)).toBeVisible();
    await at('/');
    expect(screen.getByTestId('app-footer')).toHaveTextContent(/support@example\.com/);
    expect(peekSurveyLink()).toBeNull();
  });

  it('keep a survey link opened logged out, and follow it after the login', async () => {
    api.on(authEndpoints.login, ok(loginAnswer(ROLE.STAFF)));
    const { user } = openApp('/surveys/5');
    expect(await screen.findByRole('button', { name: 'Log in' }, FIRST)).toBeVisible();
    await at('/');
    expect(peekSurveyLink()).toBe('/surveys/5');
    await user.type(screen.getByLabelText('E-mail'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Right#pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await at('/surveys/5');
    expect(api.sent(authEndpoints.login)).toHaveLength(1);
    // Used once inside: the next login goes to the home page.
    await waitFor(() => expect(peekSurveyLink()).toBeNull());
  });

  it('show the not-found page on an unknown path, with the login as the way on when logged out', async () => {
    const { user } = openApp('/no/such/page');
    expect(await screen.findByText(/does not exist/i, undefined, FIRST)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to login' }));
    expect(await screen.findByRole('button', { name: 'Log in' }, FIRST)).toBeVisible();
  });

  it("show the not-found page signed in, with the role's home page as the way on and the footer", async () => {
    signIn('editor');
    const { user } = openApp('/still/nothing');
    expect(await screen.findByText(/does not exist/i, undefined, FIRST)).toBeVisible();
    expect(screen.getByTestId('app-footer')).toHaveTextContent(/© 2020 Hearth/);
    await user.click(screen.getByRole('button', { name: 'Back to home page' }));
    await at('/admin-feed-post-list');
  });

  it('show staff "Not authorised" on the admin post list, without its buttons, and the way home', async () => {
    signIn('staff');
    const { user } = openApp('/admin-feed-post-list');
    expect(await screen.findByRole('heading', { name: 'Not authorised', level: 1 }, FIRST)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create Post' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to home page' }));
    await at('/news');
  });
});
