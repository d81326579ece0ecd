// @vitest-environment happy-dom
// The route loaders (ADR 046) against the pages themselves. For each address, as a role has it in the
// route table: the page's loader runs first, with the address's params and query string; then the real
// page renders against the same query cache while every request hangs (so it stays in its first render).
// The page must then send no request of its own (each of its queries found the loader's request under its
// key), and the queries it observes must be exactly the ones the loader started (the loader asks for
// nothing the page does not). A page without a loader must observe no query on its first render.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE, VIEW_STATE } from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_TABS } from '../features/communities/loaders';
import { configQuery } from '../lib/config';
import type { PageId } from '../lib/page-ids';
import type { RouteLoaders } from '../lib/route-loader';
import { PUBLIC_ROUTES, type RouteEntry, routesForRole } from '../lib/route-table';
import { PUBLIC_CONFIG } from '../test/fixtures';
import { AppShell, ROLE_IDS, type RoleName, signIn, testQueryClient } from '../test/render';
import { PageFor } from './pages';
import { LOADER_CHUNKS, ROUTE_LOADERS } from './route-loaders';

/** Each feature's loaders, by feature, from their chunks. */
const FEATURE_LOADERS: Record<string, RouteLoaders> = {};

type Case = {
  /** The address, as a link or the address bar gives it. */
  at: string;
  /** Signed in with this role; logged out without. */
  role?: RoleName;
  /** The page the route table opens there (so a case cannot test another page than it says). */
  page: PageId;
  /** The router's state of the navigation (the surveys list passes the survey's state flag so). */
  state?: unknown;
  /** How many requests the loader starts, where it is the point (a bad id starts nothing). */
  asks?: number;
  /** The page leaves at once (it cannot show a bad id): what it asks on its way out is nobody's. */
  leaves?: boolean;
};

