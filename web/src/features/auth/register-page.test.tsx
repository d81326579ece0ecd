// @vitest-environment happy-dom
// The registration form (product.md sections 2 and 5): every rule's message word for word, what is sent,
// a field error from the server under its field, and the verify-your-e-mail panel.
import { authEndpoints, MSG, ssoEndpoints, systemEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { chooseOption, expectFieldErrors, fieldErrors, fill } from '../../test/fields';
import { GROUPS, PASSWORDS_ONLY, PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import RegisterPage from './register-page';

const CONFIG = { ...PUBLIC_CONFIG, companyEmailDomains: ['example.com'] };
const OTHER_EMPTY_FIELDS = [
  MSG.firstNameRequired,
  MSG.lastNameRequired,
  MSG.phoneRequired,
  MSG.locationRequired,
  MSG.departmentRequired,
];

let api: ApiMock;
beforeEach(() => {
  api = mockApi()
    .on(ssoEndpoints.listSsoProviders, ok(PASSWORDS_ONLY))
    .on(systemEndpoints.getPublicConfig, ok(CONFIG))
    .on(authEndpoints.listRegisterGroups, ok(GROUPS));
});

async function openForm() {
  const view = renderPage(<RegisterPage />, { at: '/register' });
  // The company domains are known once the public config has answered.
  await waitFor(() => expect(api.sent(systemEndpoints.getPublicConfig)).toHaveLength(1));
  return view;
}

async function fillValid(user: Awaited<ReturnType<typeof openForm>>['user'], password = 'Str0ng#Quill') {
  await fill(user, screen.getByLabelText('First name'), ' Nomsa ');
  await fill(user, screen.getByLabelText('Last name'), 'Dlamini');
  await fill(user, screen.getByLabelText('E-mail'), 'Nomsa@Example.com');
  await fill(user, screen.getByLabelText('Password'), password);
  await fill(user, screen.getByLabelText('Confirm password'), password);
  await fill(user, screen.getByLabelText('Phone number'), '+27 82 000 0000');
  await chooseOption(user, 'Office location', 'Cape Town');
  await chooseOption(user, 'Department', 'Finance');
}

describe('register page', () => {
  it('shows every required message on an empty submit and sends nothing', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [...OTHER_EMPTY_FIELDS, MSG.emailRequired, MSG.confirmRequired]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(fieldErrors('Password')).toEqual([MSG.passwordRequired]);
    expect(api.sent(authEndpoints.register)).toHaveLength(0);
  });

  it('checks the e-mail: a malformed address, then one outside the company domains', async () => {
    const { user } = await openForm();
    const email = screen.getByLabelText('E-mail');
    await fill(user, email, 'not-an-email');
    await expectFieldErrors('E-mail', [MSG.emailInvalid]);
    await fill(user, email, 'someone@gmail.com');
    await expectFieldErrors('E-mail', [MSG.notCompanyEmail]);
    await fill(user, email, 'someone@example.com');
    await expectFieldErrors('E-mail', []);
  });

  it('a malformed e-mail does not hide the other fields’ messages on submit', async () => {
    const { user } = await openForm();
    await fill(user, screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    for (const message of [MSG.emailInvalid, ...OTHER_EMPTY_FIELDS]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
  });

  it('asks for a strong password and a matching confirmation', async () => {
    const { user } = await openForm();
    await fill(user, screen.getByLabelText('Password'), 'weakpass');
    await expectFieldErrors('Password', [MSG.passwordPattern]);
    await fill(user, screen.getByLabelText('Password'), 'Good#Pass1');
    await expectFieldErrors('Password', []);
    await fill(user, screen.getByLabelText('Confirm password'), 'Other#Pass1');
    await expectFieldErrors('Confirm password', [MSG.passwordsDoNotMatch]);
  });

  it('sends the trimmed, lower-cased account request and shows the verify panel', async () => {
    api.on(authEndpoints.register, ok({ email: 'nomsa@example.com' }, 201));
    const { user } = await openForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
    expect(screen.getByText(/We have sent a verification link to nomsa@example\.com/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeVisible();
    expect(api.sent(authEndpoints.register)[0]?.body).toEqual({
      firstName: 'Nomsa',
      lastName: 'Dlamini',
      email: 'nomsa@example.com',
      password: 'Str0ng#Quill',
      phone: '+27 82 000 0000',
      userTypeId: expect.any(Number),
      groups: [11, 21],
    });
  });

  it('puts the server’s field message under its field and stays on the form', async () => {
    api.on(
      authEndpoints.register,
      fail(400, 'The input is not valid', { fields: { password: 'This password is too common.' } }),
    );
    const { user } = await openForm();
    await fillValid(user, 'Passw0rd#123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await expectFieldErrors('Password', ['This password is too common.']);
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
  });

  it('says when the locations and departments could not be loaded, and tries again', async () => {
    api.on(authEndpoints.listRegisterGroups, fail(500, 'Something went wrong'));
    const { user } = await openForm();
    const alert = await screen.findByText('The office locations and departments could not be loaded.');
    expect(alert).toBeVisible();
    api.on(authEndpoints.listRegisterGroups, ok(GROUPS));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        screen.queryByText('The office locations and departments could not be loaded.'),
      ).not.toBeInTheDocument(),
    );
    expect(api.sent(authEndpoints.listRegisterGroups)).toHaveLength(2);
  });
});
