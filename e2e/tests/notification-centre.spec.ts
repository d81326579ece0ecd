// Notification centre journeys (issue 18): a new member of staff (so no other journey reads or clears the
// same notifications) gets 22 posts announced, opens /notifications from the bell's "See all", loads more,
// marks one read and unread (the bell follows), filters unread and by type, and marks all read; then changes
// the preferences (no e-mail for mentions, quiet hours, time zone, daily digest), saves, reloads and finds
// them kept, and sees a server field message on its field. A bad unsubscribe link says so, logged out, and
// leaves no token in the address bar. Each page is left as a screenshot at 1280 and 375 px in
// E2E_SHOTS/notification-centre (helpers.ts, screenshot).
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  adminToken,
  createStaffUser,
  expectNoSidewaysScroll,
  loginAs,
  openAs,
  STRONG_PASSWORD,
  screenshot,
  seedSession,
  tokenOf,
} from './helpers';

test.describe.configure({ mode: 'serial' });
// Not UTC: someone who never saved is offered their browser's time zone.
test.use({ timezoneId: 'Europe/Paris' });

const shot = (page: Page, name: string) => screenshot(page, 'notification-centre', name);

const MSG = {
  preferencesSaved: 'Your notification preferences are saved.',
  timeZoneInvalid: 'Choose a time zone from the list.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Change the digest in your profile instead.',
};

const uid = Date.now().toString(36);
const POSTS = 22;
const titleOf = (n: number) => `Notice ${uid} ${String(n).padStart(2, '0')}`;

type Note = { id: number; title: string; viewed: boolean; type: string };
type History = { notifications: Note[]; next: string | null; unviewed: number };

/** Publishes `count` feed posts for everyone with one admin token. */
async function publishPosts(request: APIRequestContext, count: number) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const [category] = (await (await request.get('/v1/api/feed-post-categories?limit=-1', { headers })).json())
    .data as { id: number }[];
  for (let n = 1; n <= count; n++) {
    const res = await request.post('/v1/api/feed-posts', {
      headers,
      data: {
        stateId: 2,
        title: titleOf(n),
        subtitle: 'Notification centre journey',
        text: '<p>Read me.</p>',
        feedCategories: [category?.id],
        startAt: '2020-01-01 00:00:00',
        endAt: '2099-01-01 00:00:00',
      },
    });
    expect(res.status()).toBe(201);
  }
}

let email = '';
let staffAuth: { authorization: string } = { authorization: '' };

async function history(request: APIRequestContext, query = 'limit=50'): Promise<History> {
  const res = await request.get(`/v1/api/notifications/history?${query}`, { headers: staffAuth });
  expect(res.status()).toBe(200);
  return (await res.json()).data as History;
}
const serverNote = async (request: APIRequestContext, title: string) =>
  (await history(request)).notifications.find((n) => n.title === title);

const unviewedIn = (label: string | null) => Number(/(\d+) unviewed/.exec(label ?? '')?.[1] ?? 0);
/** The bell shows what the server holds right now. */
const bellAgrees = (request: APIRequestContext, bell: Locator) =>
  expect
    .poll(
      async () => unviewedIn(await bell.getAttribute('aria-label')) === (await history(request)).unviewed,
      {
        timeout: 15_000,
      },
    )
    .toBe(true);

async function loggedIn(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  await seedSession(page, email, STRONG_PASSWORD);
  return page;
}

const rows = (page: Page) => page.getByTestId('history-row');
/**
 * This journey's rows. Posts that other journeys running at the same time publish for everyone reach this
 * colleague too, anywhere in the list: order and paging are checked on the journey's own posts.
 */
const ours = (page: Page) => rows(page).filter({ hasText: uid });
/** Picks All or Unread (antd's Segmented: its radio inputs are hidden under their labels). */
const show = (page: Page, which: 'All' | 'Unread') =>
  page.getByRole('radiogroup', { name: 'Show' }).getByText(which, { exact: true }).click();

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  email = await createStaffUser(request);
  staffAuth = { authorization: `Bearer ${await tokenOf(request, email, STRONG_PASSWORD)}` };
  await publishPosts(request, POSTS);
  // The fan-out runs as jobs after each post is published.
  await expect
    .poll(async () => (await history(request)).notifications.filter((n) => n.title.includes(uid)).length, {
      timeout: 60_000,
    })
    .toBe(POSTS);
});

