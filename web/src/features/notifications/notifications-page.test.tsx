// @vitest-environment happy-dom
// The notification centre (/notifications, issue 18), against a stand-in for the server's history: newest
// first, 20 at a time with "Load more" following the server's cursor; a notification marked read and unread
// again (the calls sent, the row's action and the bell's count following); Unread and the type kept in the
// address and sent to the server, with the empty texts; one opened goes to its post and is marked read; the
// Preferences button; and "Mark all as read" (the Unread list empties, says so, and the button switches
// itself off; the bell follows). These replace the checks of the journey "staff open the notification
// centre from the bell, page, mark read and unread, and filter" (notification-centre.spec.ts), which keeps
// only the way in from the bell of the real app; what the server stores and filters is centre.test.ts's and
// notifications.test.ts's.
import {
  MSG,
  type Notification,
  type NotificationList,
  type NotificationType,
  notificationsEndpoints,
  systemEndpoints,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, never, ok } from '../../test/fetch-mock';
import { chooseOption } from '../../test/fields';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import { NotificationBell } from './notification-bell';
import NotificationsPage from './notifications-page';

const note = (id: number, title: string, patch: Partial<Notification> = {}): Notification => ({
  id,
  type: 'FEED_POST',
  objectId: 40 + id,
  isCommunityPost: false,
  title,
  sentAt: new Date(Date.now() - id * 60_000).toISOString(),
  viewed: false,
  ...patch,
});
const NONE = { notifications: [], next: null, unviewed: 0 };

/** The server's page size when the web asks for none (the contract's default). */
const PAGE = 20;

/**
 * A stand-in for the server's notifications, newest first: the history filtered and paged as the server
 * does (the cursor is the offset of the next page), and marking read, unread and all read. The bell's
 * list answers the unread count with no notifications in it, so the count the bell shows can only come from
 * the server's answer, not from the page changing the bell's cached list.
 */
function fakeServer(notes: Notification[]): ApiMock {
  const unviewed = () => notes.filter((n) => !n.viewed).length;
  const bell = (): NotificationList => ({ notifications: [], unviewed: unviewed() });
  const setViewed = (id: unknown, viewed: boolean) => {
    const found = notes.find((n) => n.id === id);
    if (found) found.viewed = viewed;
  };
  return (
    mockApi()
      .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
      // The live count waits for its ticket for the whole test: the bell shows the list's count.
      .on(notificationsEndpoints.createNotificationStreamTicket, never)
      .on(notificationsEndpoints.listNotifications, () => ok(bell()))
      .on(notificationsEndpoints.listNotificationHistory, ({ query }) => {
        const matching = notes.filter(
          (n) => (query.filter !== 'unread' || !n.viewed) && (!query.type || n.type === query.type),
        );
        const from = Number(query.next ?? 0);
        const next = from + PAGE < matching.length ? String(from + PAGE) : null;
        return ok({ notifications: matching.slice(from, from + PAGE), next, unviewed: unviewed() });
      })
      .on(notificationsEndpoints.viewNotification, ({ body }) => {
        setViewed((body as { notificationId: number }).notificationId, true);
        return ok(bell());
      })
      .on(notificationsEndpoints.unviewNotification, ({ body }) => {
        setViewed((body as { notificationId: number }).notificationId, false);
        return ok({ message: MSG.markedUnread });
      })
      .on(notificationsEndpoints.viewAllNotifications, () => {
        for (const n of notes) n.viewed = true;
        return ok(bell());
      })
  );
}

/** The centre with the bell beside it, as the app's top bar has it. */
const openCentre = (at = '/notifications') =>
  renderPage(
    <>
      <NotificationBell />
      <NotificationsPage />
    </>,
    { at, path: '/notifications' },
  );
const rows = () => screen.queryAllByTestId('history-row');
const bell = () => screen.getByTestId('notification-bell');
const address = () => `${window.location.pathname}${window.location.search}`;
/** Picks All or Unread (antd's Segmented: its radio inputs are hidden under their labels). */
const show = (user: { click: (el: Element) => Promise<void> }, which: 'All' | 'Unread') =>
  user.click(within(screen.getByRole('radiogroup', { name: 'Show' })).getByText(which, { exact: true }));

beforeEach(() => {
  signIn('staff');
});

