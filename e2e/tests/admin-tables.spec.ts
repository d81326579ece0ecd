// Admin lists choose their columns by their own width (issue 14): at 1280 px every column shows without a
// sideways scroll; on a phone the columns that identify a row (title or name, and the date it is sorted by)
// fit the screen. At 200% zoom and at 320 px no admin screen scrolls sideways.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectNoSidewaysScroll, loginAs } from './helpers';

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

for (const [width, key] of [
  [1280, 'desktop'],
  [375, 'phone'],
] as const) {
  test(`admin lists at ${width} px show their ${key} columns without a sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, DEMO.admin);
    for (const list of LISTS) {
      await page.goto(list.path);
      const shape = await tableShape(page);
      expect(shape.headers, list.path).toEqual(list[key]);
      expect(shape.overflow, `${list.path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(shape.pageOverflow, `${list.path} page scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}

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

// 640 px is a 1280 px screen at 200% zoom: the side menu stays and the page has half the room.
for (const width of [640, 320]) {
  test(`admin screens at ${width} px fit the window, and lists their own width`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(page, DEMO.admin);
    for (const list of LISTS) {
      await page.goto(list.path);
      const shape = await tableShape(page);
      expect(shape.headers, list.path).toEqual(expect.arrayContaining(list.phone));
      expect(shape.overflow, `${list.path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(shape.pageOverflow, `${list.path} page scrolls sideways`).toBeLessThanOrEqual(0);
    }
    for (const path of SCREENS) {
      await expectNoSidewaysScroll(page, path);
    }
  });
}
