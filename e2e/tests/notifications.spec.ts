// Notifications journey: an administrator publishes two posts; the staff tab's bell count rises without a
// reload; opening one notification lands on its post and the count falls; Clear All clears the rest.
// Other journeys publish posts at the same time (two workers) and the demo's own posts are announced after
// start, so counts are compared with what the server says at that moment, never with fixed numbers.
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { DEMO, loginAs, publishFeedPost, tokenOf } from './helpers';

const unviewedIn = (label: string | null) => Number(/(\d+) unviewed/.exec(label ?? '')?.[1] ?? 0);

async function staffHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await tokenOf(request, DEMO.staff)}` };
}

type Note = { id: number; title: string; viewed: boolean };

test('the bell counts new posts live, opens one, and Clear All marks the rest viewed', async ({
  page,
  request,
}) => {
  const staff = await staffHeaders(request);
  const serverList = async () =>
    (await (await request.get('/v1/api/notifications', { headers: staff })).json()).data as {
      notifications: Note[];
      unviewed: number;
    };
  /** The bell shows what the server holds right now (it follows the server live). */
  const bellAgrees = (bell: Locator) =>
    expect
      .poll(async () => unviewedIn(await bell.getAttribute('aria-label')) === (await serverList()).unviewed, {
        timeout: 15_000,
      })
      .toBe(true);

  await loginAs(page, DEMO.staff);
  const bell = page.getByTestId('notification-bell');
  await bellAgrees(bell);

  const publish = (title: string) =>
    publishFeedPost(request, {
      title,
      subtitle: 'Thursday at 10:00',
      text: '<p>Meet at the assembly point.</p>',
    });
  const uid = Date.now().toString(36);
  const title = `Fire drill ${uid}`;
  const second = `Evacuation map ${uid}`;
  const postId = await publish(title);
  await publish(second);

  // No reload: both arrive as unviewed notifications and the bell follows.
  await expect
    .poll(async () => {
      const list = await serverList();
      return [title, second].every((t) => list.notifications.some((n) => n.title === t && !n.viewed));
    })
    .toBe(true);
  await bellAgrees(bell);
  expect(unviewedIn(await bell.getAttribute('aria-label'))).toBeGreaterThanOrEqual(2);

  await bell.click();
  await page.getByTestId('notification-item').filter({ hasText: title }).click();
  await expect(page).toHaveURL(new RegExp(`/post-detail/${postId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect
    .poll(async () => (await serverList()).notifications.find((n) => n.title === title)?.viewed)
    .toBe(true);
  await bellAgrees(bell);

  await bell.click();
  await page.getByTestId('notification-clear-all').click();
  await expect
    .poll(async () => (await serverList()).notifications.find((n) => n.title === second)?.viewed)
    .toBe(true);
  await bellAgrees(bell);
});
