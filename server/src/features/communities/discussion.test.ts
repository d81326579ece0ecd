// The discussion board: read by whoever sees the community, written by members and administrators, with
// @mentions of active colleagues; num_comments follows.
import { MSG, ROLE, VISIBILITY } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import type { Session } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { communities, communityDiscussion, communityDiscussionMentions } from '../../db/schema';
import { createCommunity } from './test-support';

const t = useTestApp({
  users: { admin: ROLE.ADMIN, member: { firstName: 'Sam', lastName: 'Staff' }, outsider: ROLE.STAFF },
});
const { admin, member, outsider } = t.users;
let colleague: Awaited<ReturnType<typeof createUser>>;
let inactive: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  colleague = await createUser(t.db, { firstName: 'Thandi', lastName: 'Mokoena' });
  inactive = await createUser(t.db, { isActive: false });
});

const post = (s: Session | undefined, payload: object) =>
  t.call('POST', '/v1/api/communities/discussion', s, payload);
const list = (s: Session | undefined, id: number) => t.get(`/v1/api/communities/${id}/discussion`, s);

async function snapshot(communityId: number) {
  const [row] = await t.db
    .select({ n: communities.numComments })
    .from(communities)
    .where(eq(communities.id, communityId));
  const [m] = await t.db.select({ n: count() }).from(communityDiscussion);
  const [x] = await t.db.select({ n: count() }).from(communityDiscussionMentions);
  return { onRow: row?.n, messages: m?.n, mentions: x?.n };
}

describe('community discussion board', () => {
  it('stores a message with mentions (self ignored), counts it and lists messages oldest first', async () => {
    const c = await createCommunity(t.db, { createdById: admin.user.id, managerIds: [member.user.id] });
    const res = await post(member, {
      content: ' Hello @[Thandi Mokoena](9) and team ',
      communityId: c.id,
      userId: member.user.id,
      userIds: [colleague.id, member.user.id, colleague.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      content: 'Hello @Thandi Mokoena and team',
      communityId: c.id,
      userId: member.user.id,
      userIds: [colleague.id],
      user: { id: member.user.id, firstName: 'Sam', lastName: 'Staff' },
    });
    const second = await post(admin, { content: 'Second', communityId: c.id });
    expect(second.statusCode).toBe(201);
    expect((await snapshot(c.id)).onRow).toBe(2);

    // A non-member of a public community reads the board.
    const read = await list(outsider, c.id);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((m: { content: string }) => m.content)).toEqual([
      'Hello @Thandi Mokoena and team',
      'Second',
    ]);
    expect(read.json().data[0].userIds).toEqual([colleague.id]);
  });

  it('refuses non-members (403), unknown mentions and empty content (400); nothing is written', async () => {
    const c = await createCommunity(t.db, { createdById: admin.user.id, managerIds: [member.user.id] });
    const before = await snapshot(c.id);
    const denied = await post(outsider, { content: 'Hi', communityId: c.id });
    expect(denied.statusCode).toBe(403);
    const unknown = await post(member, { content: 'Hi', communityId: c.id, userIds: [inactive.id] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: MSG.mentionUnknown,
      fields: { userIds: MSG.mentionUnknown },
    });
    const missing = await post(member, { content: 'Hi', communityId: c.id, userIds: [999999] });
    expect(missing.statusCode).toBe(400);
    const empty = await post(member, { content: '   ', communityId: c.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ content: MSG.commentRequired });
    expect((await post(member, { content: 'Hi', communityId: c.id, userId: admin.user.id })).statusCode).toBe(
      403,
    );
    expect((await post(undefined, { content: 'Hi', communityId: c.id })).statusCode).toBe(401);
    expect(await snapshot(c.id)).toEqual(before);
  });

  it('hides the board of a private community from non-members (404 to read and write)', async () => {
    const c = await createCommunity(t.db, {
      createdById: admin.user.id,
      visibilityId: VISIBILITY.PRIVATE,
      managerIds: [member.user.id],
    });
    const before = await snapshot(c.id);
    expect((await list(outsider, c.id)).statusCode).toBe(404);
    expect((await post(outsider, { content: 'Hi', communityId: c.id })).statusCode).toBe(404);
    expect((await list(member, c.id)).statusCode).toBe(200);
    expect((await list(admin, c.id)).json().data).toEqual([]);
    expect((await list(undefined, c.id)).statusCode).toBe(401);
    expect((await list(member, 999999)).statusCode).toBe(404);
    expect(await snapshot(c.id)).toEqual(before);
  });
});
