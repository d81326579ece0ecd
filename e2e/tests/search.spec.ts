// Global search (issue 17): staff search from the top bar (Ctrl+K focuses it), see grouped suggestions,
// press Enter for the results page, filter, sort and load more; administrators see drafts marked at 375 px
// (the box's and the results page's marks at any width are search-box.test.tsx's and search-page.test.tsx's);
// the same at 375 px, where the bar shows a search icon. "Did you mean" is summary.test.ts's (the words) and
// search-page.test.tsx's (the offer); the text kept across the phone width is top-bar.test.tsx's.
// Screenshots of each screen go to E2E_SHOTS/search (helpers.ts, screenshot).
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, loginAs, openAs, publishFeedPost, screenshot } from './helpers';

// Random in the middle, new for each run of the file: the staff journey types all but the last three letters,
// and that prefix must match this run's posts only (a timestamp's prefix was shared by runs close in time).
let WORD = '';

async function draftFeedPost(request: APIRequestContext, title: string) {
  const text = `<p>The ${WORD} plan, still a draft</p>`;
  await publishFeedPost(request, { title, subtitle: 'Not out yet', text, stateId: 1 });
}

test.beforeAll(async ({ request }) => {
  WORD = `lantern${randomBytes(5).toString('hex')}fish`;
  for (let i = 1; i <= 23; i++)
    await publishFeedPost(request, {
      title: `${WORD} briefing ${i}`,
      subtitle: i % 2 ? 'Odd week' : 'Even week',
      text: `<p>Notes of the <strong>${WORD}</strong> team, week ${i}.</p>`,
    });
  await draftFeedPost(request, `Secret ${WORD} roadmap`);
});

const shot = (page: Page, name: string) => screenshot(page, 'search', name);

test('staff search from the top bar, open the results, filter, sort and load more', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, DEMO.staff);
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();

  await box.pressSequentially(WORD.slice(0, -3));
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  // Until the typing pauses and its answer comes, the list on screen is an older text's (aria-busy).
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.getByRole('group', { name: 'Posts' })).toBeVisible();
  await expect(list.getByRole('group', { name: 'Posts' }).getByRole('option')).toHaveCount(3);
  await expect(list.getByText(/Secret/)).toHaveCount(0);
  await shot(page, 'staff-1280-suggestions');
  // Arrow keys move through the options; the input keeps focus and names the chosen one.
  await box.press('ArrowDown');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await box.press('ArrowUp');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(20);
  await expect(hits.first().locator('mark').first()).toBeVisible();
  await expect(page.getByText(/Secret/)).toHaveCount(0);
  await shot(page, 'staff-1280-results');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(hits).toHaveCount(23);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Newest first: week 23 was published last.
  await page.getByLabel('Sort').click();
  await page.locator('.ant-select-item-option:visible').filter({ hasText: 'Newest first' }).click();
  await expect(page).toHaveURL(/sort=date/);
  await expect(hits.first()).toContainText(`${WORD} briefing 23`);

  // A date range before any of them: nothing.
  await page.getByLabel('To date').fill('2001-01-01');
  await page.getByLabel('To date').press('Enter');
  await expect(page).toHaveURL(/to=2001-01-01/);
  await expect(page.getByText(/No posts match/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(hits).toHaveCount(20);

  // Each tab says how many it holds; another tab: people.
  await expect(page.getByRole('tab', { name: 'Posts, 23 results' })).toBeVisible();
  await page.getByRole('tab', { name: 'People, 0 results' }).click();
  await expect(page).toHaveURL(/kind=people/);
  await expect(page.getByText(/No people match/)).toBeVisible();

  // A result opens its post.
  await page.getByRole('tab', { name: /^Posts,/ }).click();
  await hits.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/post-detail\/\d+$/);
});

test('at 375 px the bar shows a search icon that opens the box', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, DEMO.staff);
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toBeFocused();
  await box.pressSequentially(WORD);
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await shot(page, 'staff-375-suggestions');
  await box.press('Enter');
  await expect(page.getByTestId('search-hit')).toHaveCount(20);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'staff-375-results');
  // The tabs that do not fit are a tap away.
  await page.getByRole('button', { name: 'More kinds of results' }).click();
  await page.getByRole('option', { name: /^Surveys/ }).click();
  await expect(page).toHaveURL(/kind=surveys/);
  await expect(page.getByText(/No surveys match/)).toBeVisible();
  // Ctrl+K opens it again from the page.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Escape');
});

test('at 375 px administrators see the marks too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, DEMO.admin, `/search?q=${encodeURIComponent(`secret ${WORD}`)}`);
  await expect(page.getByTestId('search-hit').filter({ hasText: 'roadmap' })).toContainText('Draft');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'admin-375-results');
});
