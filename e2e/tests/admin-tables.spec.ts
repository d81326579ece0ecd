// Admin lists choose their columns by their own width (issue 14): at 1280 px every column shows without a
// sideways scroll; on a phone the columns that identify a row (title or name, and the date it is sorted by)
// fit the screen. At 200% zoom and at 320 px no admin screen scrolls sideways. Each list and screen is
// opened once and checked at each width by resizing the window.
import { expect, type Page, test } from '@playwright/test';
import { animationsDone, DEMO, expectFits, expectNoSidewaysScroll, openInApp, seedSession } from './helpers';

const LISTS: { path: string; phone: string[]; desktop: string[] }[] = [
  {
    path: '/admin-feed-post-list',
    phone: ['Title', 'Created', 'View'],
    desktop: ['Title', 'Owner', 'Featured', 'Categories', 'Created', 'View'],
  },
  {
    path: '/admin-surveys-list',
    phone: ['Title', 'Created'],
    desktop: ['Title', 'Description', 'Created', 'Start', 'End'],
  },
  {
    path: '/admin-communities-list',
    phone: ['Title', 'Created'],
    desktop: ['Title', 'Description', 'Visibility', 'Created'],
  },
  {
    path: '/admin-community-post-list',
    phone: ['Title', 'Created'],
    desktop: ['Title', 'Subtitle', 'Community', 'Creator', 'Created'],
  },
  {
    path: '/users',
    phone: ['Name', 'Created'],
    desktop: ['Name', 'E-mail', 'Role', 'Location', 'Department', 'Created', 'Last Active'],
  },
];

/** The header texts of the list's table, and how far its content would scroll sideways. */
async function tableShape(page: Page) {
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  return page.evaluate(() => {
    const content = document.querySelector('.ant-table-content');
    return {
      headers: [...document.querySelectorAll('.ant-table-thead th')]
        .map((th) => th.textContent?.trim() ?? '')
        .map((text) => (text === '' ? 'View' : text)),
      overflow: content ? content.scrollWidth - content.clientWidth : -1,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/**
 * The widths each list is checked at, and the columns it shows there: at 1280 px every column, at 375 px
 * exactly the phone's, and at 640 px (a 1280 px screen at 200% zoom: the side menu stays and the page has
 * half the room) and 320 px at least the phone's. Each list is opened once, at the first width, and the
 * window then resized: the lists choose their columns by their own width as it changes.
 */
const WIDTHS: { width: number; columns: (list: (typeof LISTS)[number]) => unknown }[] = [
  { width: 1280, columns: (list) => list.desktop },
  { width: 375, columns: (list) => list.phone },
  { width: 640, columns: (list) => expect.arrayContaining(list.phone) },
  { width: 320, columns: (list) => expect.arrayContaining(list.phone) },
];

test('admin lists show their desktop columns at 1280 px and the phone ones at 375, 640 and 320 px, without a sideways scroll', async ({
  page,
}) => {
  await seedSession(page, DEMO.admin);
  for (const list of LISTS) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openInApp(page, list.path);
    for (const { width, columns } of WIDTHS) {
      const where = `${list.path} at ${width} px`;
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(async () => (await tableShape(page)).headers, { message: where })
        .toEqual(columns(list));
      await animationsDone(page);
      const shape = await tableShape(page);
      expect(shape.headers, where).toEqual(columns(list));
      expect(shape.overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(shape.pageOverflow, `${where} page scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
});

/** Admin screens besides the lists: forms, statistics and reports (whose wide tables scroll inside). */
const SCREENS = [
  '/stats',
  '/edit-stats',
  '/add-user',
  '/admin-feed-post-create',
  '/surveys/create',
  '/community/create',
  '/community-post/create',
  '/reports',
  '/reports/user-activity',
  '/reports/post-activity',
];

// 640 px is a 1280 px screen at 200% zoom; 320 px is 400%. Each screen is opened at 640 px, then resized.
test('admin screens at 640 px and 320 px fit the window', async ({ page }) => {
  await seedSession(page, DEMO.admin);
  for (const path of SCREENS) {
    await page.setViewportSize({ width: 640, height: 800 });
    await expectNoSidewaysScroll(page, path);
    await page.setViewportSize({ width: 320, height: 800 });
    await expectFits(page, `${path} at 320 px`);
  }
});
