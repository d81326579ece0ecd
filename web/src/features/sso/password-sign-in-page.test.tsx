// @vitest-environment happy-dom
// The administrators' password sign-in setting (/password-sign-in, issue 19): it names the company sign-in,
// shows the stored setting, takes a domain typed and ended with Enter, removes the last one with Backspace,
// and saves what is shown with the toast "Sign-in settings saved". Off everywhere is refused without a
// company sign-in. What the server stores and refuses, and that the login, registration and reset then
// refuse the domain's passwords, is server/src/features/sso/password-sign-in.test.ts's; the company
// sign-in journey turns it on for a domain and tries that address on the login page.
import { MSG, type PasswordSignIn, ssoEndpoints, systemEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import PasswordSignInPage from './password-sign-in-page';

let stored: PasswordSignIn;
let api: ApiMock;

function withProviders(providers: { key: string; label: string }[]) {
  api.on(ssoEndpoints.listSsoProviders, () => ok({ providers, passwordSignIn: stored }));
}

beforeEach(() => {
  signIn('admin');
  stored = { allowed: true, ssoOnlyDomains: [] };
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(ssoEndpoints.getPasswordSignIn, () => ok(stored))
    .on(ssoEndpoints.updatePasswordSignIn, (request) => {
      stored = request.body as PasswordSignIn;
      return ok(stored);
    });
  withProviders([{ key: 'entra', label: 'Contoso ID' }]);
});

const open = () => renderPage(<PasswordSignInPage />, { at: '/password-sign-in' });
const domains = () => screen.getByLabelText('Company sign-in only for these e-mail domains');
const save = () => screen.getByRole('button', { name: 'Save' });

describe('password sign-in setting', () => {
  it('names the company sign-in and shows the stored setting', async () => {
    stored = { allowed: true, ssoOnlyDomains: ['group.example'] };
    open();
    expect(await screen.findByText('Company sign-in: Contoso ID.')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Password sign-in allowed' })).toBeChecked();
    expect(screen.getByTitle('group.example')).toBeVisible();
  });

  it('saves a domain typed and ended with Enter, and says so', async () => {
    const { user } = open();
    await screen.findByText('Company sign-in: Contoso ID.');
    await user.type(domains(), 'example.org{Enter}');
    await user.click(save());
    expect(await screen.findByText(MSG.passwordSignInSaved)).toBeVisible();
    expect(api.sent(ssoEndpoints.updatePasswordSignIn).map((r) => r.body)).toEqual([
      { allowed: true, ssoOnlyDomains: ['example.org'] },
    ]);
  });

  it('removes the last domain with Backspace from the keyboard, and saves none', async () => {
    stored = { allowed: true, ssoOnlyDomains: ['example.org'] };
    const { user } = open();
    expect(await screen.findByTitle('example.org')).toBeVisible();
    await user.click(domains());
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByTitle('example.org')).not.toBeInTheDocument());
    await user.click(save());
    expect(await screen.findByText(MSG.passwordSignInSaved)).toBeVisible();
    expect(api.sent(ssoEndpoints.updatePasswordSignIn).at(-1)?.body).toEqual({
      allowed: true,
      ssoOnlyDomains: [],
    });
  });

  it('keeps password sign-in on without a company sign-in, and says why', async () => {
    withProviders([]);
    open();
    expect(
      await screen.findByText(
        'No company sign-in is configured (see docs/sso.md), so password sign-in stays on.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Password sign-in allowed' })).toBeDisabled();
  });

  it("shows the server's refusal as an error and keeps what was typed", async () => {
    api.on(ssoEndpoints.updatePasswordSignIn, fail(400, 'ssoOnlyDomains: not a domain'));
    const { user } = open();
    await screen.findByText('Company sign-in: Contoso ID.');
    await user.type(domains(), 'example.org{Enter}');
    await user.click(save());
    expect(await screen.findByText(/not a domain/)).toBeVisible();
    expect(screen.getByTitle('example.org')).toBeVisible();
    expect(screen.queryByText(MSG.passwordSignInSaved)).not.toBeInTheDocument();
  });
});
