// The notification centre's pages in the route table (issue 18): the centre and preferences for every known
// role, the digest's unsubscribe link for anyone, logged in or not.
import { PATHS, ROLE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { matchesAny, PROTECTED_PATHS, PUBLIC_ROUTES, roleHasPath } from '../../lib/route-table';

describe('notification routes', () => {
  it('gives the centre and the preferences to administrators, staff and post managers only', () => {
    for (const role of [ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR]) {
      expect(roleHasPath(role, PATHS.notifications)).toBe(true);
      expect(roleHasPath(role, `${PATHS.notifications}?filter=unread`)).toBe(true);
      expect(roleHasPath(role, PATHS.notificationPreferences)).toBe(true);
    }
    expect(roleHasPath(9, PATHS.notifications)).toBe(false);
    expect(roleHasPath(9, PATHS.notificationPreferences)).toBe(false);
    // Logged out, they lead to the login page.
    expect(matchesAny(PROTECTED_PATHS, PATHS.notificationPreferences)).toBe(true);
  });

  it('opens the unsubscribe page without a login', () => {
    expect(PUBLIC_ROUTES.find((r) => r.path === PATHS.unsubscribe)?.page).toBe('unsubscribe');
    expect(matchesAny(PROTECTED_PATHS, PATHS.unsubscribe)).toBe(false);
  });
});
