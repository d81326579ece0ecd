// A colleague's profile: the fields the setting shows (all of them to the person and administrators), 404
// for deactivated and unknown people, public communities only, and only the posts and comments the viewer
// may read, published and inside their window.
import { POST_KIND, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { feedComments } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';
import { createPerson, setProfileFields } from './test-support';

const t = useTestApp({
  groups: ['cape', 'joburg'],
  users: { admin: ROLE.ADMIN, staff: { worksIn: 'cape' }, editor: ROLE.EDITOR, other: 4 },
});
const { admin, staff, editor, other } = t.users;

let person: Awaited<ReturnType<typeof createPerson>>;
let gone: Awaited<ReturnType<typeof createPerson>>;
const titles: Record<string, number> = {};

beforeAll(async () => {
  const { cape, joburg } = t.groups;
  person = await createPerson(t.db, 'Thandi', 'Mokoena', {
    phone: '+27 21 555 0101',
    groupIds: [joburg.location.id, joburg.department.id],
  });
  gone = await createPerson(t.db, 'Gone', 'Away', { isActive: false });
  const open = await createCommunity(t.db, {
    createdById: admin.user.id,
    memberIds: [person.id],
    title: 'Open Club',
  });
  const secret = await createCommunity(t.db, {
    createdById: admin.user.id,
    memberIds: [person.id],
    visibilityId: VISIBILITY.PRIVATE,
    title: 'Secret Club',
  });
  await createCommunity(t.db, {
    createdById: admin.user.id,
    memberIds: [person.id],
    stateId: STATE.DRAFT,
    title: 'Draft Club',
  });
  const post = async (name: string, over: Parameters<typeof createPost>[2] = {}) => {
    const row = await createPost(t.db, person.id, { title: name, ...over });
    titles[name] = row.id;
    return row;
  };
  const hour = 3600_000;
  await post('For everyone');
  await post('For Joburg only', { groupIds: [joburg.location.id] });
  await post('For Cape only', { groupIds: [cape.location.id] });
  await post('A draft', { stateId: STATE.DRAFT });
  await post('Scheduled', { startAt: new Date(Date.now() + 24 * hour) });
  await post('In the open club', { kind: POST_KIND.COMMUNITY, communityId: open.id });
  await post('In the secret club', { kind: POST_KIND.COMMUNITY, communityId: secret.id });
  // Comments by the person on a post everyone reads and on the private community's post.
  await t.db.insert(feedComments).values([
    { postId: titles['For everyone'] ?? 0, userId: person.id, content: 'Seen by all' },
    { postId: titles['In the secret club'] ?? 0, userId: person.id, content: 'Members only' },
    { postId: titles['For Joburg only'] ?? 0, userId: person.id, content: 'Joburg talk' },
  ]);
});

beforeEach(async () => {
  await setProfileFields(t.db);
});

const profile = async (as = staff, id = person.id) => {
  const res = await t.get(`/v1/api/people/${id}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const postTitles = (p: { posts: { title: string }[] }) => p.posts.map((x) => x.title).sort();

describe('GET /v1/api/people/{id}', () => {
  it('shows colleagues the fields of the setting: by default everything but the phone', async () => {
    const p = await profile();
    expect(p).toMatchObject({
      firstName: 'Thandi',
      lastName: 'Mokoena',
      email: person.email,
      phone: null,
      jobTitle: "Thandi's job",
      location: { id: t.groups.joburg.location.id },
      department: { id: t.groups.joburg.department.id },
      isActive: 1,
      fields: { email: true, phone: false, jobTitle: true, location: true, department: true },
    });
    await setProfileFields(t.db, { phone: true, email: false, location: false });
    expect(await profile()).toMatchObject({ phone: '+27 21 555 0101', email: null, location: null });
    expect(await profile(editor)).toMatchObject({ phone: '+27 21 555 0101', email: null, location: null });
  });

  it('shows the person themself and administrators every field, whatever the setting', async () => {
    await setProfileFields(t.db, {
      email: false,
      phone: false,
      jobTitle: false,
      location: false,
      department: false,
    });
    expect(await profile(admin)).toMatchObject({
      email: person.email,
      phone: '+27 21 555 0101',
      jobTitle: "Thandi's job",
    });
    const own = await profile(staff, staff.user.id);
    expect(own).toMatchObject({ email: staff.user.email, phone: staff.user.phone });
    expect(own.fields).toEqual({
      email: true,
      phone: true,
      jobTitle: true,
      location: true,
      department: true,
    });
    expect(await profile(staff)).toMatchObject({
      email: null,
      phone: null,
      jobTitle: null,
      department: null,
    });
  });

  it('lists the public published communities only', async () => {
    expect((await profile()).communities.map((c: { title: string }) => c.title)).toEqual(['Open Club']);
    // Not even an administrator's view of a profile lists private communities.
    expect((await profile(admin)).communities.map((c: { title: string }) => c.title)).toEqual(['Open Club']);
  });

  it('lists only the published posts the viewer may read, and comments on them', async () => {
    // Staff in Cape: not the Joburg post, not the private community's, no draft or scheduled post.
    const p = await profile();
    expect(postTitles(p)).toEqual(['For Cape only', 'For everyone', 'In the open club']);
    expect(p.comments.map((c: { excerpt: string }) => c.excerpt)).toEqual(['Seen by all']);
    expect(p.comments[0]).toMatchObject({
      postId: titles['For everyone'],
      postTitle: 'For everyone',
      postKind: 1,
    });
    // An administrator reads every audience and every community, still only what is published.
    const a = await profile(admin);
    expect(postTitles(a)).toEqual([
      'For Cape only',
      'For Joburg only',
      'For everyone',
      'In the open club',
      'In the secret club',
    ]);
    expect(a.comments.map((c: { excerpt: string }) => c.excerpt).sort()).toEqual([
      'Joburg talk',
      'Members only',
      'Seen by all',
    ]);
  });

  it('answers 404 to colleagues for a deactivated or unknown person; administrators still open the former', async () => {
    expect((await t.get(`/v1/api/people/${gone.id}`, staff)).statusCode).toBe(404);
    expect((await t.get(`/v1/api/people/${gone.id}`, editor)).statusCode).toBe(404);
    expect(await profile(admin, gone.id)).toMatchObject({ isActive: 0, lastName: 'Away' });
    expect((await t.get('/v1/api/people/999999', staff)).statusCode).toBe(404);
    expect((await t.get('/v1/api/people/999999', admin)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id, 401 without a login and 403 to other roles', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await t.get(`/v1/api/people/${id}`, staff)).statusCode, id).toBe(400);
    expect((await t.get(`/v1/api/people/${person.id}`)).statusCode).toBe(401);
    expect((await t.get(`/v1/api/people/${person.id}`, other)).statusCode).toBe(403);
  });
});