test('staff open the notification centre from the bell, page, mark read and unread, and filter', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await loginAs(page, email, STRONG_PASSWORD);
  const bell = page.getByTestId('notification-bell');
  await bellAgrees(request, bell);
  await bell.click();
  await expect(page.getByRole('link', { name: 'See all notifications' })).toBeVisible();
  await shot(page, 'bell-panel-1280');
  await page.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByTestId('notification-panel')).toBeHidden();

  // Newest first, 20 at a time.
  await expect(rows(page)).toHaveCount(20);
  await expect(ours(page).first()).toContainText(titleOf(POSTS));
  await expect(ours(page).first()).toContainText('Post published');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(ours(page)).toHaveCount(POSTS);
  await expect(ours(page).last()).toContainText(titleOf(1));
  await shot(page, 'notifications-1280');

  // Mark the newest read, then unread again: the server and the bell follow.
  const newest = titleOf(POSTS);
  await page.getByRole('button', { name: `Mark as read: ${newest}` }).click();
  await expect(page.getByRole('button', { name: `Mark as unread: ${newest}` })).toBeVisible();
  await expect.poll(async () => (await serverNote(request, newest))?.viewed).toBe(true);
  await bellAgrees(request, bell);
  await page.getByRole('button', { name: `Mark as unread: ${newest}` }).click();
  await expect(page.getByRole('button', { name: `Mark as read: ${newest}` })).toBeVisible();
  await expect.poll(async () => (await serverNote(request, newest))?.viewed).toBe(false);
  await bellAgrees(request, bell);

  // Unread only: a notification read elsewhere is gone from the list.
  await page.getByRole('button', { name: `Mark as read: ${titleOf(POSTS - 1)}` }).click();
  await expect.poll(async () => (await serverNote(request, titleOf(POSTS - 1)))?.viewed).toBe(true);
  await show(page, 'Unread');
  await expect(page).toHaveURL(/filter=unread/);
  await expect(ours(page).first()).toContainText(newest);
  await expect(rows(page).filter({ hasText: titleOf(POSTS - 1) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Mark as unread/ })).toHaveCount(0);
  // Read under Unread, it stays on screen (marked read) so it can be undone.
  await page.getByRole('button', { name: `Mark as read: ${newest}` }).click();
  await expect(ours(page).first()).toContainText(newest);
  await page.getByRole('button', { name: `Mark as unread: ${newest}` }).click();
  await expect.poll(async () => (await serverNote(request, newest))?.viewed).toBe(false);

  // By type: this new colleague was never mentioned.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Mention' }).click();
  await expect(page).toHaveURL(/type=COMMENT/);
  await expect(page.getByText('No unread notifications')).toBeVisible();
  await show(page, 'All');
  await expect(page.getByText('No notifications', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Post published' }).click();
  await expect(ours(page).first()).toContainText(newest);

  // Opening one goes to its post and marks it read.
  await page.getByRole('link', { name: `Unread: ${titleOf(POSTS - 2)}` }).click();
  await expect(page).toHaveURL(/\/post-detail\/\d+$/);
  await expect(page.getByRole('heading', { name: titleOf(POSTS - 2) })).toBeVisible();
  await expect.poll(async () => (await serverNote(request, titleOf(POSTS - 2)))?.viewed).toBe(true);
  await page.goBack();

  // Mark all as read: none of this journey's notifications is left under Unread or unread on the server,
  // and the bell agrees with the server. Not "nothing unread": posts that journeys running beside this one
  // publish for everyone reach this colleague after the click too, unread (the empty Unread list and its
  // disabled button are notifications-page.test.tsx's).
  await show(page, 'Unread');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(ours(page)).toHaveCount(0);
  const unreadOfOurs = async () =>
    (await history(request)).notifications.filter((n) => n.title.includes(uid) && !n.viewed).length;
  await expect.poll(unreadOfOurs).toBe(0);
  await bellAgrees(request, bell);
});

