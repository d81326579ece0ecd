// Shared steps of the browser journeys.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
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

let seq = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(++seq).toString(36)}@example.com`;

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Opens an antd Select by its label and picks the option with that text. */
export async function chooseOption(page: Page, label: string | RegExp, option: string) {
  await page.getByLabel(label).click();
  await page.locator('.ant-select-item-option:visible').filter({ hasText: option }).first().click();
}

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
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
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
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
      startAt: '2020-01-01 00:00:00',
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
 * Sends the post form (feed or community) empty with its `button`: nothing is sent, and the form names the
 * missing title and subtitle, and `more` messages of its own.
 */
export async function submitEmptyPostForm(page: Page, button: string, more: string[] = []) {
  await page.getByRole('button', { name: button }).click();
  for (const message of ['Please enter post title', 'Please enter post subtitle', ...more]) {
    await expect(page.getByText(message)).toBeVisible();
  }
}

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

/** Opens `path`, waits for its heading and data, and fails if the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
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
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/v1/api/surveys', {
    headers,
    data: { title, description: 'Tell us honestly.', isAnonymous: 1 },
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
