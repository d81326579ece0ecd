// @engine: two changes at once under a row lock
// Issue 30, L3: staff could switch their own office location or department, read what is aimed at that
// group, and switch back. A change of one's own location or department is allowed once per 30 days, counted
// in the database from the last change (product.md section 4, ADR 037); administrators' edits are not limited,
// and saving other fields is never refused.
import { MSG, PROFILE_GROUPS_CHANGE_DAYS, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userForm } from '../../../test/factories';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { rateCounters, userGroups, users } from '../../db/schema';
import { rateClock } from '../../platform/rate-limit';

const t = useTestApp({ groups: ['durban', 'joburg', 'cape'], users: { admin: ROLE.ADMIN } });
const { durban, joburg, cape } = t.groups;
const DAY = 24 * 3_600_000;
const PERIOD = PROFILE_GROUPS_CHANGE_DAYS * DAY;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Moves the limits' clock `ms` away from now. */
const clockAt = (ms: number) => vi.spyOn(rateClock, 'now').mockReturnValue(Date.now() + ms);

/** A staff member working in Durban (its location and department). */
const durbanStaff = () =>
  userWithSession(t.app, t.db, { groupIds: [durban.location.id, durban.department.id] });

const save = (s: Session, over: Record<string, unknown> = {}) =>
  t.call('POST', '/v1/api/users/update-profile', s, {
    firstName: s.user.firstName,
    lastName: s.user.lastName,
    email: s.user.email,
    ...over,
  });

const groupsOf = async (userId: number) =>
  (await t.db.select({ id: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, userId)))
    .map((r) => r.id)
    .sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const firstNameOf = async (userId: number) =>
  (await t.db.select({ n: users.firstName }).from(users).where(eq(users.id, userId)))[0]?.n;

describe('staff changing their own location or department', () => {
  it('is allowed once, then refused within 30 days (also going back), changing nothing', async () => {
    const s = await durbanStaff();
    const before = Date.now();
    const moved = await save(s, { groups: [joburg.location.id, durban.department.id] });
    expect(moved.statusCode).toBe(200);
    const next = Date.parse(moved.json().data.groupsChangeableFrom);
    expect(next).toBeGreaterThanOrEqual(before + PERIOD);
    expect(next).toBeLessThanOrEqual(Date.now() + PERIOD);
    const afterMove = sorted([joburg.location.id, durban.department.id]);
    expect(await groupsOf(s.user.id)).toEqual(afterMove);

    for (const groups of [
      [durban.location.id, durban.department.id], // back where they were
      [cape.location.id, durban.department.id], // somewhere else
      [joburg.location.id, cape.department.id], // the department only
      [], // leaving both empty is a change too
    ]) {
      const res = await save(s, { firstName: 'Switcher', groups });
      expect(res.statusCode, JSON.stringify(groups)).toBe(400);
      expect(res.json()).toMatchObject({
        error: MSG.profileGroupsChangeTooSoon,
        fields: { groups: MSG.profileGroupsChangeTooSoon },
      });
    }
    expect(await groupsOf(s.user.id)).toEqual(afterMove);
    expect(await firstNameOf(s.user.id)).toBe(s.user.firstName);
  });

  it('is allowed again once the 30 days have passed, and not a minute before', async () => {
    const s = await durbanStaff();
    expect((await save(s, { groups: [joburg.location.id, joburg.department.id] })).statusCode).toBe(200);

    clockAt(PERIOD - 60_000);
    const early = await save(s, { groups: [durban.location.id, durban.department.id] });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ groups: MSG.profileGroupsChangeTooSoon });

    clockAt(PERIOD + 60_000);
    const later = await save(s, { groups: [durban.location.id, durban.department.id] });
    expect(later.statusCode).toBe(200);
    expect(await groupsOf(s.user.id)).toEqual(sorted([durban.location.id, durban.department.id]));
    // The new change starts a new period.
    expect(Date.parse(later.json().data.groupsChangeableFrom)).toBeGreaterThan(Date.now() + PERIOD);
    const again = await save(s, { groups: [cape.location.id, cape.department.id] });
    expect(again.statusCode).toBe(400);
  });

  it('never refuses a save without a change of groups (name, phone, the same groups, no groups)', async () => {
    const s = await durbanStaff();
    const first = await save(s, { phone: '+27 31 000 0001' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.groupsChangeableFrom).toBeNull();
    expect((await save(s, { groups: [joburg.location.id, joburg.department.id] })).statusCode).toBe(200);

    const same = [joburg.location.id, joburg.department.id];
    for (const over of [
      { firstName: 'Renamed', phone: '+27 31 000 0002' },
      { firstName: 'Renamed again', groups: same },
      { lastName: 'Reordered', groups: [...same].reverse() },
      { jobTitle: 'Clerk' },
    ]) {
      const res = await save(s, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(200);
      const { groups: _groups, ...saved } = over as Record<string, unknown>;
      expect(res.json().data).toMatchObject(saved);
      expect(res.json().data.groupsChangeableFrom).not.toBeNull();
    }
    expect(await groupsOf(s.user.id)).toEqual(sorted(same));
  });

  it("does not limit an administrator's edits, which neither start nor use up the period", async () => {
    const s = await durbanStaff();
    const { admin } = t.users;
    for (const g of [joburg, cape, durban]) {
      const res = await t.call(
        'PUT',
        `/v1/api/users/${s.user.id}`,
        admin,
        userForm(g, { email: s.user.email, password: '' }),
      );
      expect(res.statusCode).toBe(200);
      expect(await groupsOf(s.user.id)).toEqual(sorted([g.location.id, g.department.id]));
    }
    // The staff member's own change is still theirs to make, and then waits.
    expect((await save(s, { groups: [cape.location.id, cape.department.id] })).statusCode).toBe(200);
    expect((await save(s, { groups: [joburg.location.id, joburg.department.id] })).statusCode).toBe(400);
    // An administrator corrects it at once.
    const fixed = await t.call(
      'PUT',
      `/v1/api/users/${s.user.id}`,
      admin,
      userForm(joburg, { email: s.user.email, password: '' }),
    );
    expect(fixed.statusCode).toBe(200);
    expect(await groupsOf(s.user.id)).toEqual(sorted([joburg.location.id, joburg.department.id]));
  });

  it('accepts at most one of two changes sent at the same time', async () => {
    const s = await durbanStaff();
    const targets = [joburg, cape];
    const answers = await Promise.all(
      targets.map((g) => save(s, { groups: [g.location.id, g.department.id] })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = targets[answers.findIndex((r) => r.statusCode === 200)];
    expect(await groupsOf(s.user.id)).toEqual(sorted([winner?.location.id ?? 0, winner?.department.id ?? 0]));
    const holds = await t.db
      .select()
      .from(rateCounters)
      .where(eq(rateCounters.key, `hold:profile-groups:${s.user.id}`));
    expect(holds).toHaveLength(1);
  });
});
