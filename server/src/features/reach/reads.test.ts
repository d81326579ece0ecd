// @engine: the ingest pool, raw upserts of seen events
// Seen, opened and acknowledged (issue 18): POST /post-reads records each moment once, only for posts the
// caller may open now; POST /feed-posts/{id}/acknowledge; GET /newsfeed/to-acknowledge.
import { POST_KIND, REACH_LIMITS, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { feedPosts, postReads, users } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';

const t = useTestApp({
  groups: ['north', 'south'],
  users: {
    admin: ROLE.ADMIN,
    staff: { worksIn: 'north' },
    other: { worksIn: 'south' },
    reader: { worksIn: 'north' },
    acker: { worksIn: 'north' },
  },
});
const { admin, staff, other, reader, acker } = t.users;
const HOUR = 3600_000;

const send = (s: (typeof t.users)['staff'] | undefined, payload: unknown) =>
  t.call('POST', '/v1/api/post-reads', s, payload as object);

async function readOf(postId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(postReads)
    .where(and(eq(postReads.postId, postId), eq(postReads.userId, userId)));
  return row;
}

describe('POST /post-reads', () => {
  it('refuses anonymous callers and malformed batches', async () => {
    expect((await send(undefined, { seen: [1] })).statusCode).toBe(401);
    for (const body of [
      {},
      { seen: [], opened: [] },
      { seen: 'x' },
      { seen: [-1] },
      { seen: [1.5] },
      { opened: ['a'] },
      { seen: Array.from({ length: REACH_LIMITS.eventsPerBatch + 1 }, (_, i) => i + 1) },
    ]) {
      const res = await send(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toBeDefined();
    }
  });

  it('records a seen post once, for the caller named by the token', async () => {
    const post = await createPost(t.db, admin.user.id);
    const first = await send(staff, { seen: [post.id, post.id], userId: other.user.id });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ recorded: 1 });
    const row = await readOf(post.id, staff.user.id);
    expect(row?.seenAt).toBeInstanceOf(Date);
    expect(row?.openedAt).toBeNull();
    // With the reader's groups, which reach splits by.
    expect(row).toMatchObject({
      locationId: t.groups.north.location.id,
      departmentId: t.groups.north.department.id,
    });
    expect(await readOf(post.id, other.user.id)).toBeUndefined();
    const again = await send(staff, { seen: [post.id] });
    expect(again.json().data).toEqual({ recorded: 0 });
    expect((await readOf(post.id, staff.user.id))?.seenAt).toEqual(row?.seenAt);
  });

  it('starts no notification fan-out: a batch records no event, unlike other writes', async () => {
    const kick = vi.spyOn(t.app.notifications, 'kick');
    try {
      const post = await createPost(t.db, admin.user.id, { requiresAck: true });
      expect((await send(acker, { seen: [post.id] })).statusCode).toBe(200);
      // An acknowledgement kicks the fan-out, as every other write does; by then the batch's hooks have run.
      const acknowledged = await t.call('POST', `/v1/api/feed-posts/${post.id}/acknowledge`, acker);
      expect(acknowledged.statusCode).toBe(200);
      await vi.waitFor(() => expect(kick).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 50));
      expect(kick).toHaveBeenCalledTimes(1);
    } finally {
      kick.mockRestore();
    }
  });

  it('records only posts in the caller audience: a post for another group, a draft, an ended post are ignored', async () => {
    const south = await createPost(t.db, admin.user.id, { groupIds: [t.groups.south.location.id] });
    const north = await createPost(t.db, admin.user.id, { groupIds: [t.groups.north.location.id] });
    const draft = await createPost(t.db, admin.user.id, { stateId: STATE.DRAFT });
    const ended = await createPost(t.db, admin.user.id, { endAt: new Date(Date.now() - HOUR) });
    const res = await send(staff, { seen: [south.id, north.id, draft.id, ended.id, 999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recorded: 1 });
    expect(await readOf(south.id, staff.user.id)).toBeUndefined();
    expect(await readOf(north.id, staff.user.id)).toBeDefined();
    expect(await readOf(draft.id, staff.user.id)).toBeUndefined();
    // The other group's member is recorded for the post meant for them.
    expect((await send(other, { seen: [south.id] })).json().data).toEqual({ recorded: 1 });
    // An administrator opens any published post, but a draft is not reach.
    expect((await send(admin, { seen: [south.id, draft.id] })).json().data).toEqual({ recorded: 1 });
  });

  it('records community posts by the community rules: a private community only for its members', async () => {
    const open = await createCommunity(t.db, { createdById: admin.user.id });
    const closed = await createCommunity(t.db, {
      createdById: admin.user.id,
      visibilityId: VISIBILITY.PRIVATE,
      memberIds: [reader.user.id],
    });
    const inOpen = await createPost(t.db, admin.user.id, { kind: POST_KIND.COMMUNITY, communityId: open.id });
    const inClosed = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: closed.id,
    });
    expect((await send(staff, { seen: [inOpen.id, inClosed.id] })).json().data).toEqual({ recorded: 1 });
    expect(await readOf(inClosed.id, staff.user.id)).toBeUndefined();
    expect((await send(reader, { opened: [inClosed.id] })).json().data).toEqual({ recorded: 1 });
  });

  it('counts an opened post as seen, and a later seen event changes nothing', async () => {
    const post = await createPost(t.db, admin.user.id);
    expect((await send(reader, { opened: [post.id] })).json().data).toEqual({ recorded: 1 });
    const row = await readOf(post.id, reader.user.id);
    expect(row?.openedAt).toBeInstanceOf(Date);
    expect(row?.seenAt).toEqual(row?.openedAt);
    expect((await send(reader, { seen: [post.id], opened: [post.id] })).json().data).toEqual({ recorded: 0 });
  });

  it('keeps the first seen time when the post is opened later, and counts both events of a new post', async () => {
    const post = await createPost(t.db, admin.user.id);
    const other2 = await createPost(t.db, admin.user.id);
    await send(acker, { seen: [post.id] });
    const seen = (await readOf(post.id, acker.user.id))?.seenAt;
    await new Promise((r) => setTimeout(r, 5));
    expect((await send(acker, { opened: [post.id] })).json().data).toEqual({ recorded: 1 });
    const row = await readOf(post.id, acker.user.id);
    expect(row?.seenAt).toEqual(seen);
    expect(row?.openedAt?.getTime()).toBeGreaterThan(seen?.getTime() ?? 0);
    expect((await send(acker, { seen: [other2.id], opened: [other2.id] })).json().data).toEqual({
      recorded: 2,
    });
  });
});

