// @engine: member count under concurrent joins and leaves
// Join and leave: public, published communities only; idempotent; managers stay; the member count equals
// the member rows however many calls race.
import { MSG, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { communities, communityMembers } from '../../db/schema';
import { type CommunityOverrides, createCommunity } from './test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF, manager: ROLE.EDITOR } });
const { admin, staff, manager } = t.users;

/** A community created by the administrator (published and public unless `o` says otherwise). */
const community = (o: Partial<CommunityOverrides> = {}) =>
  createCommunity(t.db, { createdById: admin.user.id, ...o });

const subscribe = (s: Session | undefined, payload: object) =>
  t.call('POST', '/v1/api/communities/subscribe', s, payload);

async function counts(communityId: number) {
  const [row] = await t.db
    .select({ numUsers: communities.numUsers })
    .from(communities)
    .where(eq(communities.id, communityId));
  const [members] = await t.db
    .select({ n: count() })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId));
  return { numUsers: row?.numUsers, rows: Number(members?.n) };
}

const publicCommunity = () => community({ managerIds: [manager.user.id] });

describe('POST /v1/api/communities/subscribe', () => {
  it('joins and leaves a public community, idempotently', async () => {
    const c = await publicCommunity();
    const join = await subscribe(staff, { communityId: c.id, userId: staff.user.id, join: 1 });
    expect(join.statusCode).toBe(200);
    expect(join.json().data).toEqual({ joined: true, numUsers: 2 });
    const again = await subscribe(staff, { communityId: c.id, join: 1 });
    expect(again.json().data).toEqual({ joined: true, numUsers: 2 });
    expect(await counts(c.id)).toEqual({ numUsers: 2, rows: 2 });

    const leave = await subscribe(staff, { communityId: c.id, join: 0 });
    expect(leave.statusCode).toBe(200);
    expect(leave.json().data).toEqual({ joined: false, numUsers: 1 });
    const leaveAgain = await subscribe(staff, { communityId: c.id, join: false });
    expect(leaveAgain.json().data).toEqual({ joined: false, numUsers: 1 });
    expect(await counts(c.id)).toEqual({ numUsers: 1, rows: 1 });
  });

  it('keeps the count equal to the member rows under 20 concurrent joins and leaves', async () => {
    const c = await publicCommunity();
    const users = await Promise.all(Array.from({ length: 5 }, () => userWithSession(t.app, t.db)));
    const calls = Array.from({ length: 20 }, (_, i) => {
      const user = users[i % users.length] as Session;
      return subscribe(user, { communityId: c.id, join: i % 3 === 2 ? 0 : 1 });
    });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = await counts(c.id);
    expect(after.numUsers).toBe(after.rows);
    // And once more from a known state: everyone joins at once, then everyone leaves at once.
    await Promise.all(
      users.flatMap((u) => [1, 1, 1].map((join) => subscribe(u, { communityId: c.id, join }))),
    );
    expect(await counts(c.id)).toEqual({ numUsers: 6, rows: 6 });
    await Promise.all(
      users.flatMap((u) => [0, 0, 0].map((join) => subscribe(u, { communityId: c.id, join }))),
    );
    expect(await counts(c.id)).toEqual({ numUsers: 1, rows: 1 });
  });

  it('refuses a manager leaving (409) and keeps them', async () => {
    const c = await publicCommunity();
    const res = await subscribe(manager, { communityId: c.id, join: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MSG.managerCannotLeave);
    expect(await counts(c.id)).toEqual({ numUsers: 1, rows: 1 });
  });

  it('refuses a private community (403 for members and admins, 404 for non-members)', async () => {
    const c = await community({
      visibilityId: VISIBILITY.PRIVATE,
      managerIds: [manager.user.id],
      memberIds: [admin.user.id],
    });
    const byAdmin = await subscribe(admin, { communityId: c.id, join: 0 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(MSG.privateMembership);
    expect((await subscribe(staff, { communityId: c.id, join: 1 })).statusCode).toBe(404);
    expect(await counts(c.id)).toEqual({ numUsers: 2, rows: 2 });
  });

  it('refuses drafts, another userId, bad bodies and anonymous callers', async () => {
    const draft = await community({
      stateId: STATE.DRAFT,
      managerIds: [manager.user.id],
    });
    expect((await subscribe(staff, { communityId: draft.id, join: 1 })).statusCode).toBe(404);
    const byAdmin = await subscribe(admin, { communityId: draft.id, join: 1 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe(MSG.communityNotOpen);
    const c = await publicCommunity();
    expect((await subscribe(staff, { communityId: c.id, userId: admin.user.id, join: 1 })).statusCode).toBe(
      403,
    );
    expect((await subscribe(staff, { communityId: c.id, join: 2 })).statusCode).toBe(400);
    expect((await subscribe(staff, { join: 1 })).statusCode).toBe(400);
    expect((await subscribe(staff, { communityId: 999999, join: 1 })).statusCode).toBe(404);
    expect((await subscribe(undefined, { communityId: c.id, join: 1 })).statusCode).toBe(401);
    expect(await counts(c.id)).toEqual({ numUsers: 1, rows: 1 });
    expect(await counts(draft.id)).toEqual({ numUsers: 1, rows: 1 });
  });
});