const CASES: Case[] = [
  // Logged out.
  { at: '/login', page: 'login', asks: 1 },
  { at: '/register', page: 'register', asks: 2 },
  { at: '/forgot-password', page: 'forgotPassword', asks: 1 },
  { at: '/reset-password?token=abc', page: 'resetPassword', asks: 1 },
  { at: '/reset-password', page: 'resetPassword', asks: 0 },
  // These spend their link's token (or cookie), which only the page may do: no loader, and no query.
  { at: '/verify-email?token=abc', page: 'verifyEmail' },
  { at: '/confirm-email-change', page: 'confirmEmailChange' },
  { at: '/unsubscribe', page: 'unsubscribe' },
  { at: '/sso/complete', page: 'ssoComplete' },
  { at: '/sso/error?reason=denied', page: 'ssoError' },
  // Staff.
  { at: '/news', role: 'staff', page: 'news', asks: 3 },
  { at: '/news?tab=likes', role: 'staff', page: 'news', asks: 3 },
  { at: '/post-detail/12', role: 'staff', page: 'postDetail', asks: 2 },
  { at: '/post-detail/abc', role: 'staff', page: 'postDetail', asks: 0, leaves: true },
  { at: '/communities', role: 'staff', page: 'communities', asks: 1 },
  { at: '/communities?tab=public', role: 'staff', page: 'communities', asks: 1 },
  { at: '/communities/5', role: 'staff', page: 'community', asks: 1 },
  { at: '/communities/x', role: 'staff', page: 'community', asks: 0 },
  { at: '/communities/post/9', role: 'staff', page: 'communityPost', asks: 1 },
  { at: '/communities/post/0', role: 'staff', page: 'communityPost', asks: 0 },
  { at: '/communities/5/create-post', role: 'staff', page: 'communityPostForm', asks: 1 },
  { at: '/community-post/9/edit', role: 'staff', page: 'communityPostForm', asks: 1 },
  { at: '/community-post/x/edit', role: 'staff', page: 'communityPostForm', asks: 0 },
  { at: '/surveys', role: 'staff', page: 'surveys', asks: 1 },
  // From the list (its click says whether the user answered): the form only.
  { at: '/surveys/4?state=0', role: 'staff', page: 'surveyFill', state: { surveyState: 0 }, asks: 1 },
  // A notification's link: the form and the user's instances.
  { at: '/surveys/4', role: 'staff', page: 'surveyFill', asks: 2 },
  { at: '/surveys/abc', role: 'staff', page: 'surveyFill', asks: 0 },
  { at: '/profile', role: 'staff', page: 'profile', asks: 3 },
  { at: '/edit-profile', role: 'staff', page: 'editProfile', asks: 1 },
  { at: '/stats', role: 'staff', page: 'stats', asks: 1 },
  { at: '/people', role: 'staff', page: 'people', asks: 2 },
  { at: '/people?q=ann&location=3&department=x', role: 'staff', page: 'people', asks: 2 },
  { at: '/people/8', role: 'staff', page: 'person', asks: 1 },
  { at: '/people/abc', role: 'staff', page: 'person', asks: 0 },
  { at: '/search?q=lantern&kind=comments&sort=date', role: 'staff', page: 'search', asks: 3 },
  { at: '/search?q=lantern', role: 'staff', page: 'search', asks: 2 },
  { at: '/search', role: 'staff', page: 'search', asks: 0 },
  { at: '/notifications?filter=unread&type=COMMENT', role: 'staff', page: 'notifications', asks: 1 },
  { at: '/notification-preferences', role: 'staff', page: 'notificationPreferences', asks: 1 },
  { at: '/password-change', role: 'staff', page: 'passwordChange' },
  { at: '/admin-feed-post-list', role: 'staff', page: 'notAuthorised' },
  // Post managers.
  { at: '/communities/5/create-post', role: 'editor', page: 'communityPostForm', asks: 1 },
  { at: '/edit-post?postId=3', role: 'editor', page: 'editPostRedirect' },
  // Administrators.
  { at: '/profile', role: 'admin', page: 'profile', asks: 1 },
  { at: '/admin-feed-post-list', role: 'admin', page: 'adminFeedPostList', asks: 1 },
  { at: '/post/create', role: 'admin', page: 'postForm', asks: 2 },
  { at: '/post/edit/12', role: 'admin', page: 'postForm', asks: 1 },
  { at: '/post/edit/abc', role: 'admin', page: 'postForm', asks: 0 },
  { at: '/post-detail/12', role: 'admin', page: 'postDetail', asks: 2 },
  { at: '/post-reach/12', role: 'admin', page: 'postReach', asks: 1 },
  { at: '/post-reach/x', role: 'admin', page: 'postReach', asks: 0 },
  { at: '/admin-surveys-list', role: 'admin', page: 'adminSurveysList', asks: 1 },
  { at: '/surveys/create', role: 'admin', page: 'surveyForm', asks: 1 },
  { at: '/surveys/edit/4', role: 'admin', page: 'surveyForm', asks: 1 },
  { at: '/survey-builder/4', role: 'admin', page: 'surveyBuilder', asks: 1 },
  { at: '/survey-builder/x', role: 'admin', page: 'surveyBuilder', asks: 0 },
  { at: '/users?q=sam&role=2', role: 'admin', page: 'users', asks: 3 },
  { at: '/add-user', role: 'admin', page: 'userForm', asks: 2 },
  { at: '/edit-user/7', role: 'admin', page: 'userForm', asks: 1 },
  { at: '/edit-user/x', role: 'admin', page: 'userForm', asks: 0 },
  { at: '/edit-stats', role: 'admin', page: 'editStats', asks: 1 },
  { at: '/admin-communities-list', role: 'admin', page: 'adminCommunitiesList', asks: 1 },
  // A form for creating that asks nothing has no loader.
  { at: '/community/create', role: 'admin', page: 'communityForm', asks: 0 },
  { at: '/community/edit/5', role: 'admin', page: 'communityForm', asks: 1 },
  { at: '/admin-community-post-list', role: 'admin', page: 'adminCommunityPostList', asks: 1 },
  { at: '/community-post/create', role: 'admin', page: 'communityPostForm', asks: 1 },
  { at: '/community-post/9/edit', role: 'admin', page: 'communityPostForm', asks: 1 },
  { at: '/reports', role: 'admin', page: 'reports' },
  { at: '/reports/user-activity', role: 'admin', page: 'userActivityReport', asks: 3 },
  { at: '/reports/survey-responses', role: 'admin', page: 'surveyResponsesReport', asks: 1 },
  { at: '/reports/survey-responses/4', role: 'admin', page: 'surveyResponseReport', asks: 1 },
  { at: '/reports/survey-responses/abc', role: 'admin', page: 'surveyResponseReport', asks: 0 },
  { at: '/reports/post-activity', role: 'admin', page: 'postActivityReport', asks: 2 },
  { at: '/profile-fields', role: 'admin', page: 'profileFields', asks: 2 },
  { at: '/password-sign-in', role: 'admin', page: 'passwordSignIn', asks: 2 },
];

