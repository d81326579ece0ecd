// An expired session sends the browser to the login page, except while a logout runs: the logout alone
// decides where the browser goes (an identity provider's logout page), and a page's request refused in the
// meantime must not replace it; nor once it is on the login page, where a late refusal would reload it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, expireSession, setLoggingOut } from './api';

describe('expireSession', () => {
  const assigned: string[] = [];
  beforeEach(() => {
    assigned.length = 0;
    vi.stubGlobal('window', {
      location: { pathname: '/stats', search: '?tab=2', assign: (url: string) => assigned.push(url) },
    });
  });
  afterEach(() => {
    setLoggingOut(false);
    vi.unstubAllGlobals();
  });

  it('sends the browser to log in again, back to where it was', () => {
    expect(() => expireSession()).toThrow(ApiError);
    expect(assigned).toEqual([`/login?next=${encodeURIComponent('/stats?tab=2')}`]);
  });

  it('leaves the browser where the logout sends it while a logout runs', () => {
    setLoggingOut(true);
    expect(() => expireSession()).toThrow(ApiError);
    expect(assigned).toEqual([]);
    setLoggingOut(false);
    expect(() => expireSession()).toThrow(ApiError);
    expect(assigned).toHaveLength(1);
  });

  it('stays on the login page: a request refused after the logout ended does not reload it', () => {
    for (const pathname of ['/login', '/']) {
      vi.stubGlobal('window', {
        location: { pathname, search: '', assign: (url: string) => assigned.push(url) },
      });
      expect(() => expireSession()).toThrow(ApiError);
    }
    expect(assigned).toEqual([]);
  });
});
