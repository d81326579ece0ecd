// Shared steps of the browser journeys.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { E2E_DATA_DIR } from '../playwright.config';

export const DEMO_PASSWORD = 'Passw0rd!';
/** For accounts a journey creates: the server refuses common passwords such as the demo one for new passwords. */
export const STRONG_PASSWORD = 'Quill-Lantern-2026!';
export const DEMO = {
  admin: 'admin@example.com',
  staff: 'staff@example.com',
  editor: 'editor@example.com',
} as const;

/**
 * A full-page screenshot for a person to look at, in E2E_SHOTS/<folder>/<name>.png, when E2E_SHOTS names a
 * folder; otherwise nothing. Nothing asserts on them, and each costs the browser a full-page paint and a
 * PNG: CI leaves them out.
 */
export async function screenshot(page: Page, folder: string, name: string): Promise<void> {
  const root = process.env.E2E_SHOTS;
  if (!root) return;
  mkdirSync(join(root, folder), { recursive: true });
  await page.screenshot({ path: join(root, folder, `${name}.png`), fullPage: true });
}

/**
 * Full-page screenshots at a phone's and a laptop's width (E2E_SHOTS/<folder>/<name>-<width>.png), once
 * the page is still; the page gets its size back afterwards. Nothing without E2E_SHOTS.
 */
export async function screenshotAtWidths(page: Page, folder: string, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await animationsDone(page);
    await screenshot(page, folder, `${name}-${width}`);
  }
  await page.setViewportSize(size);
}