/** The route the router opens at `pathname` for the role (or logged out), with its params. */
function routeAt(pathname: string, role: RoleName | undefined) {
  const table: RouteEntry[] = role ? [...routesForRole(ROLE_IDS[role]), ...PUBLIC_ROUTES] : PUBLIC_ROUTES;
  for (const entry of table) {
    const match = matchPath({ path: entry.path, end: true }, pathname);
    if (match) return { ...entry, params: match.params };
  }
  throw new Error(`No route at ${pathname}`);
}

/** Every request sent, as "METHOD /path?query body", and none ever answered (each ends when aborted). */
function hangingApi(): string[] {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.origin);
      sent.push(`${init.method ?? 'GET'} ${url.pathname}${url.search} ${String(init.body ?? '')}`.trim());
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }),
  );
  return sent;
}

/** Lets started requests reach fetch (the client awaits the session's token first). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The queries in the cache but the shell's config. */
const queriesOf = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.queryHash !== JSON.stringify(configQuery().queryKey));

let client: QueryClient | undefined;
// The loaders' chunks are fetched on a page's first call: have them in already.
beforeAll(async () => {
  for (const [feature, { load }] of Object.entries(LOADER_CHUNKS)) FEATURE_LOADERS[feature] = await load();
});
afterEach(async () => {
  await client?.cancelQueries();
  client?.clear();
  client = undefined;
});

describe('route loaders', () => {
  it.each(CASES)('$at ($role): the page finds its first requests under way', async (c) => {
    const [pathname = '/', search = ''] = c.at.split('?');
    const route = routeAt(pathname, c.role);
    expect(route.page).toBe(c.page);
    const profile = c.role ? signIn(c.role) : undefined;
    const roleId = profile?.roles.id ?? 0;
    window.history.replaceState({ usr: c.state ?? null, key: 'default', idx: 0 }, '', c.at);
    const sent = hangingApi();
    client = testQueryClient();
    // The shell (title, footer) has the public config before any page renders.
    client.setQueryData(configQuery().queryKey, { ...PUBLIC_CONFIG, companyEmailDomains: ['example.com'] });

    const loader = ROUTE_LOADERS[c.page];
    loader?.({ params: route.params, search: new URLSearchParams(search), roleId, queryClient: client });
    await settle();
    const started = [...sent];
    const loaded = queriesOf(client).map((q) => q.queryHash);
    expect(started).toHaveLength(loaded.length);
    if (c.asks !== undefined) expect(started).toHaveLength(c.asks);
    if (!loader) expect(started).toEqual([]);

    render(
      <AppShell client={client}>
        <BrowserRouter>
          <Routes>
            <Route
              path={route.path}
              element={
                <Suspense fallback={<div data-testid="page-code" />}>
                  <PageFor page={c.page} />
                </Suspense>
              }
            />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
        </BrowserRouter>
      </AppShell>,
    );
    await waitFor(() => expect(screen.queryByTestId('page-code')).toBeNull(), { timeout: 20_000 });
    await settle();

    // The page's queries are the loader's, under the same keys: it asked nothing afresh...
    const observed = queriesOf(client)
      .filter((q) => q.isActive())
      .map((q) => q.queryHash);
    expect(observed.sort()).toEqual([...loaded].sort());
    // ...and sent no query of its own (what a page without a loader sends is a link's token being spent).
    // Reads (what was seen and opened) are not queries: they go out in batches on a 5 s timer, so one a page
    // before queued may leave during this page on a slow machine (read-batcher.ts).
    const queries = sent.filter((line) => !line.startsWith('POST /v1/api/post-reads'));
    if (loader && !c.leaves) expect(queries).toEqual(started);
    if (c.leaves) expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  });

  it('has no loader for a page id the route table does not know, and one feature per page', () => {
    const pages = Object.values(FEATURE_LOADERS).flatMap((loaders) => Object.keys(loaders));
    const twice = pages.filter((page, i) => pages.indexOf(page) !== i);
    expect(twice).toEqual([]);
    const known = new Set(
      [...PUBLIC_ROUTES, ...[ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR].flatMap(routesForRole)].map((r) => r.page),
    );
    expect(pages.filter((page) => !known.has(page as PageId))).toEqual([]);
    expect(Object.keys(ROUTE_LOADERS).sort()).toEqual([...pages].sort());
    // The first chunk's stand-ins name exactly the pages of each feature's chunk.
    for (const [feature, { pages: listed }] of Object.entries(LOADER_CHUNKS)) {
      expect([...listed].sort(), feature).toEqual(Object.keys(FEATURE_LOADERS[feature] ?? {}).sort());
    }
  });

  it('covers every page that has a loader', () => {
    const tested = new Set(CASES.map((c) => c.page));
    expect(Object.keys(ROUTE_LOADERS).filter((page) => !tested.has(page as PageId))).toEqual([]);
  });

  it("writes the communities' tabs with the contract's view states", () => {
    expect(COMMUNITY_TABS.map((t) => t.viewState)).toEqual([VIEW_STATE.MINE, VIEW_STATE.PUBLIC]);
  });
});

