// People journeys (issue 17): staff open the directory from the menu, filter it, open a colleague's page and
// go Back to the filtered list, and follow a mention in a comment, whose card opens on keyboard focus; the
// people pages, the profile-fields setting and the user list at 375 px. Each step leaves a screenshot in
// E2E_SHOTS/people for a person to look at (helpers.ts, screenshot). The directory's search, filters and
// "Load more", a colleague's page, the profile-fields setting and the user list's search and role filter
// are component tests (web/src/features/people/*.test.tsx, web/src/features/users/users-page.test.tsx);
// what the server answers for them, and to whom it shows the phone, server tests
// (server/src/features/people/, server/src/features/users/).
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  chooseOption,
  DEMO,
  expectNoSidewaysScroll,
  loginAs,
  openAs,
  publishFeedPost,
  screenshot,
  seedSession,
  tokenOf,
} from './helpers';

test.describe.configure({ mode: 'serial' });

const shot = (page: Page, name: string) => screenshot(page, 'people', name);

const uid = Date.now().toString(36);
const cards = (page: Page) =>
  page.getByRole('list', { name: 'Colleagues' }).getByRole('heading', { level: 2 });

/** A feed post with a comment by staff that mentions Thandi Mokoena; answers the post's id. */
async function postWithMention(request: APIRequestContext): Promise<number> {
  const postId = await publishFeedPost(request, {
    title: `Design review ${uid}`,
    subtitle: 'Who to ask',
    text: '<p>Questions welcome.</p>',
  });
  const headers = { authorization: `Bearer ${await tokenOf(request, DEMO.staff)}` };
  const people = await request.get('/v1/api/people?q=thandi', { headers });
  const thandi = (await people.json()).data.people[0];
  const res = await request.post('/v1/api/comments', {
    headers,
    data: { feedPostId: postId, content: 'Ask @Thandi Mokoena about it', userIDs: [thandi.id] },
  });
  expect(res.status()).toBe(201);
  return postId;
}

/** A page of its own browser context at `width`, logged in as `who` from its first load on. */
async function loggedIn(browser: Browser, who: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  await seedSession(page, who);
  return page;
}

test('staff open the directory from the menu, filter it, open a colleague and go Back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await loginAs(page, DEMO.staff);
  await page.getByRole('link', { name: 'People' }).first().click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Thandi Mokoena' })).toBeVisible();
  await shot(page, 'staff-people-1280');

  // Other journeys add people to Marketing too, so the list is checked for Eddie (Marketing) and against
  // Thandi (People & Culture) rather than as a whole.
  await chooseOption(page, 'Department', 'Marketing');
  await expect(cards(page).filter({ hasText: 'Thandi Mokoena' })).toHaveCount(0);
  await expect(cards(page).filter({ hasText: 'Eddie Editor' })).toBeVisible();
  await expect(page).toHaveURL(/\?department=\d+$/);
  await page.getByRole('link', { name: 'Eddie Editor' }).click();
  await expect(page).toHaveURL(/\/people\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Eddie Editor', level: 1 })).toBeVisible();
  await shot(page, 'staff-person-1280');

  // Back returns to the filtered list.
  await page.goBack();
  await expect(page).toHaveURL(/\?department=\d+$/);
  await expect(cards(page).filter({ hasText: 'Eddie Editor' })).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Thandi Mokoena' })).toHaveCount(0);
});

test('a mention links to the person, and its card opens on keyboard focus', async ({ page, request }) => {
  const postId = await postWithMention(request);
  await page.setViewportSize({ width: 1280, height: 860 });
  await openAs(page, DEMO.staff, `/post-detail/${postId}`);
  const comment = page.locator('.comment').filter({ hasText: 'Ask @Thandi Mokoena' });
  const mention = comment.getByRole('link', { name: '@Thandi Mokoena' });
  await expect(mention).toBeVisible();
  // Keyboard only: from the commenter's name (a link to their page too, issue 33), Tab reaches the mention
  // and its card opens.
  await comment.getByRole('link', { name: 'Sam Staff' }).focus();
  await page.keyboard.press('Tab');
  await expect(mention).toBeFocused();
  const card = page.getByTestId('mention-card').filter({ hasText: 'Thandi Mokoena' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Thandi Mokoena');
  await expect(card).toContainText('Product designer');
  await expect(card).toContainText('People & Culture');
  await expect(card).toContainText('Durban');
  await shot(page, 'staff-mention-card-1280');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/people\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeVisible();
});

test('the people pages fit a 375 px phone, for staff and the administrator', async ({ browser }) => {
  const staff = await loggedIn(browser, DEMO.staff, 375);
  await expectNoSidewaysScroll(staff, '/people');
  await expect(cards(staff).first()).toBeVisible();
  await shot(staff, 'staff-people-375');
  await staff.getByRole('link', { name: 'Thandi Mokoena' }).click();
  await expect(staff.getByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeVisible();
  const overflow = await staff.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(staff, 'staff-person-375');

  const admin = await loggedIn(browser, DEMO.admin, 375);
  await expectNoSidewaysScroll(admin, '/people');
  await shot(admin, 'admin-people-375');
  await expectNoSidewaysScroll(admin, '/profile-fields');
  await shot(admin, 'admin-profile-fields-375');
  await expectNoSidewaysScroll(admin, '/users');
  await shot(admin, 'admin-users-375');
  await staff.context().close();
  await admin.context().close();
});
