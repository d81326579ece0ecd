// axe on every screen of every role, in light and in dark (issue 14, WCAG 2.2 AA): every rule axe runs by
// default (WCAG A/AA and its best practices; in dark, the rules that depend on colours), with open states
// too: the bell panel, the mention list, date pickers, upload lists, confirmations and error states. One
// test per role scans all its screens and then lists every violation found, so one run shows everything
// that is left.
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import {
  animationsDone,
  anonymousSurvey,
  DEMO,
  dataShown,
  draftSurvey,
  fillLogin,
  openInApp,
  publishFeedPost,
  seedSession,
  tokenOf,
  watchRequests,
} from './helpers';

type Screen = { name: string; open: (page: Page) => Promise<void> };

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Waits for the page to settle: its heading shown, its requests answered, no skeleton or spinner left and
 * no animation running (helpers.ts, dataShown), where a fixed 400 ms sleep used to stand.
 */
async function settled(page: Page, heading?: string | RegExp): Promise<void> {
  if (heading) await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await dataShown(page);
}

/**
 * Waits until no transition or animation is running (endless ones aside): axe reads the colours of the
 * moment, and a colour caught halfway through a transition fails or passes by chance. Drawers, dropdowns,
 * pickers, confirmations and fades are CSS animations or transitions of antd's, so this is the end of them
 * too, with no fixed sleep (helpers.ts, animationsDone).
 */
const stillColours = animationsDone;

/** Opens `path` in the app (a full load only for the first screen of a scan: helpers.ts, openInApp). */
async function visit(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await openInApp(page, path);
  await settled(page, heading);
}

/** A screen that is opened by going to `path` (and, when given, showing the heading `heading`). */
const at = (name: string, path: string, heading?: string): Screen => ({
  name,
  open: (p) => visit(p, path, heading),
});

/**
 * The href of the first link like `pattern` on the page at `path`: the page as it is when the screen before
 * left it there (nothing is changed, links are only read), else opened anew.
 */
async function hrefOn(page: Page, path: string, pattern: RegExp, heading?: string): Promise<string> {
  const here = new URL(page.url());
  if (`${here.pathname}${here.search}` === path && (await hrefs(page)).some((h) => pattern.test(h))) {
    return firstHref(page, pattern);
  }
  await visit(page, path, heading);
  return firstHref(page, pattern);
}

const hrefs = (page: Page): Promise<string[]> =>
  page.locator('a[href]:visible').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

/** The href of the first link on the current page whose href matches `pattern`. */
async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const href = (await hrefs(page)).find((h) => pattern.test(h));
  expect(href, `a link like ${pattern}`).toBeTruthy();
  return href ?? '';
}

/**
 * A must-read post (issue 18) with a due date, for everyone or for `groups`, started yesterday; answers its
 * id. Started yesterday, as a new post is: its reach page then charts two days, where a start in 2020 charted
 * (and tabled) every day since, which took a sixth of the administrator's scan.
 */
async function mustReadPost(page: Page, groups: number[] = []): Promise<number> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  return publishFeedPost(page.request, {
    title: `Read and confirm ${Date.now().toString(36)}`,
    subtitle: 'The new travel policy, in short',
    text: '<p>Book through the portal.</p>',
    requiresAck: 1,
    ackDueAt: '2098-12-01 17:00:00',
    groups,
    startAt: yesterday,
  });
}

/**
 * The rules whose outcome depends on the colours: the dark scan runs only these, as the theme changes
 * nothing else axe checks (roles, names, structure). It halves the cost of the second scan.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core itself, loaded into every document the page opens (an init script). @axe-core/playwright's
 * AxeBuilder injected the 550 KB script again on each scan and then finished every scan in a new blank
 * page: that took three quarters of a scan's time (measured: a 60-element page, 940 ms a scan with it,
 * 180 ms without), and a scan of each screen in light and dark made axe.spec.ts 10 of the browser run's
 * 25 minutes of test time. The app has no frames, so axe.run in the page checks everything the builder did.
 */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = {
  id: string;
  impact?: string | null;
  nodes: { target: string[]; any: { message: string }[] }[];
};

/** axe's findings on the page as it is now, one line per rule; `rules` limits the scan to those. */
async function findings(page: Page, where: string, rules?: string[]): Promise<string[]> {
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown }> } }
    ).axe;
    // Only the violations are read: axe then skips building the details of everything that passed.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations as Violation[];
  }, rules);
  return violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ');
    const why = v.nodes[0]?.any[0]?.message ?? '';
    return `${where}: ${v.id} (${v.impact}, ${v.nodes.length}x) ${nodes} ${why}`.trim();
  });
}

