// @vitest-environment happy-dom
// The router starts a page's requests (its route loader) as soon as a location matches, before the page's
// code has arrived, once per location; never for a visitor who is not signed in (issue 32, item 4).
import { ROLE } from '@hearth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteLoaderArgs } from '../lib/route-loader';
import { clearSession } from '../lib/session';
import { signIn, testQueryClient } from '../test/render';

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
