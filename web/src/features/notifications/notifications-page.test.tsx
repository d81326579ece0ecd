// @vitest-environment happy-dom
// The notification centre (/notifications, issue 18): "Mark all as read" under Unread empties the list,
// which then says so, and switches itself off; the server's answer decides, as the list is asked again.
import { type Notification, notificationsEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { renderPage, signIn } from '../../test/render';
import NotificationsPage from './notifications-page';

const note = (id: number, title: string): Notification => ({
  id,
  type: 'FEED_POST',
  objectId: 40 + id,
  isCommunityPost: false,
  title,
  sentAt: new Date(Date.now() - id * 60_000).toISOString(),
  viewed: false,
});
const UNREAD = { notifications: [note(1, 'Fire drill'), note(2, 'Evacuation map')], next: null, unviewed: 2 };
const NONE = { notifications: [], next: null, unviewed: 0 };

let api: ApiMock;
let allRead = false;
beforeEach(() => {
  signIn('staff');
  allRead = false;
  api = mockApi()
    .on(notificationsEndpoints.listNotificationHistory, () => ok(allRead ? NONE : UNREAD))
    .on(notificationsEndpoints.viewAllNotifications, () => {
      allRead = true;
      return ok({ notifications: [], unviewed: 0 });
    });
});

describe('notification centre', () => {
  it('marks all read: the Unread list says there is none left, and the button is off', async () => {
    const { user } = renderPage(<NotificationsPage />, { at: '/notifications?filter=unread' });
    expect(await screen.findByText('Fire drill')).toBeVisible();
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toBeEnabled();
    await user.click(markAll);
    expect(await screen.findByText('No unread notifications')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    expect(api.sent(notificationsEndpoints.viewAllNotifications)).toHaveLength(1);
  });

  it('keeps the button off when nothing is unread', async () => {
    allRead = true;
    renderPage(<NotificationsPage />, { at: '/notifications?filter=unread' });
    expect(await screen.findByText('No unread notifications')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