describe('reads of deleted rows', () => {
  // post_reads has no foreign keys (migration 0019): triggers delete the reads as the cascade did.
  it('go with a deleted post, and with a deleted person', async () => {
    const post = await createPost(t.db, admin.user.id);
    const kept = await createPost(t.db, admin.user.id);
    const leaver = await createUser(t.db);
    const at = new Date();
    await t.db.insert(postReads).values([
      { postId: post.id, userId: reader.user.id, seenAt: at },
      { postId: post.id, userId: leaver.id, seenAt: at },
      { postId: kept.id, userId: reader.user.id, seenAt: at },
      { postId: kept.id, userId: leaver.id, seenAt: at },
    ]);
    await t.db.delete(feedPosts).where(eq(feedPosts.id, post.id));
    expect(await readOf(post.id, reader.user.id)).toBeUndefined();
    expect(await readOf(post.id, leaver.id)).toBeUndefined();
    await t.db.delete(users).where(eq(users.id, leaver.id));
    expect(await readOf(kept.id, leaver.id)).toBeUndefined();
    expect(await readOf(kept.id, reader.user.id)).toBeDefined();
  });
});

describe('POST /feed-posts/{id}/acknowledge', () => {
  const ack = (s: (typeof t.users)['staff'] | undefined, id: number) =>
    t.call('POST', `/v1/api/feed-posts/${id}/acknowledge`, s);

  it('answers 401, 400, 404 and 409', async () => {
    const plain = await createPost(t.db, admin.user.id);
    const south = await createPost(t.db, admin.user.id, {
      requiresAck: true,
      groupIds: [t.groups.south.location.id],
    });
    expect((await ack(undefined, plain.id)).statusCode).toBe(401);
    expect((await t.call('POST', '/v1/api/feed-posts/abc/acknowledge', staff)).statusCode).toBe(400);
    expect((await ack(staff, 999_999)).statusCode).toBe(404);
    expect((await ack(staff, south.id)).statusCode).toBe(404);
    const refused = await ack(staff, plain.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This post does not ask to be acknowledged.');
    expect(await readOf(plain.id, staff.user.id)).toBeUndefined();
  });

  it('records the acknowledgement once, with seen and opened, and answers the first time again', async () => {
    const post = await createPost(t.db, admin.user.id, { requiresAck: true });
    const first = await ack(staff, post.id);
    expect(first.statusCode).toBe(200);
    const at = first.json().data.acknowledgedAt as string;
    const row = await readOf(post.id, staff.user.id);
    expect(row?.acknowledgedAt?.toISOString()).toBe(at);
    expect(row?.seenAt?.toISOString()).toBe(at);
    expect(row?.openedAt?.toISOString()).toBe(at);
    expect(row?.locationId).toBe(t.groups.north.location.id);
    await new Promise((r) => setTimeout(r, 5));
    const again = await ack(staff, post.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.acknowledgedAt).toBe(at);
  });

  it("is on the post's page for the one who acknowledged, and for nobody else (issue 33)", async () => {
    const post = await createPost(t.db, admin.user.id, { requiresAck: true });
    const plain = await createPost(t.db, admin.user.id);
    const pageOf = async (s: (typeof t.users)['staff'], id: number) => {
      const res = await t.get(`/v1/api/newsfeed/${id}`, s);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { acknowledgedAt: string | null };
    };
    expect((await pageOf(reader, post.id)).acknowledgedAt).toBeNull();
    const at = (await ack(reader, post.id)).json().data.acknowledgedAt as string;
    expect((await pageOf(reader, post.id)).acknowledgedAt).toBe(at);
    expect((await pageOf(staff, post.id)).acknowledgedAt).toBeNull();
    expect((await pageOf(reader, plain.id)).acknowledgedAt).toBeNull();
  });

  it('keeps the seen and opened times recorded before', async () => {
    const post = await createPost(t.db, admin.user.id, { requiresAck: true });
    await send(other, { seen: [post.id] });
    const seen = (await readOf(post.id, other.user.id))?.seenAt;
    await new Promise((r) => setTimeout(r, 5));
    await ack(other, post.id);
    const row = await readOf(post.id, other.user.id);
    expect(row?.seenAt).toEqual(seen);
    expect(row?.acknowledgedAt?.getTime()).toBeGreaterThan(seen?.getTime() ?? 0);
  });
});

describe('GET /newsfeed/to-acknowledge', () => {
  it('refuses anonymous callers', async () => {
    expect((await t.get('/v1/api/newsfeed/to-acknowledge')).statusCode).toBe(401);
  });

  it('lists the must-read posts addressed to the caller and not acknowledged, soonest due first', async () => {
    const t0 = Date.now();
    const mk = (o: Parameters<typeof createPost>[2]) =>
      createPost(t.db, admin.user.id, { requiresAck: true, ...o });
    const late = await mk({ ackDueAt: new Date(t0 + 48 * HOUR) });
    const soon = await mk({ ackDueAt: new Date(t0 + 2 * HOUR) });
    const undatedOld = await mk({ startAt: new Date(t0 - 5 * HOUR) });
    const undatedNew = await mk({ startAt: new Date(t0 - 2 * HOUR) });
    const done = await mk({ ackDueAt: new Date(t0 + HOUR) });
    await mk({ groupIds: [t.groups.south.location.id] });
    await mk({ stateId: STATE.DRAFT });
    await mk({ startAt: new Date(t0 + HOUR), ackDueAt: new Date(t0 + 3 * HOUR) });
    await createPost(t.db, admin.user.id);
    const acked = await t.call('POST', `/v1/api/feed-posts/${done.id}/acknowledge`, reader);
    expect(acked.statusCode).toBe(200);

    const res = await t.get('/v1/api/newsfeed/to-acknowledge', reader);
    expect(res.statusCode).toBe(200);
    const { posts, count } = res.json().data;
    // Earlier tests of this file left must-read posts for everyone, without a due date, older than these.
    const mine = [soon.id, late.id, undatedNew.id, undatedOld.id];
    expect(posts.map((p: { id: number }) => p.id).filter((id: number) => mine.includes(id))).toEqual(mine);
    expect(posts.slice(0, 2).map((p: { id: number }) => p.id)).toEqual([soon.id, late.id]);
    expect(posts[0]).toMatchObject({ requiresAck: true, ackDueAt: soon.ackDueAt?.toISOString() });
    expect(posts.map((p: { id: number }) => p.id)).not.toContain(done.id);
    expect(count).toBe(posts.length);
  });

  it('answers at most the limit, with the full count', async () => {
    const count = async (s: (typeof t.users)['staff']) =>
      (await t.get('/v1/api/newsfeed/to-acknowledge', s)).json().data.count as number;
    const [before, southBefore] = [await count(acker), await count(other)];
    for (let i = 0; i < REACH_LIMITS.toAcknowledge; i++)
      await createPost(t.db, admin.user.id, { requiresAck: true, groupIds: [t.groups.north.location.id] });
    const { posts, count: after } = (await t.get('/v1/api/newsfeed/to-acknowledge', acker)).json().data;
    expect(posts).toHaveLength(REACH_LIMITS.toAcknowledge);
    expect(after).toBe(before + REACH_LIMITS.toAcknowledge);
    // Someone in the other location is not asked for these.
    expect(await count(other)).toBe(southBefore);
  });
});
