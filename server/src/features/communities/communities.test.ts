// Communities: lists and cards by visibility, one community, its members, create and edit by administrators
// (validation word for word, nothing written on refusal), and the counts kept on the row.
import { MSG, POST_KIND, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { communities, communityMembers, feedPosts } from '../../db/schema';
import { createFileRow } from '../feed/test-support';
import { type CommunityOverrides, createCommunity } from './test-support';

const t = useTestApp({
  users: { admin: ROLE.ADMIN, staff: ROLE.STAFF, editor: ROLE.EDITOR, outsider: ROLE.STAFF },
});
const { admin, staff, editor, outsider } = t.users;

/** A community created by the administrator (published and public unless `o` says otherwise). */
const community = (o: Partial<CommunityOverrides> = {}) =>
  createCommunity(t.db, { createdById: admin.user.id, ...o });

const get = (s: Session | undefined, url: string) => t.get(`/v1/api${url}`, s);
const send = (s: Session | undefined, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.call(method, `/v1/api${url}`, s, payload);

async function countRows() {
  const [c] = await t.db.select({ n: count() }).from(communities);
  const [m] = await t.db.select({ n: count() }).from(communityMembers);
  return { communities: c?.n, members: m?.n };
}

async function memberRows(communityId: number) {
  const rows = await t.db
    .select({ userId: communityMembers.userId, isManager: communityMembers.isManager })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId));
  return rows.sort((a, b) => a.userId - b.userId);
}

async function numUsers(communityId: number) {
  const [row] = await t.db
    .select({ n: communities.numUsers })
    .from(communities)
    .where(eq(communities.id, communityId));
  return row?.n;
}

describe('visibility of communities', () => {
  it('hides a private community from non-members (404) and lists it only to members and admins', async () => {
    const priv = await community({
      visibilityId: VISIBILITY.PRIVATE,
      managerIds: [editor.user.id],
      memberIds: [staff.user.id],
    });
    const pub = await community({ managerIds: [editor.user.id] });
    const draft = await community({
      stateId: STATE.DRAFT,
      managerIds: [staff.user.id],
    });

    for (const url of [`/communities/${priv.id}`, `/communities/${priv.id}/stats`]) {
      expect((await get(outsider, url)).statusCode).toBe(404);
      expect((await get(staff, url)).statusCode).toBe(200);
      // Its manager, who is not among the members given: managers are members.
      expect((await get(editor, url)).statusCode).toBe(200);
      expect((await get(admin, url)).statusCode).toBe(200);
    }
    expect((await get(outsider, `/communities/${priv.id}/discussion`)).statusCode).toBe(404);
    expect((await get(outsider, `/communities/${priv.id}/users`)).statusCode).toBe(404);
    // A draft is seen by administrators only, even by its manager.
    expect((await get(staff, `/communities/${draft.id}`)).statusCode).toBe(404);

    const ids = async (s: Session, url = '/communities') =>
      ((await get(s, url)).json().data as { id: number }[]).map((c) => c.id);
    expect(await ids(outsider)).toContain(pub.id);
    expect(await ids(outsider)).not.toContain(priv.id);
    expect(await ids(outsider)).not.toContain(draft.id);
    expect(await ids(staff)).toEqual(expect.arrayContaining([priv.id, pub.id]));
    expect(await ids(admin)).toEqual(expect.arrayContaining([priv.id, pub.id, draft.id]));
    expect(await ids(admin, '/communities?stateId=1')).toContain(draft.id);
    expect(await ids(admin, '/communities?stateId=1')).not.toContain(pub.id);

    // Newest first.
    const all = await ids(admin);
    expect(all.indexOf(draft.id)).toBeLessThan(all.indexOf(priv.id));

    // My Communities: joined and visible; Public Communities: published public ones.
    expect(await ids(staff, '/communities/stats?viewState=1')).toContain(priv.id);
    expect(await ids(editor, '/communities/stats?viewState=1')).toEqual(
      expect.arrayContaining([priv.id, pub.id]),
    );
    expect(await ids(staff, '/communities/stats?viewState=1')).not.toContain(pub.id);
    expect(await ids(staff, '/communities/stats?viewState=1')).not.toContain(draft.id);
    expect(await ids(outsider, '/communities/stats?viewState=1')).toEqual([]);
    const publicIds = await ids(outsider, `/communities/stats?viewState=2&userId=${outsider.user.id}`);
    expect(publicIds).toContain(pub.id);
    expect(publicIds).not.toContain(priv.id);
    expect(publicIds).not.toContain(draft.id);
  });

  it('answers select options for fields=id,title', async () => {
    const c = await community({ title: 'Option Club' });
    const res = await get(admin, '/communities?fields=id,title');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ id: c.id, title: 'Option Club' });
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['id', 'title']);
  });

  it('refuses another userId (403), bad queries (400) and anonymous callers (401)', async () => {
    expect((await get(staff, `/communities/stats?viewState=1&userId=${admin.user.id}`)).statusCode).toBe(403);
    expect((await get(staff, '/communities/stats?viewState=3')).statusCode).toBe(400);
    expect((await get(staff, '/communities/stats')).statusCode).toBe(400);
    expect((await get(staff, '/communities/abc')).statusCode).toBe(400);
    expect((await get(undefined, '/communities')).statusCode).toBe(401);
    expect((await get(undefined, '/communities/stats?viewState=1')).statusCode).toBe(401);
    expect((await get(staff, '/communities/999999')).statusCode).toBe(404);
  });
});