// The first chunk holds only the loaders' stand-ins. The loaders' chunks (a chunk takes whole modules) are
// fetched beside a page's code and must arrive well before it, so what they import must be light: a UI
// module would bring antd; a contract module that declares zod schemas would bring zod (about 25 KB gzip),
// as VIEW_STATE once did.
describe("the loaders' imports", () => {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const contract = resolve(src, '../../contract/src');
  /** The contract's modules without schemas: what a first-chunk module may take from @hearth/contract. */
  const lightExports = new Set(
    ['constants.ts', 'endpoint.ts', 'routes.ts', 'messages.ts', 'notification-path.ts', 'sso.ts']
      .map((file) => join(contract, file))
      .concat(readdirSync(join(contract, 'endpoints')).map((file) => join(contract, 'endpoints', file)))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/export (?:const|function) (\w+)/g)].map((m) => m[1]),
      ),
  );

  /** Every module `roots` reach, with the names each takes from the contract. */
  function reach(...roots: string[]): Map<string, string[]> {
    const seen = new Map<string, string[]>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      const text = readFileSync(file, 'utf8');
      const fromContract: string[] = [];
      seen.set(file, fromContract);
      for (const [, names = '', from = ''] of text.matchAll(
        /^import (?!type )([\s\S]*?) from '([^']+)';/gm,
      )) {
        if (from === '@hearth/contract') {
          const values = names
            .replace(/[{}\s]/g, '')
            .split(',')
            .filter((n) => n && !n.startsWith('type'));
          fromContract.push(...values);
        } else if (from.startsWith('.')) {
          const base = resolve(dirname(file), from);
          const next = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => {
            try {
              return readFileSync(f) !== undefined;
            } catch {
              return false;
            }
          });
          if (next) visit(next);
        } else seen.set(`${file} -> ${from}`, []);
      }
    };
    for (const root of roots) visit(join(src, root));
    return seen;
  }

  it('leave the loaders out of the first chunk', () => {
    const firstChunk = [...reach('app/route-loaders.ts').keys()].map((name) => name.replace(src, ''));
    expect(
      firstChunk.filter((name) => name.includes('loaders') && !name.endsWith('route-loaders.ts')),
    ).toEqual([]);
  });

  it('are no UI and take from the contract only what is declared without schemas', () => {
    const modules = [
      ...reach(...Object.keys(LOADER_CHUNKS).map((feature) => `features/${feature}/loaders.ts`)),
    ];
    const packages = modules.map(([name]) => name.split(' -> ')[1]).filter(Boolean);
    // React and the router are the first chunk's already (vite.config.ts's `react` chunk).
    expect([...new Set(packages)].sort()).toEqual(['@tanstack/react-query', 'react', 'react-router']);
    expect(modules.filter(([name]) => name.endsWith('.tsx')).map(([name]) => name)).toEqual([]);
    const heavy = modules.flatMap(([name, names]) =>
      names.filter((n) => !lightExports.has(n)).map((n) => `${name}: ${n}`),
    );
    expect(heavy).toEqual([]);
  });
});
