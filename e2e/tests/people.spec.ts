// People journeys (issue 17): staff open the directory from the menu, search and filter it, open a
// colleague's page, and follow a mention in a comment, whose card opens on keyboard focus; an administrator
// shows the phone to colleagues and hides it again, and searches the user list; the pages at 375 px. Each
// step leaves a screenshot in E2E_SHOTS/people for a person to look at (helpers.ts, screenshot).
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  chooseOption,
  DEMO,
  expectNoSidewaysScroll,
  loginAs,
  openAs,
  publishFeedPost,
  STRONG_PASSWORD,
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

test('staff browse the directory, filter it and open a colleague', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await loginAs(page, DEMO.staff);
  await page.getByRole('link', { name: 'People' }).first().click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Thandi Mokoena' })).toBeVisible();
  await expect(page.getByText('Product designer')).toBeVisible();
  await shot(page, 'staff-people-1280');

  // The search waits for the typing to stop, then narrows the list.
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('van w');
  await expect(cards(page)).toHaveText(['Pieter van Wyk']);
  await expect(page).toHaveURL(/q=van\+w/);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('zzzz-nobody');
  await expect(page.getByText('No colleagues found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
  await expect(cards(page).filter({ hasText: 'Sam Staff' })).toBeVisible();

  await chooseOption(page, 'Office location', 'Cape Town');
  await expect(cards(page)).toHaveText(['Ada Admin', 'Eddie Editor']);
  await chooseOption(page, 'Department', 'Marketing');
  await expect(cards(page)).toHaveText(['Eddie Editor']);
  await shot(page, 'staff-people-filtered-1280');

  await page.getByRole('link', { name: 'Eddie Editor' }).click();
  await expect(page).toHaveURL(/\/people\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Eddie Editor', level: 1 })).toBeVisible();
  await expect(page.getByText('Communications editor')).toBeVisible();
  await expect(page.getByRole('link', { name: 'editor@example.com' })).toBeVisible();
  // The phone is hidden from colleagues until an administrator shows it.
  await expect(page.getByText('Phone', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Communities', level: 2 })).toBeVisible();
  await shot(page, 'staff-person-1280');

  // Back returns to the filtered list.
  await page.goBack();
  await expect(cards(page)).toHaveText(['Eddie Editor']);
});

test('the directory comes 20 at a time, with Load more for the rest', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  for (let n = 1; n <= 21; n++) {
    const res = await request.post('/v1/api/users', {
      headers,
      data: {
        firstName: `Member${String(n).padStart(2, '0')}`,
        lastName: `Pagewise${uid}`,
        email: `pagewise.${uid}.${n}@example.com`,
        password: STRONG_PASSWORD,
        roleId: 2,
        groups: [],
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  await openAs(page, DEMO.staff, `/people?q=pagewise${uid}`);
  await expect(cards(page)).toHaveCount(20);
  await expect(cards(page).first()).toHaveText(`Member01 Pagewise${uid}`);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(21);
  await expect(cards(page).last()).toHaveText(`Member21 Pagewise${uid}`);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
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

test('an administrator shows the phone to colleagues and hides it again', async ({ browser }) => {
  const admin = await loggedIn(browser, DEMO.admin);
  const staff = await loggedIn(browser, DEMO.staff);
  const thandiId = async () => {
    const res = await staff.request.get('/v1/api/people?q=thandi', {
      headers: { authorization: `Bearer ${await tokenOf(staff.request, DEMO.staff)}` },
    });
    return (await res.json()).data.people[0].id as number;
  };
  const thandi = `/people/${await thandiId()}`;
  const setPhone = async (shown: boolean) => {
    await admin.goto('/people');
    await admin.getByRole('button', { name: 'Profile fields' }).click();
    await expect(admin.getByRole('heading', { name: 'Profile fields', level: 1 })).toBeVisible();
    const phone = admin.getByRole('checkbox', { name: 'Phone' });
    await expect(phone).toBeChecked({ checked: !shown });
    await phone.setChecked(shown);
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(admin.getByText('Profile fields saved')).toBeVisible();
  };

  await setPhone(true);
  await shot(admin, 'admin-profile-fields-1280');
  await staff.goto(thandi);
  await expect(staff.getByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeVisible();
  await expect(staff.getByRole('link', { name: '+27 21 555 0100' })).toBeVisible();

  await setPhone(false);
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeVisible();
  await expect(staff.getByText('Product designer')).toBeVisible();
  await expect(staff.getByText('+27 21 555 0100')).toHaveCount(0);

  // An administrator always sees every field.
  await admin.goto(thandi);
  await expect(admin.getByRole('link', { name: '+27 21 555 0100' })).toBeVisible();
  await shot(admin, 'admin-person-1280');
  await admin.context().close();
  await staff.context().close();
});

test('the administrator searches and filters the user list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await openAs(page, DEMO.admin, '/users');
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('pieter@');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row:visible');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Pieter van Wyk');
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('');
  await chooseOption(page, 'Role', 'Post manager');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Eddie Editor');
  await shot(page, 'admin-users-filtered-1280');
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
