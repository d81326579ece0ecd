// @engine: raw SQL counts and splits as the driver parses them
// A post's reach (issue 18) on a small fixture: totals, splits by location and department, per day, who may
// see it; and the CSV of who has not acknowledged.
import { ACTION_TYPE, GROUP_TYPE, POST_KIND, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import {
  communityMembers,
  feedComments,
  feedPostActions,
  feedPosts,
  postReads,
  postTargetedGroups,
} from '../../db/schema';
import { UTF8_BOM } from '../../platform/csv';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';

const t = useTestApp({
  groups: ['north', 'south'],
  users: {
    admin: ROLE.ADMIN,
    author: ROLE.EDITOR,
    editor: ROLE.EDITOR,
    n1: { worksIn: 'north', firstName: 'Nadia', lastName: 'Adams' },
    n2: { worksIn: 'north', firstName: 'Noah', lastName: 'Brown' },
    s1: { worksIn: 'south', firstName: 'Sipho', lastName: 'Cele' },
    loner: { firstName: '=HYPERLINK("x")', lastName: 'Dube' },
  },
});
const { admin, author, editor, n1, n2, s1, loner } = t.users;
const DAY = 24 * 3600_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();
let mustRead: typeof feedPosts.$inferSelect;
let plain: typeof feedPosts.$inferSelect;

beforeAll(async () => {
  // Inactive people are not targeted.
  await createUser(t.db, { isActive: false, groupIds: [t.groups.north.location.id] });
  mustRead = await createPost(t.db, author.user.id, { requiresAck: true, startAt: new Date(now - 2 * DAY) });
  plain = await createPost(t.db, author.user.id, { startAt: new Date(now - DAY) });
  const at = (ms: number) => new Date(ms);
  // Each read carries its reader's groups, as recording it does (reads.test.ts).
  const { north, south } = t.groups;
  const inNorth = { locationId: north.location.id, departmentId: north.department.id };
  const inSouth = { locationId: south.location.id, departmentId: south.department.id };
  await t.db.insert(postReads).values([
    {
      postId: mustRead.id,
      userId: n1.user.id,
      seenAt: at(now - 2 * DAY + 60_000),
      openedAt: at(now - DAY),
      acknowledgedAt: at(now - DAY),
      ...inNorth,
    },
    { postId: mustRead.id, userId: n2.user.id, seenAt: at(now - DAY), ...inNorth },
    { postId: mustRead.id, userId: s1.user.id, seenAt: at(now), openedAt: at(now), ...inSouth },
    { postId: mustRead.id, userId: loner.user.id, seenAt: at(now) },
    { postId: plain.id, userId: n1.user.id, seenAt: at(now), ...inNorth },
  ]);
  await t.db.insert(feedPostActions).values([
    { postId: mustRead.id, userId: n1.user.id, actionTypeId: ACTION_TYPE.LIKE },
    { postId: mustRead.id, userId: s1.user.id, actionTypeId: ACTION_TYPE.FAVOURITE },
  ]);
  await t.db.insert(feedComments).values([
    { postId: mustRead.id, userId: n1.user.id, content: 'One' },
    { postId: mustRead.id, userId: n1.user.id, content: 'Two' },
  ]);
});

const reachOf = (id: number, s?: (typeof t.users)['admin']) => t.get(`/v1/api/feed-posts/${id}/reach`, s);

describe('GET /feed-posts/{id}/reach', () => {
  it('is for administrators, the post author and post managers: 401, 403, 404, 400', async () => {
    expect((await reachOf(mustRead.id)).statusCode).toBe(401);
    expect((await reachOf(mustRead.id, n1)).statusCode).toBe(403);
    // Post managers manage every feed post, so they see every feed post's reach (issue 33); a community
    // post's reach is not theirs.
    expect((await reachOf(mustRead.id, editor)).statusCode).toBe(200);
    // A community post's reach is its community's managers' (and administrators'), not every post manager's
    // nor a plain member's.
    const community = await createCommunity(t.db, { createdById: admin.user.id });
    await t.db.insert(communityMembers).values([
      { communityId: community.id, userId: s1.user.id, isManager: true },
      { communityId: community.id, userId: n2.user.id, isManager: false },
    ]);
    const inCommunity = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: community.id,
    });
    expect((await reachOf(inCommunity.id, editor)).statusCode).toBe(403);
    expect((await reachOf(inCommunity.id, n2)).statusCode).toBe(403);
    const managed = await reachOf(inCommunity.id, s1);
    expect(managed.statusCode).toBe(200);
    expect(managed.json().data).toMatchObject({ postId: inCommunity.id, communityId: community.id });
    expect((await reachOf(inCommunity.id, admin)).statusCode).toBe(200);
    expect((await reachOf(mustRead.id, s1)).statusCode).toBe(403);
    expect((await reachOf(999_999, admin)).statusCode).toBe(404);
    expect((await t.get('/v1/api/feed-posts/x/reach', admin)).statusCode).toBe(400);
    expect((await reachOf(mustRead.id, author)).statusCode).toBe(200);
    expect((await reachOf(mustRead.id, admin)).statusCode).toBe(200);
  });

  it('counts each person once: targeted is the live audience until the announcement counted it', async () => {
    const data = (await reachOf(mustRead.id, admin)).json().data;
    expect(data).toMatchObject({
      postId: mustRead.id,
      communityId: null,
      title: mustRead.title,
      requiresAck: true,
      ackDueAt: null,
    });
    // Six active people (the inactive one is not, nor the author, as the announcement counts them), four saw
    // it, two opened, one acknowledged, one liked (a favourite is not a like), one commented (twice).
    expect(data.totals).toEqual({ targeted: 6, seen: 4, opened: 2, liked: 1, commented: 1, acknowledged: 1 });
    await t.db.update(feedPosts).set({ targetedCount: 42 }).where(eq(feedPosts.id, mustRead.id));
    const stored = (await reachOf(mustRead.id, admin)).json().data;
    expect(stored.totals.targeted).toBe(42);
    await t.db.update(feedPosts).set({ targetedCount: null }).where(eq(feedPosts.id, mustRead.id));
  });

  it('splits by location and department, people in none under None', async () => {
    const data = (await reachOf(mustRead.id, author)).json().data;
    const { north, south } = t.groups;
    // Named groups by name (numbers in names compared as numbers), then None.
    expect(data.byLocation.at(-1).groupId).toBeNull();
    const sorted = [...data.byLocation].sort(
      (a: { groupId: number | null }, b: { groupId: number | null }) =>
        (a.groupId ?? Number.MAX_SAFE_INTEGER) - (b.groupId ?? Number.MAX_SAFE_INTEGER),
    );
    expect(sorted).toEqual([
      {
        groupId: north.location.id,
        name: north.location.name,
        targeted: 2,
        seen: 2,
        opened: 1,
        liked: 1,
        commented: 1,
        acknowledged: 1,
      },
      {
        groupId: south.location.id,
        name: south.location.name,
        targeted: 1,
        seen: 1,
        opened: 1,
        liked: 0,
        commented: 0,
        acknowledged: 0,
      },
      {
        groupId: null,
        name: 'None',
        // The administrator, the other post manager and the loner: the author is not targeted.
        targeted: 3,
        seen: 1,
        opened: 0,
        liked: 0,
        commented: 0,
        acknowledged: 0,
      },
    ]);
    expect(data.byDepartment.map((s: { groupId: number | null }) => s.groupId).sort()).toEqual(
      [north.department.id, south.department.id, null].sort(),
    );
    expect(data.byDepartment.at(-1).groupId).toBeNull();
    expect(data.byDepartment).toContainEqual(
      expect.objectContaining({ name: north.department.name, targeted: 2, seen: 2 }),
    );
  });

  it('takes targeted per group from the announcement once the fan-out counted it', async () => {
    const { north } = t.groups;
    await t.db.insert(postTargetedGroups).values([
      { postId: mustRead.id, groupTypeId: GROUP_TYPE.LOCATION, groupId: north.location.id, people: 10 },
      { postId: mustRead.id, groupTypeId: GROUP_TYPE.LOCATION, groupId: 0, people: 5 },
      { postId: mustRead.id, groupTypeId: GROUP_TYPE.DEPARTMENT, groupId: north.department.id, people: 15 },
    ]);
    try {
      const data = (await reachOf(mustRead.id, admin)).json().data;
      const targeted = (splits: { name: string; targeted: number }[]) =>
        Object.fromEntries(splits.map((s) => [s.name, s.targeted]));
      // South was not targeted when announced (its reader still counts as seen); None is group 0.
      expect(targeted(data.byLocation)).toEqual({
        [north.location.name]: 10,
        [t.groups.south.location.name]: 0,
        None: 5,
      });
      expect(data.byLocation.find((s: { name: string }) => s.name === north.location.name)?.seen).toBe(2);
      expect(targeted(data.byDepartment)).toMatchObject({ [north.department.name]: 15 });
    } finally {
      await t.db.delete(postTargetedGroups).where(eq(postTargetedGroups.postId, mustRead.id));
    }
  });

  it('counts events per UTC day from the start', async () => {
    const { byDay } = (await reachOf(mustRead.id, admin)).json().data;
    const days = [utcDay(now - 2 * DAY), utcDay(now - DAY), utcDay(now)];
    expect(byDay.map((d: { day: string }) => d.day)).toEqual(days);
    const sum = (k: 'seen' | 'opened' | 'acknowledged') =>
      byDay.reduce((n: number, d: Record<string, number>) => n + (d[k] ?? 0), 0);
    expect([sum('seen'), sum('opened'), sum('acknowledged')]).toEqual([4, 2, 1]);
    expect(byDay[0].seen).toBeGreaterThanOrEqual(1);
    expect(byDay[2]).toMatchObject({ seen: 2, opened: 1, acknowledged: 0 });
  });

  it('answers acknowledged null for a post that does not ask for it', async () => {
    const data = (await reachOf(plain.id, author)).json().data;
    expect(data.requiresAck).toBe(false);
    expect(data.totals).toMatchObject({ seen: 1, acknowledged: null });
    expect(data.byLocation.every((s: { acknowledged: unknown }) => s.acknowledged === null)).toBe(true);
  });
});