/**
 * Opens each screen once and scans it in light (every rule) and then in dark (the colour rules): the app
 * follows the system setting live, so switching the emulated setting re-themes the open screen (open menus
 * and pickers included).
 */
async function scanAll(page: Page, screens: Screen[]): Promise<void> {
  await page.addInitScript({ path: AXE_SOURCE });
  watchRequests(page);
  const found: string[] = [];
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await page.emulateMedia({ colorScheme: 'light' });
      // A screen that cannot be opened is a finding too; the scan goes on with the next one.
      const opened = await screen
        .open(page)
        .then(() => stillColours(page))
        .then(
          () => true,
          (err: Error) => {
            found.push(`${screen.name}: could not be opened: ${err.message.split('\n')[0]}`);
            return false;
          },
        );
      if (!opened) return;
      // The pointer rests where the last click left it: its hover colours are checked too.
      found.push(...(await findings(page, `${screen.name}, light`)));
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await stillColours(page);
      found.push(...(await findings(page, `${screen.name}, dark`, COLOUR_RULES)));
    });
  }
  expect(found, `axe violations on ${screens.length} screens, light and dark`).toEqual([]);
}

const loggedOut: Screen[] = [
  at('login', '/login', 'Log in'),
  {
    name: 'login, wrong password',
    open: async (p) => {
      await visit(p, '/login', 'Log in');
      await fillLogin(p, DEMO.staff, 'not-the-password');
      await expect(p.getByRole('alert').first()).toBeVisible();
    },
  },
  {
    name: 'register, empty fields',
    open: async (p) => {
      await visit(p, '/register');
      await p.getByRole('button', { name: 'Register' }).click();
      await expect(p.locator('.ant-form-item-explain-error').first()).toBeVisible();
    },
  },
  at('forgot password', '/forgot-password'),
  at('reset password, bogus link', '/reset-password?token=bogus'),
  at('verify e-mail, bogus link', '/verify-email?token=bogus'),
  // The company sign-in (issue 19): a refusal, and the hand-off page without its cookie.
  at('company sign-in refused', '/sso/error?reason=unverified_email', 'Sign-in failed'),
  at('company sign-in hand-off expired', '/sso/complete', 'Sign-in failed'),
  {
    name: 'unsubscribe, bogus link',
    open: async (p) => {
      await visit(p, '/unsubscribe#bogus', 'E-mail digest');
      await expect(p.getByRole('link', { name: /^Log in/ })).toBeVisible();
    },
  },
];

/** The staff member's news, communities and surveys. */
const staff: Screen[] = [
  at('news', '/news', 'News'),
  {
    name: 'news, communities tab',
    open: async (p) => {
      await p.getByRole('tab', { name: 'Communities' }).click();
      await settled(p, 'News');
    },
  },
  {
    name: 'bell panel',
    open: async (p) => {
      await p.getByRole('button', { name: /^Notifications/ }).click();
      await expect(p.getByRole('dialog').or(p.locator('.ant-popover:visible')).first()).toBeVisible();
    },
  },
  {
    name: 'post, mention list open',
    open: async (p) => {
      await visit(p, await hrefOn(p, '/news', /^\/post-detail\/\d+$/, 'News'));
      await p.getByRole('textbox', { name: 'Comment' }).pressSequentially('@a');
      await expect(p.locator('.ant-mentions-dropdown:visible')).toBeVisible();
    },
  },
  at('communities', '/communities'),
  {
    name: 'community',
    open: async (p) => {
      await visit(p, await hrefOn(p, '/communities', /^\/communities\/\d+$/));
    },
  },
  {
    name: 'community post',
    open: async (p) => {
      await visit(p, await firstHref(p, /^\/communities\/post\/\d+$/));
    },
  },
  at('surveys', '/surveys'),
  {
    name: 'survey',
    open: async (p) => {
      await visit(p, await hrefOn(p, '/surveys', /^\/surveys\/\d+/));
    },
  },
];