describe('notification centre: paging', () => {
  it('shows the newest first, 20 at a time, and loads the rest with the server’s cursor', async () => {
    const api = fakeServer(
      Array.from({ length: 22 }, (_, i) => note(i + 1, `Notice ${String(22 - i).padStart(2, '0')}`)),
    );
    const { user } = renderPage(<NotificationsPage />, { at: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(rows()[0]).toHaveTextContent('Notice 22');
    expect(rows()[0]).toHaveTextContent('Post published');
    // No limit asked: the server's page size holds (centre.test.ts).
    expect(api.sent(notificationsEndpoints.listNotificationHistory)[0]?.query).toEqual({ filter: 'all' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(22));
    expect(rows()[21]).toHaveTextContent('Notice 01');
    expect(api.sent(notificationsEndpoints.listNotificationHistory).at(-1)?.query).toEqual({
      filter: 'all',
      next: '20',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('notification centre: one at a time', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = fakeServer([note(1, 'Fire drill'), note(2, 'Evacuation map'), note(3, 'Canteen survey')]);
  });

  it('marks one read and unread again: the calls are sent, the row changes, the bell follows the server', async () => {
    const { user } = openCentre();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unviewed'));
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Fire drill' }));
    expect(await screen.findByRole('button', { name: 'Mark as unread: Fire drill' })).toBeVisible();
    expect(api.sent(notificationsEndpoints.viewNotification).map((r) => r.body)).toEqual([
      { notificationId: 1 },
    ]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unviewed'));

    await user.click(screen.getByRole('button', { name: 'Mark as unread: Fire drill' }));
    expect(await screen.findByRole('button', { name: 'Mark as read: Fire drill' })).toBeVisible();
    expect(api.sent(notificationsEndpoints.unviewNotification).map((r) => r.body)).toEqual([
      { notificationId: 1 },
    ]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unviewed'));
  });

  it('under Unread, asks for unread ones only (kept in the address); one read there stays, to be undone', async () => {
    const { user } = openCentre();
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Evacuation map' }));
    await screen.findByRole('button', { name: 'Mark as unread: Evacuation map' });
    await show(user, 'Unread');
    await waitFor(() => expect(address()).toBe('/notifications?filter=unread'));
    await waitFor(() => expect(screen.queryByText('Evacuation map')).not.toBeInTheDocument());
    expect(api.sent(notificationsEndpoints.listNotificationHistory).at(-1)?.query).toEqual({
      filter: 'unread',
    });
    expect(rows()[0]).toHaveTextContent('Fire drill');
    expect(screen.queryAllByRole('button', { name: /^Mark as unread/ })).toHaveLength(0);

    // Read under Unread, it stays on screen (marked read) until the list is next loaded.
    const asked = api.sent(notificationsEndpoints.listNotificationHistory).length;
    await user.click(screen.getByRole('button', { name: 'Mark as read: Fire drill' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as unread: Fire drill' }));
    expect(await screen.findByRole('button', { name: 'Mark as read: Fire drill' })).toBeVisible();
    expect(rows()[0]).toHaveTextContent('Fire drill');
    expect(api.sent(notificationsEndpoints.listNotificationHistory)).toHaveLength(asked);
    expect(api.sent(notificationsEndpoints.unviewNotification).map((r) => r.body)).toEqual([
      { notificationId: 1 },
    ]);
  });

  it('opening one goes to its post and marks it read', async () => {
    const { user } = openCentre();
    await user.click(await screen.findByRole('link', { name: 'Unread: Canteen survey' }));
    expect(await landedAt()).toBe('/post-detail/43');
    await waitFor(() =>
      expect(api.sent(notificationsEndpoints.viewNotification).map((r) => r.body)).toEqual([
        { notificationId: 3 },
      ]),
    );
  });

  it('leads to the preferences', async () => {
    const { user } = openCentre();
    await user.click(await screen.findByRole('button', { name: 'Preferences' }));
    expect(await landedAt()).toBe('/notification-preferences');
  });
});

describe('notification centre: by type', () => {
  let api: ApiMock;
  const of = (type: NotificationType, id: number, title: string) => note(id, title, { type });
  beforeEach(() => {
    api = fakeServer([of('FEED_POST', 1, 'Fire drill'), of('SURVEY', 2, 'Canteen survey')]);
  });

  it('asks for the type chosen (kept in the address), and says when there is none, unread or at all', async () => {
    const { user } = openCentre('/notifications?filter=unread');
    await screen.findByText('Fire drill');
    await chooseOption(user, 'Type', 'Mention');
    await waitFor(() => expect(address()).toBe('/notifications?filter=unread&type=COMMENT'));
    expect(await screen.findByText('No unread notifications')).toBeVisible();
    expect(api.sent(notificationsEndpoints.listNotificationHistory).at(-1)?.query).toEqual({
      filter: 'unread',
      type: 'COMMENT',
    });
    await show(user, 'All');
    expect(await screen.findByText('No notifications')).toBeVisible();
    expect(address()).toBe('/notifications?type=COMMENT');

    await chooseOption(user, 'Type', 'Post published');
    expect(await screen.findByText('Fire drill')).toBeVisible();
    expect(screen.queryByText('Canteen survey')).not.toBeInTheDocument();
    expect(address()).toBe('/notifications?type=FEED_POST');
    expect(api.sent(notificationsEndpoints.listNotificationHistory).at(-1)?.query).toEqual({
      filter: 'all',
      type: 'FEED_POST',
    });
  });
});

describe('notification centre: a change of the address not yet rendered', () => {
  beforeEach(() => {
    fakeServer([note(1, 'Fire drill')]);
  });

  it('is kept when the other filter changes', async () => {
    const { user } = openCentre('/notifications');
    await screen.findByText('Fire drill');
    // Unread chosen a moment ago is in the address; its render has not happened yet (a router transition
    // that input interrupted): the type chosen now must not write the address back without it.
    window.history.replaceState(window.history.state, '', '/notifications?filter=unread');
    await chooseOption(user, 'Type', 'Mention');
    await waitFor(() => expect(address()).toBe('/notifications?filter=unread&type=COMMENT'));
  });
});

describe('notification centre: mark all as read', () => {
  let api: ApiMock;
  beforeEach(() => {
    api = fakeServer([note(1, 'Fire drill'), note(2, 'Evacuation map')]);
  });

  it('empties the Unread list, which then says so, switches the button off, and the bell follows', async () => {
    const { user } = openCentre('/notifications?filter=unread');
    expect(await screen.findByText('Fire drill')).toBeVisible();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unviewed'));
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toBeEnabled();
    await user.click(markAll);
    expect(await screen.findByText('No unread notifications')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
    expect(api.sent(notificationsEndpoints.viewAllNotifications)).toHaveLength(1);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, none unviewed'));
  });

  it('keeps the button off when nothing is unread', async () => {
    api.on(notificationsEndpoints.listNotificationHistory, ok(NONE));
    renderPage(<NotificationsPage />, { at: '/notifications?filter=unread' });
    expect(await screen.findByText('No unread notifications')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
