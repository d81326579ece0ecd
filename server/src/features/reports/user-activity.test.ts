// @engine: raw SQL figures, weeks and time zones as the driver parses them
// User activity and post activity reports on known data: each figure, sorting, filters, paging, the CSV
// files (header, dates in the asked time zone, formula injection, file names) and the weekly chart.
import { POST_ACTIVITY_CSV_COLUMNS, POST_KIND, ROLE, USER_ACTIVITY_CSV_COLUMNS } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser } from '../../../test/factories';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { createCategory, createPost } from '../feed/test-support';
import { createSurvey } from '../surveys/test-support';
import { TZ_MESSAGE } from './dates';
import { attachmentName, comment, favourite, like, readCsv, respond, session } from './test-support';

type Session = Awaited<ReturnType<typeof userWithSession>>;
type Row = { firstName: string; lastName: string; [k: string]: unknown };

const t = useTestApp();
let admin: Session;
let g1: Awaited<ReturnType<typeof createGroups>>;
let g2: Awaited<ReturnType<typeof createGroups>>;
const HYPERLINK = '=HYPERLINK("http://x","y")';

beforeAll(async () => {
  admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
  g1 = await createGroups(t.db);
  g2 = await createGroups(t.db);
  // Three users found by the search term "rpt": Alice is busy, Bob logged in once, Carol never came.
  const alice = await createUser(t.db, {
    firstName: 'Alice',
    lastName: 'Zeta-rpt',
    groupIds: [g1.location.id, g1.department.id, g1.team.id],
    createdAt: new Date('2024-01-02T03:04:05Z'),
    lastLoggedInAt: new Date('2024-03-01T10:00:00Z'),
  });
  const bob = await createUser(t.db, {
    firstName: 'Bob',
    lastName: 'Alpha-rpt',
    email: 'bob.builder@example.com',
    roleId: ROLE.EDITOR,
    groupIds: [g2.location.id, g1.location.id],
    createdAt: new Date('2024-01-03T00:00:00Z'),
    lastLoggedInAt: new Date('2024-02-01T09:30:00Z'),
  });
  await createUser(t.db, {
    firstName: HYPERLINK,
    lastName: 'Mid-rpt',
    createdAt: new Date('2024-01-04T00:00:00Z'),
  });
  const p1 = await createPost(t.db, admin.user.id);
  const p2 = await createPost(t.db, admin.user.id);
  await like(t.db, alice.id, p1.id);
  await like(t.db, alice.id, p2.id);
  await favourite(t.db, alice.id, p1.id);
  await like(t.db, bob.id, p2.id, new Date('2020-01-01T00:00:00Z'));
  // Refresh tokens rotate: the newest one is the last sign of Alice's session (later than her login).
  await session(t.db, alice.id, new Date('2024-03-02T08:00:00Z'));
  await session(t.db, alice.id, new Date('2024-03-05T08:00:00Z'));
  const survey = await createSurvey(t.db, admin.user.id);
  const other = await createSurvey(t.db, admin.user.id);
  await respond(t.db, survey.id, alice.id, {});
  await respond(t.db, other.id, alice.id, {});
  await respond(t.db, other.id, bob.id, {}, { complete: false });
});

const get = (url: string, s: Session | undefined = admin) =>
  t.app.inject({ method: 'GET', url, headers: s?.headers ?? {} });