describe('one community, its members and counts', () => {
  it('shows managers to all, members only to admins, counts published in-window posts', async () => {
    const c = await community({
      managerIds: [editor.user.id],
      memberIds: [staff.user.id],
    });
    const day = 24 * 3600 * 1000;
    const post = (o: Partial<typeof feedPosts.$inferInsert>) => ({
      title: 'P',
      subtitle: 'S',
      userId: editor.user.id,
      kind: POST_KIND.COMMUNITY,
      communityId: c.id,
      stateId: STATE.PUBLISHED,
      startAt: new Date(Date.now() - day),
      ...o,
    });
    await t.db
      .insert(feedPosts)
      .values([
        post({}),
        post({ endAt: new Date(Date.now() + day) }),
        post({ stateId: STATE.DRAFT }),
        post({ startAt: new Date(Date.now() + day) }),
        post({ endAt: new Date(Date.now() - 1000) }),
      ]);

    const asStaff = (await get(staff, `/communities/${c.id}`)).json().data;
    expect(asStaff).toMatchObject({ id: c.id, numUsers: 2, numPosts: 2, joined: true, isManager: false });
    expect(asStaff.managers.map((m: { id: number }) => m.id)).toEqual([editor.user.id]);
    expect(asStaff.users).toEqual([]);
    const asAdmin = (await get(admin, `/communities/${c.id}`)).json().data;
    expect(asAdmin.users.map((m: { id: number }) => m.id).sort()).toEqual(
      [editor.user.id, staff.user.id].sort(),
    );
    expect(asAdmin).toMatchObject({ joined: false, isManager: false });
    const card = (await get(editor, `/communities/${c.id}/stats?userId=${editor.user.id}`)).json().data;
    expect(card).toMatchObject({ numPosts: 2, joined: true, isManager: true });
    expect((await get(editor, `/communities/${c.id}/stats?userId=${staff.user.id}`)).statusCode).toBe(403);
  });

  it('lists members to members and admins; others who see it get 403', async () => {
    const c = await community({
      managerIds: [editor.user.id],
      memberIds: [staff.user.id],
    });
    const res = await get(staff, `/communities/${c.id}/users`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([editor.user.id, staff.user.id].sort());
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['firstName', 'id', 'lastName', 'profileImage']);
    expect((await get(admin, `/communities/${c.id}/users`)).statusCode).toBe(200);
    expect((await get(outsider, `/communities/${c.id}/users`)).statusCode).toBe(403);
    expect((await get(undefined, `/communities/${c.id}/users`)).statusCode).toBe(401);
  });

  it('lists managed communities for the caller; another user only for admins', async () => {
    const c = await community({ managerIds: [outsider.user.id] });
    const mine = await get(outsider, `/communities/managed/${outsider.user.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([{ id: c.id, title: c.title }]);
    expect((await get(staff, `/communities/managed/${outsider.user.id}`)).statusCode).toBe(403);
    const byAdmin = await get(admin, `/communities/managed/${outsider.user.id}`);
    expect(byAdmin.json().data).toEqual([{ id: c.id, title: c.title }]);
    expect((await get(staff, `/communities/managed/${staff.user.id}`)).json().data).toEqual(
      expect.not.arrayContaining([{ id: c.id, title: c.title }]),
    );
  });
});

describe('POST /v1/api/communities', () => {
  const form = (o: object = {}) => ({
    title: 'Running Club',
    description: 'We run on Thursdays',
    visibilityId: VISIBILITY.PRIVATE,
    stateId: STATE.PUBLISHED,
    managers: [editor.user.id],
    users: [staff.user.id, editor.user.id],
    ...o,
  });

  it('creates the community, its managers as members and the member count (201)', async () => {
    const image = await createFileRow(t.db, { createdById: admin.user.id, mimeType: 'image/jpeg' });
    const res = await send(admin, 'POST', '/communities', form({ image: image.id }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Running Club',
      visibilityId: VISIBILITY.PRIVATE,
      stateId: STATE.PUBLISHED,
      numUsers: 2,
      numPosts: 0,
      image: { id: image.id, sourceUrl: `/files/${image.storageKey}` },
      imageUrl: `/files/${image.storageKey}`,
    });
    expect(data.managers.map((m: { id: number }) => m.id)).toEqual([editor.user.id]);
    expect(await memberRows(data.id)).toEqual(
      [
        { userId: editor.user.id, isManager: true },
        { userId: staff.user.id, isManager: false },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect(await numUsers(data.id)).toBe(2);
  });

  it('refuses invalid forms word for word and writes nothing (400)', async () => {
    const before = await countRows();
    const cases: [object, string, string][] = [
      [{ managers: [] }, 'managers', MSG.managerRequired],
      [{ managers: undefined }, 'managers', MSG.managerRequired],
      [{ title: '  ' }, 'title', MSG.communityTitleRequired],
      [{ description: '' }, 'description', MSG.communityDescriptionRequired],
    ];
    for (const [override, field, message] of cases) {
      const res = await send(admin, 'POST', '/communities', form(override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field]).toBe(message);
    }
    const inactive = await createUser(t.db, { isActive: false });
    const managerRes = await send(admin, 'POST', '/communities', form({ managers: [inactive.id] }));
    expect(managerRes.statusCode).toBe(400);
    expect(managerRes.json().fields).toEqual({ managers: MSG.managerUnknown });

    const gif = await createFileRow(t.db, { createdById: admin.user.id, mimeType: 'image/gif' });
    const big = await createFileRow(t.db, { createdById: admin.user.id, size: 2 * 1024 * 1024 });
    const foreign = await createFileRow(t.db, { createdById: staff.user.id });
    const images: [number, string][] = [
      [gif.id, MSG.imageTypeOnly],
      [big.id, MSG.profileImageTooBig],
      [foreign.id, MSG.communityImageMissing],
      [999999, MSG.communityImageMissing],
    ];
    for (const [image, message] of images) {
      const res = await send(admin, 'POST', '/communities', form({ image }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, fields: { image: message } });
    }
    expect(MSG.profileImageTooBig).toBe('Image must smaller than 2MB');
    expect(MSG.imageTypeOnly).toBe('You can only upload a JPG/PNG file');
    expect(MSG.managerRequired).toBe('Please assign at least one community manager');
    expect(await countRows()).toEqual(before);
  });

  it('is for administrators only (403) and logged-in callers (401)', async () => {
    const before = await countRows();
    expect((await send(editor, 'POST', '/communities', form())).statusCode).toBe(403);
    expect((await send(staff, 'POST', '/communities', form())).statusCode).toBe(403);
    expect((await send(undefined, 'POST', '/communities', form())).statusCode).toBe(401);
    expect(await countRows()).toEqual(before);
  });
});

describe('PUT /v1/api/communities/:id', () => {
  const form = (o: object = {}) => ({
    title: 'Edited',
    description: 'Edited description',
    visibilityId: VISIBILITY.PRIVATE,
    stateId: STATE.PUBLISHED,
    managers: [editor.user.id],
    users: [],
    ...o,
  });

  it('replaces members of a private community and recounts them', async () => {
    const c = await community({
      visibilityId: VISIBILITY.PRIVATE,
      managerIds: [staff.user.id],
      memberIds: [outsider.user.id],
    });
    const res = await send(admin, 'PUT', `/communities/${c.id}`, form({ users: [admin.user.id] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Edited', numUsers: 2 });
    expect(await memberRows(c.id)).toEqual(
      [
        { userId: editor.user.id, isManager: true },
        { userId: admin.user.id, isManager: false },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect(await numUsers(c.id)).toBe(2);
  });

  it('keeps who joined a public community, demoting a dropped manager to member', async () => {
    const c = await community({
      managerIds: [staff.user.id],
      memberIds: [outsider.user.id],
    });
    const res = await send(admin, 'PUT', `/communities/${c.id}`, form({ visibilityId: VISIBILITY.PUBLIC }));
    expect(res.statusCode).toBe(200);
    expect(await memberRows(c.id)).toEqual(
      [
        { userId: staff.user.id, isManager: false },
        { userId: editor.user.id, isManager: true },
        { userId: outsider.user.id, isManager: false },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect(await numUsers(c.id)).toBe(3);
  });

  it('takes images up to 10MB on edit, keeps an image it already has, and checks the form', async () => {
    const c = await community({ managerIds: [editor.user.id] });
    const eight = await createFileRow(t.db, { createdById: admin.user.id, size: 8 * 1024 * 1024 });
    const ok = await send(admin, 'PUT', `/communities/${c.id}`, form({ image: eight.id }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.image.id).toBe(eight.id);
    const eleven = await createFileRow(t.db, { createdById: admin.user.id, size: 10 * 1024 * 1024 });
    const tooBig = await send(admin, 'PUT', `/communities/${c.id}`, form({ image: eleven.id }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields).toEqual({ image: MSG.communityImageTooBig });
    // Another administrator saves the form unchanged: the image is theirs to keep.
    const other = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
    expect((await send(other, 'PUT', `/communities/${c.id}`, form({ image: eight.id }))).statusCode).toBe(
      200,
    );

    const empty = await send(admin, 'PUT', `/communities/${c.id}`, form({ managers: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ managers: MSG.managerRequired });
    const [row] = await t.db.select().from(communities).where(eq(communities.id, c.id));
    expect(row?.title).toBe('Edited');
    expect(await memberRows(c.id)).toEqual([{ userId: editor.user.id, isManager: true }]);
  });

  it('answers 404 for an unknown community, 403 to non-admins and 401 to anonymous callers', async () => {
    const c = await community({ managerIds: [editor.user.id] });
    expect((await send(admin, 'PUT', '/communities/999999', form())).statusCode).toBe(404);
    expect((await send(editor, 'PUT', `/communities/${c.id}`, form())).statusCode).toBe(403);
    expect((await send(undefined, 'PUT', `/communities/${c.id}`, form())).statusCode).toBe(401);
    const [row] = await t.db
      .select({ title: communities.title })
      .from(communities)
      .where(and(eq(communities.id, c.id)));
    expect(row?.title).toBe(c.title);
  });
});
