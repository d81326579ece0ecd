// @vitest-environment happy-dom
// The e-mail digest's unsubscribe link (/unsubscribe#token, public; issue 18, ADR 033), logged out: the
// token is taken from the fragment and out of the address bar at once, and sent; a token the server refuses,
// or none at all (then nothing is sent), says the link is not valid and offers the login that leads to the
// preferences. These replace the journey "a bad unsubscribe link says so, without a login, and leaves no
// token in the address bar" (notification-centre.spec.ts); the route needing no login is
// notification-routes.test.ts's, the server's refusal of bad tokens preferences.test.ts's.
import { MSG, notificationsEndpoints, systemEndpoints } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import UnsubscribePage from './unsubscribe-page';

const INVALID = 'This unsubscribe link is not valid. Change the digest in your profile instead.';

let api: ApiMock;
beforeEach(() => {
  // Nobody is signed in: the set-up clears the storage after each test.
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(
      notificationsEndpoints.unsubscribeDigest,
      fail(400, MSG.unsubscribeLinkInvalid, {
        code: 'invalid_input',
        fields: { token: MSG.unsubscribeLinkInvalid },
      }),
    );
});

const open = (at: string) => renderPage(<UnsubscribePage />, { at, path: '/unsubscribe' });
const loginLink = () => screen.getByRole('link', { name: 'Log in to change your notifications' });

describe('unsubscribe page', () => {
  it('a token the server refuses: says the link is not valid, offers the login, and leaves no token in the address', async () => {
    open('/unsubscribe#not-a-real-token');
    expect(await screen.findByText(INVALID)).toBeVisible();
    expect(api.sent(notificationsEndpoints.unsubscribeDigest).map((r) => r.body)).toEqual([
      { token: 'not-a-real-token' },
    ]);
    expect(window.location.hash).toBe('');
    expect(window.location.href).toMatch(/\/unsubscribe$/);
    expect(loginLink()).toHaveAttribute('href', '/login?next=%2Fnotification-preferences');
  });

  it('no token at all: says so without asking the server', async () => {
    open('/unsubscribe');
    expect(await screen.findByText(INVALID)).toBeVisible();
    expect(loginLink()).toBeVisible();
    // Given the chance, it still sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent(notificationsEndpoints.unsubscribeDigest)).toHaveLength(0);
  });
});
