// @vitest-environment happy-dom
// The guards of the route table with the real pages (product.md section 2, Guards): a logged-out visit to a
// protected page goes to the login, a survey link opened logged out is kept and wins after the login, an
// unknown path shows the not-found page with the way on (the login, or the role's home page), and a page
// of another role shows "Not authorised" with the way home. These were browser journeys
// (e2e/tests/navigation.spec.ts); nothing in them needs more than the router and the pages.
import { authEndpoints, ssoEndpoints, systemEndpoints } from '@hearth/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, peekSurveyLink } from '../lib/session';
import { mockApi, ok } from '../test/fetch-mock';
import { PUBLIC_CONFIG } from '../test/fixtures';
import { AppShell, signIn, testQueryClient } from '../test/render';
import { AppRoutes } from './router';

const PASSWORD_ON = { providers: [], passwordSignIn: { allowed: true, ssoOnlyDomains: [] } };

/** The app's routes at `at`, as main.tsx mounts them. */
function openApp(at: string) {
  window.history.replaceState(null, '', at);
  const user = userEvent.setup({ delay: null });
  render(
    <AppShell client={testQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppShell>,
  );
  return { user };
}

const at = (path: string) => waitFor(() => expect(window.location.pathname).toBe(path), { timeout: 5000 });

beforeEach(() => {
  clearSession();
  sessionStorage.clear();
  // Whatever else the pages ask for answers 404 (fetch-mock): the guards decide before any data arrives.
  mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(ssoEndpoints.listSsoProviders, ok(PASSWORD_ON));
});

describe('guards', () => {
  it('send a logged-out visit to a protected page to the login', async () => {
    openApp('/profile');
    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 5000 })).toBeVisible();
    await at('/');
    expect(peekSurveyLink()).toBeNull();
  });

  it('keep a survey link opened logged out, and follow it after the login', async () => {
    const api = mockApi()
      .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
      .on(ssoEndpoints.listSsoProviders, ok(PASSWORD_ON))
      .on(
        authEndpoints.login,
        ok({
          id: 3,
          firstName: 'Sam',
          lastName: 'Staff',
          email: 'sam@example.com',
          roles: { id: 2, name: 'Staff' },
          profileImage: null,
          accessToken: 'access',
          refreshToken: 'refresh',
          accessTokenExpiryDate: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      );
    const { user } = openApp('/surveys/5');
    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 5000 })).toBeVisible();
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
    expect(await screen.findByText(/does not exist/i, undefined, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to login' }));
    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 5000 })).toBeVisible();
  });

  it("show the not-found page signed in, with the role's home page as the way on", async () => {
    signIn('editor');
    const { user } = openApp('/still/nothing');
    expect(await screen.findByText(/does not exist/i, undefined, { timeout: 5000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to home page' }));
    await at('/admin-feed-post-list');
  });

  it('show staff "Not authorised" on the admin post list, without its buttons, and the way home', async () => {
    signIn('staff');
    const { user } = openApp('/admin-feed-post-list');
    expect(
      await screen.findByRole('heading', { name: 'Not authorised', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create Post' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to home page' }));
    await at('/news');
  });
});
