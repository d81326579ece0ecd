// @vitest-environment happy-dom
// The notification preferences (/notification-preferences, issue 18, ADR 033): the server's defaults shown
// with this browser's time zone offered to someone who never saved; channels, digest, quiet hours and time
// zone changed and saved as one (what is sent, and the saved message); the page opened again shows what the
// server answers; a refusal of the server shows on its field; the profile page leads here. These replace the
// journey "staff change their notification preferences, and they are kept" (notification-centre.spec.ts);
// that the server stores and answers them is preferences.test.ts's.
import {
  type NotificationPreferences,
  notificationsEndpoints,
  systemEndpoints,
  usersEndpoints,
} from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMock, fail, mockApi, never, ok } from '../../test/fetch-mock';
import { expectFieldErrors, fill } from '../../test/fields';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import ProfilePage from '../profile/profile-page';
import { TYPE_ORDER } from './notification-logic';
import NotificationPreferencesPage from './notification-preferences-page';

/** What the server answers for someone who never changed anything (preferences.test.ts). */
const DEFAULTS: NotificationPreferences = {
  channels: [
    { type: 'SURVEY', inApp: true, push: true, email: false },
    { type: 'FEED_POST', inApp: true, push: true, email: false },
    { type: 'COMMENT', inApp: true, push: true, email: true },
    { type: 'COMMUNITY_POST', inApp: true, push: true, email: false },
    { type: 'ACK_REMINDER', inApp: true, push: true, email: true },
  ],
  digest: 'weekly',
  quietHours: null,
  timeZone: 'UTC',
};
/** The journey's changes: no e-mail for mentions, a daily digest, quiet hours until 06:30, Berlin. */
const CHANGED: NotificationPreferences = {
  channels: DEFAULTS.channels.map((c) => (c.type === 'COMMENT' ? { ...c, email: false } : c)),
  digest: 'daily',
  quietHours: { start: '20:00', end: '06:30' },
  timeZone: 'Europe/Berlin',
};

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  // This browser is in Paris (not UTC, the server's default), so offering its zone shows.
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'Europe/Paris' };
  });
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(notificationsEndpoints.getNotificationPreferences, ok(DEFAULTS))
    .on(notificationsEndpoints.saveNotificationPreferences, ({ body }) => ok(body));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const open = () => renderPage(<NotificationPreferencesPage />, { at: '/notification-preferences' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const quietSwitch = () => screen.getByRole('switch', { name: 'Pause push notifications at night' });
/** The time zone the select shows. */
const zoneShown = () => {
  const item = screen.getByLabelText('Time zone').closest('.ant-form-item');
  return item?.querySelector('.ant-select-selection-item, .ant-select-content')?.textContent ?? '';
};

/** Types a time into the field labelled `label` and confirms it with Enter, as a keyboard user does. */
async function typeTime(user: UserEvent, label: string, time: string) {
  const field = screen.getByLabelText(label);
  await user.click(field);
  await fill(user, field, time);
  await user.keyboard('{Enter}');
}

describe('notification preferences', () => {
  it('shows the defaults of someone who never saved, with this browser’s time zone offered', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Notification preferences', level: 1 })).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: 'Mention by e-mail' })).toBeChecked();
    expect(checkbox('Post published by e-mail')).not.toBeChecked();
    expect(checkbox('Acknowledgement reminder by push')).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(quietSwitch()).not.toBeChecked();
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(zoneShown()).toBe('Europe/Paris');
    expect(screen.getByText('Taken from this browser. Save to keep it.')).toBeVisible();
  });

  it('saves the channels, digest, quiet hours and time zone changed, as one', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Mention by e-mail' }));
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    await user.click(quietSwitch());
    // Switched on, they start from the usual evening to morning.
    expect(await screen.findByLabelText('From')).toHaveValue('20:00');
    expect(screen.getByLabelText('Until')).toHaveValue('07:00');
    await typeTime(user, 'Until', '06:30');
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.paste('Berlin');
    await user.click(await screen.findByTitle('Europe/Berlin'));
    await waitFor(() => expect(zoneShown()).toBe('Europe/Berlin'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your notification preferences are saved.')).toBeVisible();
    // Every type, in the page's order (the server takes any).
    const channels = TYPE_ORDER.map((type) => CHANGED.channels.find((c) => c.type === type));
    expect(api.sent(notificationsEndpoints.saveNotificationPreferences).map((r) => r.body)).toEqual([
      { ...CHANGED, channels },
    ]);
    // Saved, the zone is no longer only this browser's.
    expect(screen.getByText('Quiet hours follow it.')).toBeVisible();
  });

  it('opened again, shows what the server answers', async () => {
    api.on(notificationsEndpoints.getNotificationPreferences, ok(CHANGED));
    open();
    expect(await screen.findByRole('checkbox', { name: 'Mention by e-mail' })).not.toBeChecked();
    expect(checkbox('Mention by push')).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(quietSwitch()).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('20:00');
    expect(screen.getByLabelText('Until')).toHaveValue('06:30');
    expect(zoneShown()).toBe('Europe/Berlin');
    expect(screen.getByText('Quiet hours follow it.')).toBeVisible();
  });

  it('shows a refusal of the server on its field', async () => {
    const message = 'Choose a time zone from the list.';
    api.on(
      notificationsEndpoints.saveNotificationPreferences,
      fail(400, message, { code: 'invalid_input', fields: { timeZone: message } }),
    );
    const { user } = open();
    await screen.findByRole('checkbox', { name: 'Mention by e-mail' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldErrors('Time zone', [message]);
    expect(api.sent(notificationsEndpoints.saveNotificationPreferences)).toHaveLength(1);
  });

  it('is where the profile page’s Notification preferences leads', async () => {
    // The profile itself never comes: the button is in the page's header.
    api.on(usersEndpoints.getUser, never);
    const { user } = renderPage(<ProfilePage />, { at: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Notification preferences' }));
    expect(await landedAt()).toBe('/notification-preferences');
  });
});