let seq = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(++seq).toString(36)}@example.com`;

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Opens an antd Select by its label and picks the option with that text, until the select shows it: under
 * load a click can land while the list is still opening or another one closing and choose nothing (a CI
 * run left the department empty and the registration unsent). Choosing is not toggling: an option the
 * select shows already is left as it is.
 */
export async function chooseOption(page: Page, label: string | RegExp, option: string) {
  const input = page.getByLabel(label);
  const select = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const shown = async () => ((await select.textContent()) ?? '').includes(option);
  await expect(async () => {
    if (await shown()) return;
    await input.click();
    await page
      .locator('.ant-select-item-option:visible')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 5_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Logs in through the login form, and waits to leave it. Only the journeys about logging in use it (the
 * role landings of login.spec.ts, focus after logging in); the others start from a session of their own
 * (`loginAs`, `openAs`).
 */
export async function loginThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
}

const basicAuth = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** Where `/` and `/login`, both the login page, send a logged-in user on by role. */
const onLoginPage = (url: URL) => url.pathname === '/' || url.pathname === '/login';

/** Journeys' sessions of this worker, each stored in its page once under a marker of its own. */
let sessions = 0;

/**
 * Puts a new session of `email` into `page`: the page's next load starts logged in, without the login form
 * (issue 32). The session is made through the API (the login form's own call, with "remember me", so the
 * server stores the same kind of session) and is stored where the app keeps a remembered one, the
 * localStorage entries of web/src/lib/session.ts, by an init script before the app's code runs.
 *
 * A session per call, never one saved file shared by journeys: the server rotates refresh tokens and ends
 * the whole session when a spent one comes back (server/src/features/auth/sessions.ts), so two pages
 * holding copies of one session would log each other out at the first refresh. The script stores the
 * session once per tab (a marker in sessionStorage): reloads then keep what the app made of it (a rotated
 * token, a logout), and another tab of the context finds it in localStorage as after a login. Seeding a
 * second user into a page after a logout works the same way, with a marker of its own.
 */
export async function seedSession(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/v1/auth/login?remember=1', {
    headers: { authorization: basicAuth(email, password) },
  });
  expect(res.status(), `a session of ${email}`).toBe(200);
  const profile = (await res.json()).data as Record<string, unknown>;
  await page.addInitScript(storeSession, {
    profile,
    origin: new URL(res.url()).origin,
    marker: `e2e.session.${process.pid}.${++sessions}`,
  });
}

/** Runs in the page (an init script): stores the session as web/src/lib/session.ts's saveSession does. */
function storeSession(arg: { profile: Record<string, unknown>; origin: string; marker: string }) {
  if (location.origin !== arg.origin || sessionStorage.getItem(arg.marker)) return;
  sessionStorage.setItem(arg.marker, '1');
  const { accessToken, refreshToken, accessTokenExpiryDate, profileImage, ...user } = arg.profile;
  const entries: [string, unknown][] = [
    ['hearth.profile', JSON.stringify(arg.profile)],
    ['hearth.user', JSON.stringify(user)],
    ['hearth.refreshToken', refreshToken],
    ['hearth.accessToken', accessToken],
    ['hearth.accessTokenExpiryDate', accessTokenExpiryDate],
    ['hearth.profileImage', profileImage],
  ];
  for (const [key, value] of entries) {
    sessionStorage.removeItem(key);
    if (value) localStorage.setItem(key, String(value));
    else localStorage.removeItem(key);
  }
}

/** Opens `path` logged in as `email` (a session of its own, see seedSession). */
export async function openAs(page: Page, email: string, path: string, password = DEMO_PASSWORD) {
  await seedSession(page, email, password);
  await page.goto(path);
}

/**
 * Logged in as `email` on the page its role lands on (product.md section 2), as after the login form: the
 * login page, opened with the session, sends the user on (see seedSession).
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await openAs(page, email, '/', password);
  await expect(page).not.toHaveURL(onLoginPage);
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  // `/` and `/login` are both the login page.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/(login)?$/);
}

/** An access token of a demo account (basic-auth login), for setting up or checking data through the API. */
export async function tokenOf(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/v1/auth/login', {
    headers: { authorization: basicAuth(email, password) },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.accessToken;
}

/** An access token of the admin, for setting up data through the API. */
export const adminToken = (request: APIRequestContext): Promise<string> => tokenOf(request, DEMO.admin);

/**
 * Publishes a feed post for everyone through the admin API (or saves it as a draft, `stateId: 1`), in the
 * first category and open from 2020 to 2099, and answers its id.
 */
export async function publishFeedPost(
  request: APIRequestContext,
  post: {
    title: string;
    subtitle: string;
    text: string;
    stateId?: 1 | 2;
    /** A must-read post (issue 18), acknowledged by `ackDueAt` if given. */
    requiresAck?: 0 | 1;
    ackDueAt?: string | null;
    groups?: number[];
    /** When it starts, as the API writes it (UTC); long ago unless given. */
    startAt?: string;
  },
): Promise<number> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const categories = await request.get('/v1/api/feed-post-categories?limit=-1', { headers });
  const [first] = (await categories.json()).data as { id: number }[];
  const res = await request.post('/v1/api/feed-posts', {
    headers,
    data: {
      stateId: 2,
      ...post,
      feedCategories: [first?.id],
      startAt: post.startAt ?? '2020-01-01 00:00:00',
      endAt: '2099-01-01 00:00:00',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.id as number;
}

/** A PNG of one colour, for uploads. */
export const pngImage = (width: number, height: number, background: string): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * Fills what the feed post and community post forms share: title, subtitle, description, (the feed
 * form's) category, one PNG uploaded to the end, and the Published status.
 */
export async function fillPostForm(
  page: Page,
  post: {
    title: string;
    subtitle: string;
    description: string;
    category?: string;
    image: string;
    png: Buffer;
  },
) {
  await page.getByLabel('Title', { exact: true }).fill(post.title);
  await page.getByLabel('Subtitle').fill(post.subtitle);
  await page.getByRole('textbox', { name: 'Description' }).fill(post.description);
  if (post.category) await chooseOption(page, 'Categories', post.category);
  await page
    .getByTestId('post-file-input')
    .setInputFiles({ name: post.image, mimeType: 'image/png', buffer: post.png });
  await expect(page.getByTestId('upload-progress').first()).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('radio', { name: 'Published' }).check();
}

/** Creates an active, verified staff member through the admin API and answers its e-mail. */
export async function createStaffUser(
  request: APIRequestContext,
  password = STRONG_PASSWORD,
): Promise<string> {
  const token = await adminToken(request);
  const email = uniqueEmail('journey');
  const res = await request.post('/v1/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      firstName: 'Journey',
      lastName: 'Tester',
      email,
      phone: '123',
      password,
      roleId: 2,
      groups: [],
      isActive: 1,
    },
  });
  expect(res.status()).toBe(201);
  return email;
}

/**
 * The newest link to `path` in a mail to `to`, read from the server's outbox (.eml files). Mail leaves
 * through the job queue after the request answered: this waits for it (up to 15 s).
 */
export async function linkFromOutbox(to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = findLink(to, path)), { timeout: 15_000, message: `a mail to ${to} with ${path}` })
    .toBeTruthy();
  return link ?? '';
}

function findLink(to: string, path: string): string | undefined {
  const dir = join(E2E_DATA_DIR, 'outbox');
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir).sort().reverse();
  for (const file of files) {
    const raw = readFileSync(join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    const match = raw.match(new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`));
    if (match) return match[0];
  }
  return undefined;
}

/**
 * Waits until no transition or animation is running (endless ones aside), instead of a fixed sleep: what is
 * measured or photographed next is the end state. Two frames first, so that a change just made (a click, a
 * new window size, a theme) has started its transitions.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** The requests of each page not yet answered; its live stream (an EventSource) never ends and is left out. */
const openRequests = new WeakMap<Page, Set<Request>>();

function requestsOf(page: Page): Set<Request> {
  let open = openRequests.get(page);
  if (!open) {
    const set = new Set<Request>();
    page.on('request', (r) => {
      if (r.resourceType() !== 'eventsource') set.add(r);
    });
    page.on('requestfinished', (r) => set.delete(r));
    page.on('requestfailed', (r) => set.delete(r));
    openRequests.set(page, set);
    open = set;
  }
  return open;
}