const page = async (query: string) => {
  const res = await get(`/v1/api/reports/user-activity?search=rpt&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: Row[]; total: number };
};
const lastNames = (rows: Row[]) => rows.map((r) => r.lastName);
/** The last names of the first page in this order. */
const order = async (query: string) => lastNames((await page(query)).rows);

describe('GET /reports/user-activity', () => {
  it("counts each user's likes, favourites, completed surveys and last activity, with group names", async () => {
    const { rows, total } = await page('');
    expect(total).toBe(3);
    expect(lastNames(rows)).toEqual(['Alpha-rpt', 'Mid-rpt', 'Zeta-rpt']);
    const [bob, carol, alice] = rows;
    expect(alice).toMatchObject({
      firstName: 'Alice',
      location: g1.location.name,
      department: g1.department.name,
      roleId: ROLE.STAFF,
      likes: 2,
      favourites: 1,
      surveys: 2,
      lastActiveAt: '2024-03-05T08:00:00.000Z',
      createdAt: '2024-01-02T03:04:05.000Z',
    });
    // Two locations are joined by name; an incomplete response is not a survey taken.
    expect(bob).toMatchObject({
      location: [g1.location.name, g2.location.name].sort().join(', '),
      department: null,
      roleId: ROLE.EDITOR,
      likes: 1,
      favourites: 0,
      surveys: 0,
      lastActiveAt: '2024-02-01T09:30:00.000Z',
    });
    expect(carol).toMatchObject({ firstName: HYPERLINK, location: null, likes: 0, lastActiveAt: null });
  });

  it('sorts by any column either way, never-active users last when newest first', async () => {
    expect(await order('sort=likes&order=desc')).toEqual(['Zeta-rpt', 'Alpha-rpt', 'Mid-rpt']);
    expect(await order('sort=lastActiveAt&order=desc')).toEqual(['Zeta-rpt', 'Alpha-rpt', 'Mid-rpt']);
    expect(await order('sort=lastActiveAt&order=asc')).toEqual(['Mid-rpt', 'Alpha-rpt', 'Zeta-rpt']);
    expect(await order('sort=createdAt&order=desc')).toEqual(['Mid-rpt', 'Alpha-rpt', 'Zeta-rpt']);
    expect((await order('sort=surveys&order=desc'))[0]).toBe('Zeta-rpt');
    expect((await order('sort=roleId&order=desc'))[0]).toBe('Alpha-rpt');
    expect((await order('sort=department&order=desc'))[0]).toBe('Zeta-rpt');
  });

  it('filters by search (name or e-mail), location, department and role', async () => {
    expect(await order(`locationId=${g1.location.id}`)).toEqual(['Alpha-rpt', 'Zeta-rpt']);
    expect(await order(`departmentId=${g1.department.id}`)).toEqual(['Zeta-rpt']);
    expect(await order('roleId=3')).toEqual(['Alpha-rpt']);
    const byEmail = await get('/v1/api/reports/user-activity?search=BOB.BUILDER');
    expect(lastNames(byEmail.json().data.rows)).toEqual(['Alpha-rpt']);
    // LIKE wildcards are matched literally.
    expect((await get('/v1/api/reports/user-activity?search=%25')).json().data.total).toBe(0);
  });

  it('pages with the total of all filtered rows', async () => {
    expect(await page('pageSize=2&page=2')).toMatchObject({ total: 3, rows: [{ lastName: 'Zeta-rpt' }] });
    expect(await page('pageSize=2&page=3')).toEqual({ total: 3, rows: [] });
  });

  it('answers 400 to a bad sort, order or page size', async () => {
    for (const q of ['sort=password', 'order=up', 'pageSize=0', 'pageSize=101', 'roleId=9', 'locationId=x']) {
      expect((await get(`/v1/api/reports/user-activity?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('GET /reports/user-activity/csv', () => {
  it('streams the columns of product.md in the asked order and time zone, formulas made inert, with a dated file name', async () => {
    const before = new Date();
    const res = await get(
      '/v1/api/reports/user-activity/csv?search=rpt&sort=likes&order=desc&tz=Africa/Johannesburg',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const name = attachmentName(res.headers['content-disposition']);
    expect(name).toMatch(/^user-activity-report-\d{8}-\d{6}\.csv$/);
    const stamp = before.toISOString().slice(0, 10).replaceAll('-', '');
    expect(name.startsWith(`user-activity-report-${stamp}`)).toBe(true);
    const [header, ...rows] = readCsv(res.body);
    expect(header).toEqual([...USER_ACTIVITY_CSV_COLUMNS]);
    expect(rows).toEqual([
      [
        'Alice',
        'Zeta-rpt',
        g1.location.name,
        g1.department.name,
        'Staff',
        '2',
        '1',
        '2',
        '05-03-2024 10:00:00',
        '02-01-2024 05:04:05',
      ],
      [
        'Bob',
        'Alpha-rpt',
        [g1.location.name, g2.location.name].sort().join(', '),
        '',
        'Post manager',
        '1',
        '0',
        '0',
        '01-02-2024 11:30:00',
        '03-01-2024 02:00:00',
      ],
      [`'${HYPERLINK}`, 'Mid-rpt', '', '', 'Staff', '0', '0', '0', '', '04-01-2024 02:00:00'],
    ]);
  });

  it('writes UTC dates without tz, and refuses an unknown time zone or sort', async () => {
    const res = await get('/v1/api/reports/user-activity/csv?search=Zeta');
    expect(readCsv(res.body)[1]?.slice(8)).toEqual(['05-03-2024 08:00:00', '02-01-2024 03:04:05']);
    const badTz = await get('/v1/api/reports/user-activity/csv?tz=Mars/Olympus');
    expect(badTz.statusCode).toBe(400);
    expect(badTz.json()).toMatchObject({ error: TZ_MESSAGE, fields: { tz: TZ_MESSAGE } });
    expect((await get('/v1/api/reports/user-activity/csv?sort=email')).statusCode).toBe(400);
  });
});

describe('GET /reports/active-users', () => {
  it('counts distinct active users per week, oldest first, zero-filled, Mondays in UTC', async () => {
    const before = (await get('/v1/api/reports/active-users?weeks=3')).json().data as {
      weekStart: string;
      activeUsers: number;
    }[];
    expect(before).toHaveLength(3);
    for (const w of before) expect(new Date(`${w.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(Date.parse(before[2]?.weekStart ?? '') - Date.parse(before[1]?.weekStart ?? '')).toBe(
      7 * 24 * 3600e3,
    );

    const post = await createPost(t.db, admin.user.id);
    const survey = await createSurvey(t.db, admin.user.id);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    if (!a || !b || !c || !d) throw new Error('users not created');
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600e3);
    await like(t.db, a.id, post.id);
    await comment(t.db, a.id, post.id); // the same user twice: counted once
    await comment(t.db, b.id, post.id);
    await respond(t.db, survey.id, c.id, {});
    await favourite(t.db, d.id, post.id, lastWeek);

    const after = (await get('/v1/api/reports/active-users?weeks=3')).json().data;
    expect(after.map((w: { weekStart: string }) => w.weekStart)).toEqual(before.map((w) => w.weekStart));
    expect(after[2].activeUsers - (before[2]?.activeUsers ?? 0)).toBe(3);
    expect(after[1].activeUsers - (before[1]?.activeUsers ?? 0)).toBe(1);
    expect((await get('/v1/api/reports/active-users?weeks=0')).statusCode).toBe(400);
  });
});

describe('GET /reports/post-activity/csv', () => {
  it('streams feed posts (not community posts) newest first with their counts and categories', async () => {
    const [news, events] = [await createCategory(t.db, 'News'), await createCategory(t.db, 'Events')];
    const far = { startAt: new Date('2099-05-01T12:00:00Z') };
    await createPost(t.db, admin.user.id, {
      ...far,
      title: 'Launch, "v2"',
      subtitle: '=cmd|calc',
      endAt: null,
      likesCount: 3,
      commentsCount: 2,
      favouritesCount: 1,
      categoryIds: [news.id, events.id],
    });
    await createPost(t.db, admin.user.id, { ...far, title: 'In a community', kind: POST_KIND.COMMUNITY });
    await createPost(t.db, admin.user.id, {
      title: 'Older',
      startAt: new Date('2099-04-01T00:00:00Z'),
      endAt: new Date('2099-04-30T23:59:59Z'),
    });
    const res = await get('/v1/api/reports/post-activity/csv?tz=UTC');
    expect(res.statusCode, res.body).toBe(200);
    expect(attachmentName(res.headers['content-disposition'])).toMatch(
      /^post-activity-report-\d{8}-\d{6}\.csv$/,
    );
    const [header, first, second] = readCsv(res.body);
    // SPEC's columns, word for word and no more.
    expect(header).toEqual([
      'Title',
      'Subtitle',
      'Start Date',
      'End Date',
      'Comments',
      'Likes',
      'Favourites',
      'Categories',
    ]);
    expect(header).toEqual([...POST_ACTIVITY_CSV_COLUMNS]);
    expect(first).toEqual([
      'Launch, "v2"',
      "'=cmd|calc",
      '01-05-2099 12:00:00',
      '',
      '2',
      '3',
      '1',
      'Events, News',
    ]);
    expect(second?.slice(0, 4)).toEqual([
      'Older',
      'A subtitle',
      '01-04-2099 00:00:00',
      '30-04-2099 23:59:59',
    ]);
    expect((await get('/v1/api/reports/post-activity/csv?tz=nowhere')).statusCode).toBe(400);
  });
});

describe('GET /reports/post-activity and /reports/top-posts', () => {
  it('pages, sorts and searches feed posts on the server; the top posts rank likes and comments together', async () => {
    const cat = await createCategory(t.db, 'Paged');
    const made: { id: number }[] = [];
    for (const [i, [likes, comments]] of [
      [5, 0],
      [1, 9],
      [0, 0],
      [7, 7],
    ].entries())
      made.push(
        await createPost(t.db, admin.user.id, {
          title: `pgd ${['delta', 'Alpha', 'charlie', 'bravo'][i]}`,
          subtitle: i === 2 ? 'Needle in the subtitle' : 'Plain',
          startAt: new Date(Date.UTC(2098, 0, i + 1)),
          likesCount: likes,
          commentsCount: comments,
          categoryIds: [cat.id],
        }),
      );
    await createPost(t.db, admin.user.id, { title: 'pgd community', kind: POST_KIND.COMMUNITY });
    const page = async (query: string) => {
      const res = await get(`/v1/api/reports/post-activity?search=pgd&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { rows: { title: string; categoryName: string }[]; total: number };
    };
    const byTitle = await page('sort=title&order=asc&pageSize=3');
    expect(byTitle.total).toBe(4);
    expect(byTitle.rows.map((r) => r.title)).toEqual(['pgd Alpha', 'pgd bravo', 'pgd charlie']);
    expect(byTitle.rows[0]?.categoryName).toBe('Paged');
    const second = await page('sort=title&order=asc&pageSize=3&page=2');
    expect(second.rows.map((r) => r.title)).toEqual(['pgd delta']);
    const newest = await page('pageSize=2');
    expect(newest.rows.map((r) => r.title)).toEqual(['pgd bravo', 'pgd charlie']);
    const byLikes = await page('sort=likes&order=desc&pageSize=1');
    expect(byLikes.rows.map((r) => r.title)).toEqual(['pgd bravo']);
    const subtitle = (await get('/v1/api/reports/post-activity?search=NEEDLE')).json().data;
    expect(subtitle.rows.map((r: { title: string }) => r.title)).toEqual(['pgd charlie']);
    const wildcard = (await get('/v1/api/reports/post-activity?search=%25')).json().data;
    expect(wildcard.total).toBe(0);
    expect((await get('/v1/api/reports/post-activity?sort=nope')).statusCode).toBe(400);
    expect((await get('/v1/api/reports/post-activity?pageSize=101')).statusCode).toBe(400);

    const top = (await get('/v1/api/reports/top-posts?limit=50')).json().data as {
      id: number;
      likes: number;
      comments: number;
    }[];
    const ours = top.filter((r) => made.some((m) => m.id === r.id)).map((r) => r.id);
    expect(ours).toEqual([made[3]?.id, made[1]?.id, made[0]?.id, made[2]?.id]);
    for (let i = 1; i < top.length; i++) {
      const [a, b] = [top[i - 1], top[i]];
      if (a && b) expect(a.likes + a.comments).toBeGreaterThanOrEqual(b.likes + b.comments);
    }
    expect((await get('/v1/api/reports/top-posts?limit=51')).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it('answers 401 to anonymous callers and 403 to staff and post managers', async () => {
    const staff = await userWithSession(t.app, t.db);
    const editor = await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR });
    for (const url of [
      '/v1/api/reports/user-activity',
      '/v1/api/reports/user-activity/csv',
      '/v1/api/reports/active-users',
      '/v1/api/reports/post-activity/csv',
      '/v1/api/reports/post-activity',
      '/v1/api/reports/top-posts',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url, staff)).statusCode, url).toBe(403);
      expect((await get(url, editor)).statusCode, url).toBe(403);
    }
  });
});
