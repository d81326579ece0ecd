// @vitest-environment happy-dom
// The login form (product.md section 2): required messages word for word, what is sent, the server's
// refusal as a toast, and where a successful login goes.
import { authEndpoints, MSG, ROLE, ssoEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSession } from '../../lib/session';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { loginAnswer, PASSWORDS_ONLY } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import LoginPage from './login-page';

let api: ApiMock;
beforeEach(() => {
  api = mockApi().on(ssoEndpoints.listSsoProviders, ok(PASSWORDS_ONLY));
});

describe('login page', () => {
  it('shows both required messages on an empty submit and sends nothing', async () => {
    const { user } = renderPage(<LoginPage />, { at: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText(MSG.loginEmailRequired)).toBeVisible();
    expect(screen.getByText(MSG.loginPasswordRequired)).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(api.sent(authEndpoints.login)).toHaveLength(0);
  });

  it('keeps the e-mail message for blanks and clears the password message once it is typed in', async () => {
    const { user } = renderPage(<LoginPage />, { at: '/login' });
    await user.type(screen.getByLabelText('E-mail'), '   ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText(MSG.loginEmailRequired)).toBeVisible();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(MSG.loginPasswordRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MSG.loginEmailRequired)).toBeVisible();
  });

  it('sends the address and password as basic auth with remember-me, and shows a 401 as an error toast', async () => {
    api.on(authEndpoints.login, fail(401, MSG.invalidCredentials, { code: 'INVALID_CREDENTIALS' }));
    const { user } = renderPage(<LoginPage />, { at: '/login' });
    await user.type(screen.getByLabelText('E-mail'), ' sam@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Wrong#pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(MSG.invalidCredentials)).toBeVisible();
    const [sent] = api.sent(authEndpoints.login);
    expect(sent?.query).toEqual({ remember: 'true' });
    expect(sent?.headers.authorization).toBe(`Basic ${btoa('sam@example.com:Wrong#pass1')}`);
    expect(readSession().kind).toBe('none');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('stores the session and follows `next` for staff', async () => {
    api.on(authEndpoints.login, ok(loginAnswer(ROLE.STAFF)));
    const { user } = renderPage(<LoginPage />, { at: '/login?next=/profile' });
    await user.type(screen.getByLabelText('E-mail'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Right#pass1');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await landedAt()).toBe('/profile');
    expect(api.sent(authEndpoints.login)[0]?.query).toEqual({ remember: 'false' });
    const session = readSession();
    expect(session.kind === 'ok' && session.remember).toBe(false);
  });

  it('sends a logged-in administrator to their home page', async () => {
    signIn('admin');
    renderPage(<LoginPage />, { at: '/login?next=/profile' });
    await waitFor(async () => expect(await landedAt()).toBe('/stats'));
  });
});
