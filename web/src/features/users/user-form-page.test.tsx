// @vitest-environment happy-dom
// /add-user and /edit-user/:userId (product.md sections 2 and 5): the role is required, an admin-set
// password is longer than 6 characters, a new user is sent and the list opened; on edit the form holds the
// user, an empty password keeps the current one and the Active switch deactivates.
import { MSG, ROLE, systemEndpoints, usersEndpoints } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { chooseOption, expectFieldErrors, fill } from '../../test/fields';
import { GROUPS, PUBLIC_CONFIG, user } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import UserFormPage from './user-form-page';

const ROLES = [
  { id: ROLE.ADMIN, name: 'admin' },
  { id: ROLE.STAFF, name: 'staff' },
  { id: ROLE.EDITOR, name: 'editor' },
];
const LINDIWE = user({ id: 12, firstName: 'Lindiwe', lastName: 'Khumalo', email: 'lindiwe@example.com' });

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi()
    .on(usersEndpoints.listRoles, ok(ROLES))
    .on(usersEndpoints.listGroups, ok(GROUPS))
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG));
});

describe('user form', () => {
  it('asks for a role and names the other required fields; sends nothing', async () => {
    const { user: u } = renderPage(<UserFormPage />, { at: '/add-user', path: '/add-user' });
    await u.click(await screen.findByRole('button', { name: 'Save' }));
    for (const message of [
      MSG.roleRequired,
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.emailRequired,
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(api.sent(usersEndpoints.createUser)).toHaveLength(0);
  });

  it('refuses a password of 6 characters or fewer, then one that breaks the shared pattern', async () => {
    const { user: u } = renderPage(<UserFormPage />, { at: '/add-user', path: '/add-user' });
    await fill(u, await screen.findByLabelText('Password'), 'Ab1!');
    await expectFieldErrors('Password', [MSG.adminPasswordTooShort]);
    await fill(u, screen.getByLabelText('Password'), 'Ab1!xyz');
    await expectFieldErrors('Password', [MSG.passwordPattern]);
    await fill(u, screen.getByLabelText('Password'), 'Str0ng#Quill');
    await expectFieldErrors('Password', []);
  });

  it('adds an active user with the chosen role and opens the list', async () => {
    api.on(usersEndpoints.createUser, ok(LINDIWE, 201));
    const { user: u } = renderPage(<UserFormPage />, { at: '/add-user', path: '/add-user' });
    await fill(u, await screen.findByLabelText('First name'), 'Lindiwe');
    await fill(u, screen.getByLabelText('Last name'), 'Khumalo');
    await fill(u, screen.getByLabelText('E-mail'), 'Lindiwe@Example.com');
    await fill(u, screen.getByLabelText('Password'), 'Str0ng#Quill');
    await chooseOption(u, 'Role', 'Staff');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.userAdded)).toBeVisible();
    expect(await landedAt()).toBe('/users');
    expect(api.sent(usersEndpoints.createUser)[0]?.body).toEqual({
      firstName: 'Lindiwe',
      lastName: 'Khumalo',
      email: 'lindiwe@example.com',
      phone: '',
      jobTitle: '',
      roleId: ROLE.STAFF,
      groups: [],
      isActive: 1,
      password: 'Str0ng#Quill',
    });
  });

  it('edits a user: holds their values, keeps the password when empty, deactivates', async () => {
    api
      .on(usersEndpoints.getUser, ok(LINDIWE))
      .on(usersEndpoints.updateUser, ok({ ...LINDIWE, isActive: 0 }));
    const { user: u } = renderPage(<UserFormPage />, { at: '/edit-user/12', path: '/edit-user/:userId' });
    expect(await screen.findByLabelText('First name')).toHaveValue('Lindiwe');
    expect(screen.getByText('Leave empty to keep the current password.')).toBeVisible();
    await u.click(screen.getByRole('switch', { name: 'Active' }));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.userUpdated)).toBeVisible();
    const [sent] = api.sent(usersEndpoints.updateUser);
    expect(sent?.params).toEqual({ id: '12' });
    expect(sent?.body).toMatchObject({ isActive: 0, roleId: ROLE.STAFF, groups: [11, 21] });
    expect(sent?.body).not.toHaveProperty('password');
  });
});
