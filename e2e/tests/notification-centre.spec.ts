// Notification centre journeys (issue 18): a new member of staff (so no other journey reads or clears the
// same notifications) gets a post announced, and in the real app, where the bell agrees with the server,
// opens /notifications from the bell's "See all" and finds it there; the notification pages fit a 375 px
// phone. The centre's paging, marking read and unread, filters and "Mark all as read" are
// notifications-page.test.tsx's, the preferences notification-preferences-page.test.tsx's and the
// unsubscribe link's unsubscribe-page.test.tsx's (web/src/features/notifications); what the server sends,
// filters and stores is centre.test.ts's, notifications.test.ts's and preferences.test.ts's
// (server/src/features/notifications). The pages these journeys open are left as screenshots in
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
  STRONG_PASSWORD,
  screenshot,
  seedSession,
  tokenOf,
} from './helpers';

test.describe.configure({ mode: 'serial' });

const shot = (page: Page, name: string) => screenshot(page, 'notification-centre', name);

const uid = Date.now().toString(36);
const title = `Notice ${uid}`;

type History = { notifications: { title: string }[]; next: string | null; unviewed: number };

/** Publishes one feed post for everyone with an admin token. */
async function publishPost(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const [category] = (await (await request.get('/v1/api/feed-post-categories?limit=-1', { headers })).json())
    .data as { id: number }[];
  const res = await request.post('/v1/api/feed-posts', {
    headers,
    data: {
      stateId: 2,
      title,
      subtitle: 'Notification centre journey',
      text: '<p>Read me.</p>',
      feedCategories: [category?.id],
      startAt: '2020-01-01 00:00:00',
      endAt: '2099-01-01 00:00:00',
    },
  });
  expect(res.status()).toBe(201);
}

let email = '';
let staffAuth: { authorization: string } = { authorization: '' };

async function history(request: APIRequestContext, query = 'limit=50'): Promise<History> {
  const res = await request.get(`/v1/api/notifications/history?${query}`, { headers: staffAuth });
  expect(res.status()).toBe(200);
  return (await res.json()).data as History;
}

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
 * This journey's row. Posts that other journeys running at the same time publish for everyone reach this
 * colleague too, anywhere in the list.
 */
const ours = (page: Page) => rows(page).filter({ hasText: title });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  email = await createStaffUser(request);
  staffAuth = { authorization: `Bearer ${await tokenOf(request, email, STRONG_PASSWORD)}` };
  await publishPost(request);
  // The fan-out runs as a job after the post is published.
  await expect
    .poll(async () => (await history(request)).notifications.some((n) => n.title === title), {
      timeout: 60_000,
    })
    .toBe(true);
});

test('staff open the notification centre from the bell, and find the post announced there', async ({
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
  await expect(ours(page)).toContainText('Post published');
  await shot(page, 'notifications-1280');
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
