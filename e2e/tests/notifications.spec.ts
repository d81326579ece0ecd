// Notifications journey: an administrator publishes a post; the staff tab's bell count rises without a
// reload; opening the notification lands on the post and the count falls; Clear All clears the rest.
import { expect, test } from '@playwright/test';
import { adminToken, DEMO, loginAs } from './helpers';

const unviewedIn = async (label: string | null) => Number(/(\d+) unviewed/.exec(label ?? '')?.[1] ?? 0);

test('the bell counts a new post live, opens it, and Clear All marks the rest viewed', async ({
  page,
  request,
}) => {
  await loginAs(page, DEMO.staff);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeEnabled();
  // The live stream is connected once the bell shows a count.
  await expect(bell).toHaveAttribute('aria-label', /Notifications, /);
  const before = await unviewedIn(await bell.getAttribute('aria-label'));

  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const categories = (await (await request.get('/v1/api/feed-post-categories?limit=-1', { headers })).json())
    .data;
  const publish = async (title: string) => {
    const res = await request.post('/v1/api/feed-posts', {
      headers,
      data: {
        title,
        subtitle: 'Thursday at 10:00',
        text: '<p>Meet at the assembly point.</p>',
        feedCategories: [categories[0].id],
        startAt: '2020-01-01 00:00:00',
        endAt: '2099-01-01 00:00:00',
        stateId: 2,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).data.id as number;
  };
  const title = `Fire drill ${Date.now().toString(36)}`;
  const postId = await publish(title);
  await publish(`Evacuation map ${Date.now().toString(36)}`);

  // No reload: the count rises through the stream.
  await expect
    .poll(async () => unviewedIn(await bell.getAttribute('aria-label')), { timeout: 10_000 })
    .toBe(before + 2);

  await bell.click();
  await page.getByTestId('notification-item').filter({ hasText: title }).click();
  await expect(page).toHaveURL(new RegExp(`/post-detail/${postId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect.poll(async () => unviewedIn(await bell.getAttribute('aria-label'))).toBe(before + 1);

  await bell.click();
  const clearAll = page.getByTestId('notification-clear-all');
  await clearAll.click();
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, none unviewed');
  await expect(clearAll).toBeDisabled();
});
