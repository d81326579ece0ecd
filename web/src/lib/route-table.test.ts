// The route table and the post-login landing rules of product.md sections 2 and 6.
import { ROLE } from '@hearth/contract';
import { beforeEach, describe, expect, it } from 'vitest';

/** A minimal Web Storage, so session.ts can run under Node. */
class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
  key = (i: number) => [...this.map.keys()][i] ?? null;
  get length() {
    return this.map.size;
  }
}
const g = globalThis as Record<string, unknown>;
g.window ??= {
  localStorage: new MemoryStorage(),
  sessionStorage: new MemoryStorage(),
  addEventListener() {},
};
g.localStorage ??= (g.window as { localStorage: unknown }).localStorage;
g.sessionStorage ??= (g.window as { sessionStorage: unknown }).sessionStorage;

const { landingPath } = await import('./landing');
const { roleHasPath, routesForRole } = await import('./route-table');
const { rememberSurveyLink } = await import('./session');

beforeEach(() => {
  (g.sessionStorage as MemoryStorage).clear();
  (g.localStorage as MemoryStorage).clear();
});

describe('route table by role', () => {
  it('registers /admin-feed-post-list for every role: the list for post managers, not-authorised for staff', () => {
    const pageAt = (role: number) =>
      routesForRole(role).find((r) => r.path === '/admin-feed-post-list')?.page;
    expect(pageAt(ROLE.ADMIN)).toBe('adminFeedPostList');
    expect(pageAt(ROLE.EDITOR)).toBe('adminFeedPostList');
    expect(pageAt(ROLE.STAFF)).toBe('notAuthorised');
  });

  it('gives user administration and reports to administrators only', () => {
    for (const path of ['/users', '/add-user', '/edit-user/4', '/reports', '/edit-stats']) {
      expect(roleHasPath(ROLE.ADMIN, path)).toBe(true);
      expect(roleHasPath(ROLE.STAFF, path)).toBe(false);
      expect(roleHasPath(ROLE.EDITOR, path)).toBe(false);
    }
  });

  it('gives the news feed and survey form to staff, and post editing to roles 1 and 3', () => {
    expect(roleHasPath(ROLE.STAFF, '/news')).toBe(true);
    expect(roleHasPath(ROLE.STAFF, '/surveys/12')).toBe(true);
    expect(roleHasPath(ROLE.ADMIN, '/news')).toBe(false);
    expect(roleHasPath(ROLE.EDITOR, '/post/edit/3')).toBe(true);
    expect(roleHasPath(ROLE.STAFF, '/post/edit/3')).toBe(false);
    expect(roleHasPath(ROLE.EDITOR, '/communities/7/create-post')).toBe(true);
  });

  it('matches exactly: no prefix or trailing segments', () => {
    expect(roleHasPath(ROLE.ADMIN, '/users/extra')).toBe(false);
    expect(roleHasPath(ROLE.STAFF, '/newsfeed')).toBe(false);
  });

  it('gives any other role only the password change page', () => {
    expect(routesForRole(9).map((r) => r.path)).toEqual(['/password-change']);
  });
});

describe('landing after login', () => {
  it('sends each role home, staff to a safe next parameter', () => {
    expect(landingPath(ROLE.ADMIN, null)).toBe('/stats');
    expect(landingPath(ROLE.EDITOR, '/profile')).toBe('/admin-feed-post-list');
    expect(landingPath(ROLE.STAFF, '/profile')).toBe('/profile');
    expect(landingPath(ROLE.STAFF, '/login')).toBe('/news');
    expect(landingPath(ROLE.STAFF, '//evil.example.com/x')).toBe('/news');
    expect(landingPath(9, null)).toBe('/password-change');
  });

  it('lets a remembered survey link win over everything else', () => {
    rememberSurveyLink('/surveys/5');
    expect(landingPath(ROLE.STAFF, '/profile')).toBe('/surveys/5');
  });
});
