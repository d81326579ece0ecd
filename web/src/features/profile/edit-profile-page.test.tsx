// @vitest-environment happy-dom
// /edit-profile (product.md sections 2 and 5, issue 13, ADR 037): the basic settings' messages word for
// word, what a save sends and where it goes, the current password a new e-mail address needs, the 30-day
// rule on location and department, and the password tab's mismatch message.
import { MSG, profileEndpoints, usersEndpoints } from '@hearth/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSession } from '../../lib/session';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { chooseOption, expectFieldErrors, fill } from '../../test/fields';
import { GROUPS, user } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import EditProfilePage from './edit-profile-page';
import { groupsChangeableFromQuery } from './queries';

const ME = user({ id: 7, firstName: 'Sam', lastName: 'Staff', email: 'sam@example.com' });
const saved = (patch: Record<string, unknown> = {}) =>
  ok({ ...ME, pendingEmail: null, message: MSG.profileUpdated, groupsChangeableFrom: null, ...patch });

let api: ApiMock;
beforeEach(() => {
  signIn('staff', { id: 7 });
  api = mockApi().on(usersEndpoints.getUser, ok(ME)).on(usersEndpoints.listGroups, ok(GROUPS));
});

const openPage = async () => {
  const view = renderPage(<EditProfilePage />, { at: '/edit-profile' });
  await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Sam'));
  return view;
};

describe('edit profile page', () => {
  it('shows the profile messages for emptied fields and sends nothing', async () => {
    const { user: u } = await openPage();
    await fill(u, screen.getByLabelText('First name'), '');
    await fill(u, screen.getByLabelText('Last name'), ' ');
    await fill(u, screen.getByLabelText('E-mail'), '');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldErrors('First name', [MSG.profileFirstNameRequired]);
    await expectFieldErrors('Last name', [MSG.profileLastNameRequired]);
    await expectFieldErrors('E-mail', [MSG.profileEmailRequired]);
    expect(api.sent(profileEndpoints.updateProfile)).toHaveLength(0);
  });

  it('saves a new name, keeps the session’s name current and returns to the profile', async () => {
    api.on(profileEndpoints.updateProfile, saved({ firstName: 'Renamed' }));
    const { user: u } = await openPage();
    await fill(u, screen.getByLabelText('First name'), ' Renamed ');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeVisible();
    expect(await landedAt()).toBe('/profile');
    expect(api.sent(profileEndpoints.updateProfile)[0]?.body).toEqual({
      firstName: 'Renamed',
      lastName: 'Staff',
      email: 'sam@example.com',
      jobTitle: '',
      groups: [11, 21],
    });
    const session = readSession();
    expect(session.kind === 'ok' && session.profile.firstName).toBe('Renamed');
  });

  it('asks for the current password only while the e-mail address changes', async () => {
    const { user: u } = await openPage();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await fill(u, screen.getByLabelText('E-mail'), 'sam.new@example.com');
    await u.click(await screen.findByRole('button', { name: 'Save' }));
    await expectFieldErrors('Current password', [MSG.currentPasswordRequired]);
    expect(api.sent(profileEndpoints.updateProfile)).toHaveLength(0);
    await fill(u, screen.getByLabelText('E-mail'), 'SAM@example.com ');
    await waitFor(() => expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument());
  });

  it('tells when location and department may change, and puts the server’s refusal on the location', async () => {
    api.on(
      profileEndpoints.updateProfile,
      fail(409, MSG.profileGroupsChangeTooSoon, { fields: { groups: MSG.profileGroupsChangeTooSoon } }),
    );
    const { user: u } = await openPage();
    expect(
      screen.getByText('You can change your office location or department once every 30 days.'),
    ).toBeVisible();
    await chooseOption(u, 'Office location', 'Durban');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldErrors('Office location', [MSG.profileGroupsChangeTooSoon]);
    expect(api.sent(profileEndpoints.updateProfile)[0]?.body).toMatchObject({ groups: [12, 21] });
    expect(window.location.pathname).toBe('/edit-profile');
  });

  it('after a move, says from when the next one is allowed, and keeps that date for the form', async () => {
    const from = new Date(Date.now() + 30 * 86_400_000).toISOString();
    api.on(profileEndpoints.updateProfile, saved({ groupsChangeableFrom: from }));
    const { user: u, client } = await openPage();
    await chooseOption(u, 'Office location', 'Durban');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    const again = /You can change your office location or department again from /;
    expect(
      await screen.findByText(new RegExp(`^${MSG.profileUpdated.replace('.', '\\.')} ${again.source}`)),
    ).toBeVisible();
    expect(await landedAt()).toBe('/profile');
    // Back on the form (the save's answer is kept), the help says the same.
    expect(client.getQueryData(groupsChangeableFromQuery(7).queryKey)).toBe(from);
  });

  it('keeps the plain message for a save that moves nothing', async () => {
    api.on(
      profileEndpoints.updateProfile,
      saved({ groupsChangeableFrom: new Date(Date.now() + 86_400_000).toISOString() }),
    );
    const { user: u } = await openPage();
    await fill(u, screen.getByLabelText('Job title'), 'Planner');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeVisible();
    expect(screen.queryByText(/^Profile updated successfully\. You can/)).not.toBeInTheDocument();
  });

  it('shows on the form from when the next move is allowed', async () => {
    const { client } = await openPage();
    act(() => {
      client.setQueryData(
        groupsChangeableFromQuery(7).queryKey,
        new Date(Date.now() + 86_400_000).toISOString(),
      );
    });
    expect(
      await screen.findByText(/^You can change your office location or department again from /),
    ).toBeVisible();
  });

  it('says the two new passwords differ, in the password tab', async () => {
    const { user: u } = await openPage();
    await u.click(screen.getByRole('tab', { name: 'Password Settings' }));
    await fill(u, await screen.findByLabelText('Old password'), 'Str0ng#Quill');
    await fill(u, screen.getByLabelText('New password'), 'Chang3d#Pass');
    await fill(u, screen.getByLabelText('Confirm password'), 'Chang3d#Pas');
    await expectFieldErrors('Confirm password', [MSG.passwordsInconsistent]);
    expect(api.sent(profileEndpoints.updatePassword)).toHaveLength(0);
  });

  it('says why the profile could not be loaded', async () => {
    api.on(usersEndpoints.getUser, fail(500, 'The profile is resting'));
    renderPage(<EditProfilePage />, { at: '/edit-profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile is resting');
  });
});