test('staff change their notification preferences, and they are kept', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await openAs(page, email, '/notifications', STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(/\/notification-preferences$/);
  await expect(page.getByRole('heading', { name: 'Notification preferences', level: 1 })).toBeVisible();

  // The defaults: mentions everywhere, posts not by e-mail, weekly digest, no quiet hours.
  const mentionByEmail = page.getByRole('checkbox', { name: 'Mention by e-mail' });
  await expect(mentionByEmail).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Post published by e-mail' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Acknowledgement reminder by push' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  const quiet = page.getByRole('switch', { name: 'Pause push notifications at night' });
  await expect(quiet).not.toBeChecked();
  await expect(page.getByLabel('From')).toHaveCount(0);
  const zone = page.locator('.time-zone .ant-select-content, .time-zone .ant-select-selection-item').first();
  await expect(zone).toHaveText('Europe/Paris');
  await expect(page.getByText('Taken from this browser. Save to keep it.')).toBeVisible();

  await mentionByEmail.uncheck();
  await page.getByRole('radio', { name: 'Daily' }).check();
  await quiet.click();
  await expect(page.getByLabel('From')).toHaveValue('20:00');
  await expect(page.getByLabel('Until')).toHaveValue('07:00');
  await page.getByLabel('Until').click();
  await page.getByLabel('Until').fill('06:30');
  await page.getByLabel('Until').press('Enter');
  await page.getByLabel('Time zone').click();
  await page.getByLabel('Time zone').fill('Berlin');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Europe/Berlin' }).click();
  await shot(page, 'notification-preferences-1280');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MSG.preferencesSaved)).toBeVisible();

  const res = await request.get('/v1/api/notifications/preferences', { headers: staffAuth });
  const saved = (await res.json()).data as {
    channels: { type: string; email: boolean }[];
    digest: string;
    quietHours: { start: string; end: string } | null;
    timeZone: string;
  };
  expect(saved.channels.find((c) => c.type === 'COMMENT')?.email).toBe(false);
  expect(saved.digest).toBe('daily');
  expect(saved.quietHours).toEqual({ start: '20:00', end: '06:30' });
  expect(saved.timeZone).toBe('Europe/Berlin');

  await page.reload();
  await expect(mentionByEmail).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await expect(quiet).toBeChecked();
  await expect(page.getByLabel('From')).toHaveValue('20:00');
  await expect(page.getByLabel('Until')).toHaveValue('06:30');
  await expect(zone).toHaveText('Europe/Berlin');
  await expect(page.getByText('Quiet hours follow it.')).toBeVisible();

  // A refusal of the server shows on its field.
  await page.route('**/v1/api/notifications/preferences', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: MSG.timeZoneInvalid,
            code: 'invalid_input',
            fields: { timeZone: MSG.timeZoneInvalid },
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.time-zone .ant-form-item-explain-error')).toHaveText(MSG.timeZoneInvalid);
  await page.unroute('**/v1/api/notifications/preferences');

  // The profile page leads here too.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notification preferences' }).click();
  await expect(page).toHaveURL(/\/notification-preferences$/);
});

test('a bad unsubscribe link says so, without a login, and leaves no token in the address bar', async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    const page = await context.newPage();
    await page.goto('/unsubscribe#not-a-real-token');
    await expect(page.getByText(MSG.unsubscribeLinkInvalid)).toBeVisible();
    expect(page.url()).not.toContain('#');
    expect(page.url()).toMatch(/\/unsubscribe$/);
    await expect(page.getByRole('link', { name: 'Log in to change your notifications' })).toBeVisible();
    await shot(page, `unsubscribe-invalid-${width}`);
    // No token at all: refused without asking the server.
    await page.goto('/unsubscribe');
    await expect(page.getByText(MSG.unsubscribeLinkInvalid)).toBeVisible();
    await context.close();
  }
});

test('the notification pages fit a 375 px phone', async ({ browser }) => {
  const page = await loggedIn(browser, 375);
  await expectNoSidewaysScroll(page, '/notifications');
  await expect(rows(page).first()).toBeVisible();
  await shot(page, 'notifications-375');
  await expectNoSidewaysScroll(page, '/notification-preferences');
  await expect(page.getByRole('checkbox', { name: 'Mention by e-mail' })).toBeVisible();
  await shot(page, 'notification-preferences-375');
  await page.context().close();
});