describe('GET /feed-posts/{id}/reach/not-acknowledged/csv', () => {
  const csv = (id: number, s?: (typeof t.users)['admin'], q = '') =>
    t.get(`/v1/api/feed-posts/${id}/reach/not-acknowledged/csv${q}`, s);

  it('is for administrators, the author and post managers; 409 for a post that does not ask for it', async () => {
    expect((await csv(mustRead.id)).statusCode).toBe(401);
    expect((await csv(mustRead.id, n2)).statusCode).toBe(403);
    expect((await csv(mustRead.id, editor)).statusCode).toBe(200);
    expect((await csv(999_999, admin)).statusCode).toBe(404);
    expect((await csv(mustRead.id, admin, '?tz=Mars/Olympus')).statusCode).toBe(400);
    const refused = await csv(plain.id, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This post does not ask to be acknowledged.');
  });

  it('lists the targeted people without an acknowledgement, by last name, formula-safe', async () => {
    const res = await csv(mustRead.id, author, '?tz=UTC');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="not-acknowledged-${mustRead.id}-\\d{8}-\\d{6}\\.csv"$`),
    );
    expect(res.body.startsWith(UTF8_BOM)).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('First Name,Last Name,E-mail,Location,Department,Seen,Opened');
    const body = lines.slice(1);
    // Everyone active but Nadia Adams (acknowledged) and the author, as the funnel counts them (issue 33);
    // the inactive person is not targeted.
    expect(body).toHaveLength(5);
    expect(body.some((l) => l.startsWith('Nadia,'))).toBe(false);
    expect(body.some((l) => l.includes(author.user.email))).toBe(false);
    const stamp = (d: Date) => {
      const p = (n: number) => String(n).padStart(2, '0');
      return `${p(d.getUTCDate())}-${p(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
    };
    const { north, south } = t.groups;
    expect(body).toContain(
      `Noah,Brown,${n2.user.email},${north.location.name},${north.department.name},${stamp(new Date(now - DAY))},No`,
    );
    const seenNow = stamp(new Date(now));
    expect(body).toContain(
      `Sipho,Cele,${s1.user.email},${south.location.name},${south.department.name},${seenNow},${seenNow}`,
    );
    // A name that a spreadsheet would run as a formula is written as text.
    expect(body).toContain(`"'=HYPERLINK(""x"")",Dube,${loner.user.email},,,${seenNow},No`);
    // Not seen at all: No and No, not empty cells.
    expect(body).toContainEqual(
      expect.stringMatching(new RegExp(`^[^,]*,[^,]*,${admin.user.email},.*,No,No$`)),
    );
    const lastNames = body.map((l) => l.split(',').at(-6));
    expect(lastNames.slice(0, 3)).toEqual(['Brown', 'Cele', 'Dube']);
  });
});
