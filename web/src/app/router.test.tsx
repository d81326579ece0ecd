// @vitest-environment happy-dom
// The router starts a page's requests (its route loader) as soon as a location matches, before the page's
// code has arrived, once per location; never for a visitor who is not signed in (issue 32, item 4).
import { ROLE } from '@hearth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { signIn, testQueryClient } from '../test/render';

const loaders = vi.hoisted(() => ({ news: vi.fn(), person: vi.fn(), users: vi.fn(), login: vi.fn() }));
vi.mock('./route-loaders', () => ({ ROUTE_LOADERS: loaders }));

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
  for (const load of Object.values(loaders)) load.mockReset();
  clearSession();
});

describe('route loaders', () => {
  it('start while the page is still loading its code, with the role, the params and the query', () => {
    signIn('staff');
    const { client } = open('/people/42?tab=posts');
    // Synchronously, in the first render: no lazy page can have arrived yet.
    expect(loaders.person).toHaveBeenCalledTimes(1);
    const args = loaders.person.mock.calls[0]?.[0];
    expect(args.params).toMatchObject({ personId: '42' });
    expect(args.search.get('tab')).toBe('posts');
    expect(args.roleId).toBe(ROLE.STAFF);
    expect(args.queryClient).toBe(client);
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

  it('answer whether a location had a loader', () => {
    const client = testQueryClient();
    const routes = buildRoutes(ROLE.ADMIN);
    expect(startRouteLoader(routes, { pathname: '/users', search: '' }, ROLE.ADMIN, client)).toBe(true);
    expect(loaders.users).toHaveBeenCalledTimes(1);
    expect(startRouteLoader(routes, { pathname: '/no-such-page', search: '' }, ROLE.ADMIN, client)).toBe(
      false,
    );
    expect(startRouteLoader(routes, { pathname: '/verify-email', search: '' }, ROLE.ADMIN, client)).toBe(
      false,
    );
  });
});