/** The staff member's own pages, people, notifications and search: a second scan beside the first. */
const staffMore: Screen[] = [
  at('profile', '/profile'),
  at('edit profile', '/edit-profile'),
  at('people', '/people', 'People'),
  // On the people page the screen before left (a load less), then the person it links to first.
  {
    name: 'people, location select open',
    open: async (p) => {
      if (new URL(p.url()).pathname !== '/people') await visit(p, '/people', 'People');
      await p.getByLabel('Office location').click();
      await expect(p.locator('.ant-select-dropdown:visible')).toBeVisible();
    },
  },
  {
    name: 'person',
    open: async (p) => {
      await visit(p, await hrefOn(p, '/people', /^\/people\/\d+$/, 'People'));
    },
  },
  at('password change', '/password-change'),
  at('notifications', '/notifications', 'Notifications'),
  at('notifications, unread', '/notifications?filter=unread', 'Notifications'),
  at('notification preferences', '/notification-preferences', 'Notification preferences'),
  {
    name: 'notification preferences, quiet hours on, time picker open',
    open: async (p) => {
      await p.getByRole('switch', { name: 'Pause push notifications at night' }).click();
      await p.getByLabel('From').click();
      await expect(p.locator('.ant-picker-dropdown:visible')).toBeVisible();
    },
  },
  at('search results', '/search?q=running', 'Search'),
  at('search, people tab', '/search?q=a&kind=people', 'Search'),
  {
    name: 'search suggestions open',
    open: async (p) => {
      await visit(p, '/news', 'News');
      await p.getByRole('combobox', { name: 'Search' }).fill('run');
      await expect(p.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
    },
  },
  at('post that does not exist', '/post-detail/99999999'),
  at('page not found', '/no-such-page'),
  at('admin page, not authorised', '/admin-feed-post-list', 'Not authorised'),
  // Last: the post is for everyone, and acknowledging it takes it off the other journeys' /news again.
  {
    name: 'news, a post to acknowledge',
    open: async (p) => {
      await mustReadPost(p);
      // Loaded anew: the news shown a moment ago may still count as fresh in the app, without the post.
      await p.goto('/news');
      await settled(p, 'News');
      await expect(p.getByRole('heading', { name: 'To acknowledge', level: 2 })).toBeVisible();
      await expect(p.getByRole('button', { name: /^To acknowledge/ })).toBeVisible();
    },
  },
  {
    name: 'must-read post, to acknowledge',
    open: async (p) => {
      await p
        .getByRole('region', { name: 'To acknowledge' })
        .getByRole('link', { name: /^Read and acknowledge/ })
        .first()
        .click();
      await expect(p.getByRole('region', { name: 'Acknowledgement' })).toBeVisible();
      await settled(p);
    },
  },
  {
    name: 'must-read post, acknowledged',
    open: async (p) => {
      await p.getByRole('button', { name: 'I have read this' }).click();
      await expect(p.getByRole('status').filter({ hasText: 'You acknowledged this post on' })).toBeVisible();
    },
  },
  {
    name: 'news, every post acknowledged',
    open: async (p) => {
      // The rest (other journeys publish must-read posts for everyone meanwhile), each from its page.
      for (;;) {
        await openInApp(p, '/news');
        await settled(p, 'News');
        const next = p
          .getByRole('region', { name: 'To acknowledge' })
          .getByRole('link', { name: /^Read and/ });
        if ((await next.count()) === 0) break;
        await next.first().click();
        await p.getByRole('button', { name: 'I have read this' }).click();
        await expect(
          p.getByRole('status').filter({ hasText: 'You acknowledged this post on' }),
        ).toBeVisible();
      }
      await expect(p.getByRole('status').filter({ hasText: 'Nothing else to acknowledge' })).toBeVisible();
    },
  },
];

const admin: Screen[] = [
  at('key statistics', '/stats'),
  at('search results', '/search?q=welcome', 'Search'),
  at('edit key statistics', '/edit-stats'),
  at('feed posts', '/admin-feed-post-list'),
  {
    name: 'edit post',
    open: async (p) => {
      await visit(p, await hrefOn(p, '/admin-feed-post-list', /^\/post\/edit\/\d+$/));
    },
  },
  {
    name: 'new post, date picker and upload list',
    open: async (p) => {
      await visit(p, '/admin-feed-post-create');
      await p
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
      // Save is off while the file uploads: scanned as it turns on, its colours were caught halfway
      // (CI, once: 1.81:1). The scan is of the form with its upload done.
      await expect(p.getByRole('button', { name: 'Save' })).toBeEnabled();
      await p.locator('.ant-picker input').first().click();
      await expect(p.locator('.ant-picker-dropdown:visible').first()).toBeVisible();
    },
  },
  {
    name: 'new post, acknowledgement date picker open',
    open: async (p) => {
      await visit(p, '/admin-feed-post-create');
      await p.getByRole('checkbox', { name: 'Requires acknowledgement' }).check();
      await p.getByLabel('Acknowledge by').click();
      await expect(p.locator('.ant-picker-dropdown:visible').first()).toBeVisible();
    },
  },
  {
    name: 'post reach',
    open: async (p) => {
      // For Durban: Thandi sees it, so the chart per day has a point.
      const groups = await p.request.get('/v1/api/groups?limit=-1', {
        headers: { authorization: `Bearer ${await tokenOf(p.request, DEMO.admin)}` },
      });
      const durban = ((await groups.json()).data as { id: number; name: string }[]).find(
        (g) => g.name === 'Durban',
      );
      const id = await mustReadPost(p, durban ? [durban.id] : []);
      const thandi = await tokenOf(p.request, 'thandi@example.com');
      await p.request.post('/v1/api/post-reads', {
        headers: { authorization: `Bearer ${thandi}` },
        data: { seen: [id], opened: [id] },
      });
      await visit(p, `/post-reach/${id}`, 'Reach');
      await expect(p.locator('svg.recharts-surface').first()).toBeVisible();
    },
  },
  at('surveys list', '/admin-surveys-list'),
  {
    name: 'survey builder',
    open: async (p) => {
      // A draft of its own: no one has answered it, so its question can be deleted. The list's first draft
      // was another journey's at times, made a moment before and with no question yet.
      const id = await draftSurvey(p.request, `Axe draft ${Date.now().toString(36)}`);
      await visit(p, `/survey-builder/${id}`);
      await expect(p.getByRole('button', { name: /^Delete question/ }).first()).toBeVisible();
    },
  },
  {
    name: 'survey builder, delete confirmation',
    open: async (p) => {
      await p
        .getByRole('button', { name: /^Delete question/ })
        .first()
        .click();
      await expect(p.locator('.ant-popconfirm:visible')).toBeVisible();
    },
  },
  at('new survey', '/surveys/create'),
  at('communities list', '/admin-communities-list'),
  at('new community', '/community/create'),
  at('community posts list', '/admin-community-post-list'),
  at('new community post', '/community-post/create'),
];

const adminPeopleAndReports: Screen[] = [
  at('users', '/users'),
  {
    name: 'edit user',
    open: async (p) => {
      await visit(p, await hrefOn(p, '/users', /^\/edit-user/));
    },
  },
  at('people', '/people', 'People'),
  {
    name: 'person, as administrator',
    open: async (p) => {
      await visit(p, await hrefOn(p, '/people', /^\/people\/\d+$/, 'People'));
    },
  },
  at('profile fields', '/profile-fields', 'Profile fields'),
  at('password sign-in', '/password-sign-in', 'Password sign-in'),
  at('add user', '/add-user'),
  at('reports', '/reports'),
  at('user activity report', '/reports/user-activity'),
  at('survey responses report', '/reports/survey-responses'),
  {
    name: 'anonymous survey report',
    open: async (p) => {
      const id = await anonymousSurvey(p.request, `Anonymous axe ${Date.now().toString(36)}`, [DEMO.editor]);
      await visit(p, `/reports/survey-responses/${id}`);
    },
  },
  at('post activity report', '/reports/post-activity'),
  at('profile', '/profile'),
];

const editor: Screen[] = [
  at('key statistics', '/stats'),
  at('feed posts', '/admin-feed-post-list'),
  at('communities', '/communities'),
  at('surveys list', '/admin-surveys-list'),
];

/**
 * Who scans which screens; the staff member's and the administrator's are split in two so the scans share
 * the workers evenly and each stays within its time.
 */
const SCANS: { name: string; who?: string; screens: Screen[] }[] = [
  { name: 'logged out', screens: loggedOut },
  { name: 'staff, news to surveys', who: DEMO.staff, screens: staff },
  { name: 'staff, profile to search', who: DEMO.staff, screens: staffMore },
  { name: 'administrator, content', who: DEMO.admin, screens: admin },
  { name: 'administrator, people and reports', who: DEMO.admin, screens: adminPeopleAndReports },
  { name: 'post manager', who: DEMO.editor, screens: editor },
];

test.describe('axe, light and dark', () => {
  // Each role's scan stands alone (its own session and data): they share the workers instead of taking
  // 4 to 5 minutes one after the other in one.
  test.describe.configure({ mode: 'parallel' });
  test.use({ actionTimeout: 10_000 });
  test.setTimeout(300_000);

  for (const { name, who, screens } of SCANS) {
    test(`${name}: ${screens.length} screens`, async ({ page }) => {
      // Every scan's first screen is a page load: the session is there from it on.
      if (who) await seedSession(page, who);
      await scanAll(page, screens);
    });
  }
});