/** Starts counting the page's requests (see dataShown), before a load whose requests must all be seen. */
export function watchRequests(page: Page): void {
  requestsOf(page);
}

/**
 * Waits until the page shows its data: every request it made answered (watchRequests before the load), no
 * skeleton or spinner, no animation running. A condition where "network idle" waited for half a second of
 * quiet on every screen.
 */
export async function dataShown(page: Page): Promise<void> {
  const open = requestsOf(page);
  const loading = page.locator('.ant-skeleton, .ant-spin-spinning, .post-card-skeleton');
  const answered = () =>
    expect.poll(() => open.size, { message: 'requests not yet answered', intervals: [50, 100, 250] }).toBe(0);
  await answered();
  await expect(loading).toHaveCount(0);
  // What the answers rendered may ask for more (pictures, a chunk): once more, after they are drawn.
  await animationsDone(page);
  await answered();
  await expect(loading).toHaveCount(0);
}

/**
 * Opens `path` in the app already loaded in `page` as one of its links does (the address pushed, the
 * router told), and waits for the new page's heading. For walks whose subject is each page as it shows
 * (axe, window widths), not how it loads: loading the app anew costs the browser about a CPU second
 * (bundles parsed and run, styles built), a step inside it a fifth of that. A full load when the app is
 * not loaded yet, and when `path` is the page shown with other parameters. The new page is there when a
 * heading is new, or the one left says something else (the same form for another post). A page that
 * shows the same heading for another path must be loaded: waiting for it here fails.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const here = new URL(page.url());
  // Before the first load the page is about:blank, where `path` names nothing yet.
  const there = here.protocol.startsWith('http') ? new URL(path, here) : undefined;
  const appShown = there?.origin === here.origin && (await page.locator('#root h1').count()) > 0;
  if (!appShown || here.pathname === there?.pathname) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-e2e-left', h.textContent ?? '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('h1')].some(
        (h) => h.checkVisibility() && h.getAttribute('data-e2e-left') !== h.textContent,
      ),
    undefined,
    { timeout: 10_000, polling: 50 },
  );
}

/** Opens `path` (in the app when it is loaded), waits for its heading and data, and fails if it scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, path: string) {
  watchRequests(page);
  await openInApp(page, path);
  await expectFits(page, path);
}

/** The page as it is now (after a load or a new window size): its heading and data shown, no sideways scroll. */
export async function expectFits(page: Page, what: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await dataShown(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/**
 * A draft survey with one choice question, built through the admin API (anonymous when asked; with the
 * admin's `token` when the caller has one); answers its id. A journey that needs a draft makes its own:
 * other journeys add and publish surveys meanwhile.
 */
export async function draftSurvey(
  request: APIRequestContext,
  title: string,
  isAnonymous: 0 | 1 = 0,
  token?: string,
): Promise<number> {
  const headers = { authorization: `Bearer ${token ?? (await adminToken(request))}` };
  const created = await request.post('/v1/api/surveys', {
    headers,
    data: { title, description: 'Tell us honestly.', isAnonymous },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data as number;
  const built = await request.post('/v1/api/surveys/build-survey', {
    headers,
    data: {
      surveyId: id,
      categories: [
        {
          name: 'Mood',
          questions: [{ title: 'How is your week?', kind: 'options_question', options: ['Good', 'Bad'] }],
        },
      ],
    },
  });
  expect(built.status()).toBe(200);
  return id;
}

/**
 * An anonymous survey for everyone (ADR 035), published and open for a week, with one choice question, built
 * through the admin API; answered once by each of `respondents` (demo accounts). Answers its id.
 */
export async function anonymousSurvey(
  request: APIRequestContext,
  title: string,
  respondents: string[] = [],
): Promise<number> {
  // One login of the admin for the whole set-up: logins are throttled, and journeys share the account.
  const token = await adminToken(request);
  const id = await draftSurvey(request, title, 1, token);
  const headers = { authorization: `Bearer ${token}` };
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const published = await request.put(`/v1/api/surveys/${id}`, {
    headers,
    data: {
      title,
      description: 'Tell us honestly.',
      stateId: 2,
      startAt: utc(Date.now() - 3600_000),
      endAt: utc(Date.now() + 7 * 86400_000),
    },
  });
  expect(published.status()).toBe(200);
  const form = await (await request.get(`/v1/api/surveys/${id}/form`, { headers })).json();
  const questionId = form.data.categories[0].questions[0].id as number;
  for (const who of respondents) {
    const answered = await request.post('/v1/api/surveys/instances', {
      headers: { authorization: `Bearer ${await tokenOf(request, who)}` },
      data: { surveyId: id, answers: [{ surveyQuestionId: questionId, textAnswer: 'Good' }] },
    });
    expect(answered.status()).toBe(201);
  }
  return id;
}
