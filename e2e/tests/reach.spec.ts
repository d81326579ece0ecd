// Must-read posts and reach (issue 18): a post that requires acknowledgement by a due date is published; a
// member of staff finds it at the top of /news with the count beside the tabs, opens it, presses "I have
// read this" and it goes; the administrator opens the post's reach from the post list and sees it seen and
// acknowledged once, and downloads the CSV of who has not acknowledged it. The post is for Durban and
// Marketing, where only the journey's own member of staff works, so other journeys running beside it
// neither see nor count it. The form that writes a must-read post (its groups, the due date after the
// start, what it sends) is web/src/features/feed/post-form-page.test.tsx's.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, DEMO, loginAs, openAs, publishFeedPost, STRONG_PASSWORD, uniqueEmail } from './helpers';

const TITLE = `Fire drill rules ${Date.now().toString(36)}`;

/** An active member of staff in Durban and Marketing (no demo account is in both), and those groups. */
async function createDurbanMarketer(
  request: APIRequestContext,
): Promise<{ email: string; groups: number[] }> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const groups = (await (await request.get('/v1/api/groups?limit=-1', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const ids = ['Durban', 'Marketing'].map((name) => groups.find((g) => g.name === name)?.id);
  expect(ids.every(Boolean), 'the demo groups Durban and Marketing').toBe(true);
  const email = uniqueEmail('mustread');
  const res = await request.post('/v1/api/users', {
    headers,
    data: {
      firstName: 'Mona',
      lastName: 'Mustread',
      email,
      phone: '123',
      password: STRONG_PASSWORD,
      roleId: 2,
      groups: ids,
      isActive: 1,
    },
  });
  expect(res.status()).toBe(201);
  return { email, groups: ids as number[] };
}

/** The API's UTC text for `days` from now. */
const apiTime = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

test('a must-read post is acknowledged by staff and counted on its reach page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { email: staffEmail, groups } = await createDurbanMarketer(request);
  // Published by the administrator a moment ago, due in a week.
  await publishFeedPost(request, {
    title: TITLE,
    subtitle: 'Read before the drill on Friday',
    text: '<p>Where to gather, who counts heads, and when to go back in.</p>',
    requiresAck: 1,
    ackDueAt: apiTime(7),
    groups,
    startAt: apiTime(-1 / 24),
  });

  // The member of staff: the post at the top of /news, with the count beside the tabs.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  // Seen: the post was on screen for a second; the batch goes out within a few seconds.
  const reads = staff.waitForResponse(
    (r) => r.url().endsWith('/v1/api/post-reads') && r.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await loginAs(staff, staffEmail, STRONG_PASSWORD);
  await expect(staff).toHaveURL(/\/news$/);
  const list = staff.getByRole('region', { name: 'To acknowledge' });
  await expect(list.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
  // Other journeys add must-read posts for everyone meanwhile: this post's own item.
  const item = list
    .getByRole('listitem')
    .filter({ has: staff.getByRole('link', { name: TITLE, exact: true }) });
  await expect(item.getByText(/^Due /)).toBeVisible();
  // Other journeys may add must-read posts for everyone meanwhile: the count is at least this one.
  const count = staff.getByRole('button', { name: /^To acknowledge/ });
  const badge = count.locator('.ant-badge-count');
  await expect(badge).toHaveAttribute('title', /^[1-9]\d*$/);
  const before = Number(await badge.getAttribute('title'));
  // The count leads to the list.
  await count.click();
  await expect(list.getByRole('heading', { name: 'To acknowledge' })).toBeFocused();

  expect((await reads).status()).toBe(200);

  // Acknowledged from the post's page, once opened (issue 33), which then keeps the mark.
  await list.getByRole('link', { name: `Read and acknowledge: ${TITLE}` }).click();
  await expect(staff.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await staff
    .getByRole('region', { name: 'Acknowledgement' })
    .getByRole('button', { name: 'I have read this' })
    .click();
  await expect(staff.getByText('Thank you. Your acknowledgement is recorded.').first()).toBeVisible();
  await expect(staff.getByRole('status').filter({ hasText: 'You acknowledged this post on' })).toBeVisible();
  await staff.reload();
  await expect(staff.getByRole('status').filter({ hasText: 'You acknowledged this post on' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Acknowledgement' })).toHaveCount(0);
  await staff.goto('/news');
  await expect(staff.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'To acknowledge' }).getByText(TITLE)).toHaveCount(0);
  if (before === 1) await expect(count).toHaveCount(0);
  else await expect(badge).toHaveAttribute('title', String(before - 1));
  await staffContext.close();

  // Back to the administrator: the reach page of the post, from the list. The list shows the newest first,
  // and journeys beside this one publish meanwhile (search.spec.ts adds 24 posts at once): the post may
  // be on a later page by now.
  await openAs(page, DEMO.admin, '/admin-feed-post-list');
  const row = page.getByRole('row').filter({ hasText: TITLE });
  const firstReach = page.getByRole('link', { name: 'Reach' }).first();
  const next = page.getByRole('listitem', { name: 'Next Page' }).getByRole('button');
  await expect(firstReach).toBeVisible();
  while ((await row.count()) === 0 && (await next.isEnabled())) {
    const shown = await firstReach.getAttribute('href');
    await next.click();
    await expect(firstReach).not.toHaveAttribute('href', shown ?? '');
  }
  await row.getByRole('link', { name: 'Reach' }).click();
  await expect(page).toHaveURL(/\/post-reach\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Reach', level: 1 })).toBeVisible();
  const funnel = page.getByRole('figure', { name: /targeted/ });
  await expect(funnel).toHaveAccessibleName(/: 1 saw it\b/);
  await expect(funnel).toHaveAccessibleName(/, 1 acknowledged it\b/);
  await expect(funnel.locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByRole('table').filter({ hasText: 'Durban' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download who has not acknowledged (CSV)' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/, 1)[0]).toContain('E-mail');
  // The one person it was for has acknowledged it: no one is listed.
  expect(csv).not.toContain(staffEmail);
});
