// @vitest-environment happy-dom
// The staff bell (product.md section 2, Menus; section 7, Notifications): its count in its name, the
// panel's loading, empty and error states, opening a notification (marked viewed, its post opened) and
// Clear All.
import { type Notification, notificationsEndpoints, PATHS } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, never, ok } from '../../test/fetch-mock';
import { landedAt, renderPage, signIn } from '../../test/render';
import { NotificationBell } from './notification-bell';

function note(patch: Partial<Notification>): Notification {
  return {
    id: 1,
    type: 'FEED_POST',
    objectId: 41,
    isCommunityPost: false,
    title: 'Fire drill on Thursday',
    sentAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    viewed: false,
    ...patch,
  };
}
const LIST = {
  notifications: [
    note({ id: 1, title: 'Fire drill on Thursday', objectId: 41 }),
    note({ id: 2, title: 'Evacuation map', objectId: 42 }),
    note({ id: 3, title: 'Canteen survey', type: 'SURVEY', objectId: 5, viewed: true }),
  ],
  unviewed: 2,
};

let api: ApiMock;
beforeEach(() => {
  signIn('staff');
  api = mockApi()
    // The live count waits for its ticket for the whole test: the list is what the bell shows.
    .on(notificationsEndpoints.createNotificationStreamTicket, never)
    .on(notificationsEndpoints.listNotifications, ok(LIST));
});

const openBell = () => renderPage(<NotificationBell />, { at: '/news' });
const bell = () => screen.getByTestId('notification-bell');

describe('notification bell', () => {
  it('names the unviewed count and lists the newest notifications, unviewed ones marked', async () => {
    const { user } = openBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unviewed'));
    await user.click(bell());
    // A dialog named for what it holds, and focused: not a tooltip (antd's Popover made it one).
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel.closest('[role="tooltip"]')).toBeNull();
    await waitFor(() => expect(panel).toHaveFocus());
    const list = within(panel).getByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByTestId('notification-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Unviewed: Fire drill on Thursday/),
      expect.stringMatching(/^Unviewed: Evacuation map/),
      expect.stringMatching(/^Canteen survey/),
    ]);
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      PATHS.notifications,
    );
  });

  it('says there are none, with Clear All off', async () => {
    api.on(notificationsEndpoints.listNotifications, ok({ notifications: [], unviewed: 0 }));
    const { user } = openBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, none unviewed'));
    await user.click(bell());
    expect(await screen.findByText('No notifications')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('shows a spinner while the list loads', async () => {
    api.on(notificationsEndpoints.listNotifications, never);
    const { user } = openBell();
    await user.click(bell());
    const panel = await screen.findByTestId('notification-panel');
    expect(panel.querySelector('.ant-spin')).not.toBeNull();
    expect(within(panel).queryByText('No notifications')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the list fails, and tries again', async () => {
    api.on(notificationsEndpoints.listNotifications, fail(503, 'Notifications are resting'));
    const { user } = openBell();
    await user.click(bell());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Notifications are resting');
    api.on(notificationsEndpoints.listNotifications, ok(LIST));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeVisible();
  });

  it('opening an unviewed notification marks it viewed and opens its post', async () => {
    api.on(notificationsEndpoints.viewNotification, ok(LIST));
    const { user } = openBell();
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: /Fire drill on Thursday/ }));
    expect(await landedAt()).toBe('/post-detail/41');
    await waitFor(() => expect(api.sent(notificationsEndpoints.viewNotification)).toHaveLength(1));
    expect(api.sent(notificationsEndpoints.viewNotification)[0]?.body).toEqual({ notificationId: 1 });
  });

  it('Clear All marks every notification viewed at once', async () => {
    const cleared = { notifications: LIST.notifications.map((n) => ({ ...n, viewed: true })), unviewed: 0 };
    api.on(notificationsEndpoints.viewAllNotifications, () => {
      api.on(notificationsEndpoints.listNotifications, ok(cleared));
      return ok(cleared);
    });
    const { user } = openBell();
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, none unviewed'));
    expect(api.sent(notificationsEndpoints.viewAllNotifications)).toHaveLength(1);
    expect(screen.queryByText(/^Unviewed:/)).not.toBeInTheDocument();
  });
});
