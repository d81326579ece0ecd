// Only proven people are colleagues (issue 30, M1): anyone may register an unused company address with any
// name, a look-alike of the CEO, with a mailbox nobody owns. Until its link is opened the account appears
// nowhere a colleague appears: the directory, a profile, people search and suggestions, the mention
// search (and the pickers built on it), mentions, the audience of what is sent and its targeted count.
// Administrators still manage it in the user lists; once verified it is a colleague like any other.
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationBody } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { feedPosts, notifications, users } from '../db/schema';
import { createCategory, feedPostForm } from '../features/feed/test-support';

const t = useTestApp({
  users: { admin: ROLE.ADMIN, staff: ROLE.STAFF, editor: ROLE.EDITOR },
  groups: ['here'],
});
const { admin, staff, editor } = t.users;

/** Registers a look-alike through the public form, as an outsider would; answers its id. */
async function registerLookAlike(lastName: string): Promise<number> {
  const body = registrationBody(t.groups.here, { firstName: 'Chiefexec', lastName });
  const res = await t.call('POST', '/v1/auth/register', undefined, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const [row] = await t.db
    .select({ id: users.id, isVerified: users.isVerified })
    .from(users)
    .where(eq(users.email, body.email.toLowerCase()));
  if (!row) throw new Error('not registered');
  expect(row.isVerified).toBe(false);
  return row.id;
}

const ids = (list: { id: number }[]) => list.map((p) => p.id);

/** Every surface a colleague appears on, searched for `name` by `viewer`: the ids each one answers. */
async function surfaces(name: string, viewer = staff) {
  const people = await t.get(`/v1/api/people?q=${name}`, viewer);
  const search = await t.get(`/v1/api/search?q=${name}&kind=people`, viewer);
  const suggest = await t.get(`/v1/api/search/suggest?q=${name}`, viewer);
  const mentions = await t.get(`/v1/api/users?startString=${name}&isActive=1`, viewer);
  for (const res of [people, search, suggest, mentions]) expect(res.statusCode, res.body).toBe(200);
  const suggested = suggest.json().data.groups.find((g: { kind: string }) => g.kind === 'people');
  return {
    directory: ids(people.json().data.people),
    search: ids(search.json().data.hits),
    suggestions: ids(suggested?.hits ?? []),
    mentions: ids(mentions.json().data),
  };
}

describe('an unverified self-registration is no colleague', () => {
  it('appears in no directory, search, suggestion or mention list, and its page is not found', async () => {
    const id = await registerLookAlike('Unproven');
    for (const viewer of [staff, editor, admin])
      expect(await surfaces('Unproven', viewer)).toEqual({
        directory: [],
        search: [],
        suggestions: [],
        mentions: [],
      });
    expect((await t.get(`/v1/api/people/${id}`, staff)).statusCode).toBe(404);
    expect((await t.get(`/v1/api/people/${id}`, editor)).statusCode).toBe(404);
    // Administrators manage accounts: they still open it, and find it in the user list.
    expect((await t.get(`/v1/api/people/${id}`, admin)).statusCode).toBe(200);
    const listed = await t.get('/v1/api/users?q=Unproven', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json().data)).toContain(`"id":${id}`);
  });

  it('cannot be mentioned, nor made a community manager', async () => {
    const id = await registerLookAlike('Unmentionable');
    const categoryId = (await createCategory(t.db)).id;
    const post = await t.call('POST', '/v1/api/feed-posts', admin, feedPostForm(categoryId, { stateId: 2 }));
    expect(post.statusCode, post.body).toBe(201);
    const comment = await t.call('POST', '/v1/api/comments', staff, {
      feedPostId: post.json().data.id,
      content: 'Hi @Chiefexec Unmentionable',
      userIDs: [id],
    });
    expect(comment.statusCode, comment.body).toBe(400);
    const community = await t.call('POST', '/v1/api/communities', admin, {
      title: 'Run by a stranger',
      description: 'Managed by an unproven account',
      visibilityId: 1,
      stateId: 2,
      managers: [id],
    });
    expect(community.statusCode, community.body).toBe(400);
  });

  it('is not told about a post for everyone, nor counted as targeted; verified, it is both', async () => {
    const id = await registerLookAlike('Untargeted');
    const categoryId = (await createCategory(t.db)).id;
    const publish = async (title: string) => {
      const res = await t.call(
        'POST',
        '/v1/api/feed-posts',
        admin,
        feedPostForm(categoryId, { title, stateId: 2 }),
      );
      expect(res.statusCode, res.body).toBe(201);
      await t.app.notifications.drain();
      const postId: number = res.json().data.id;
      const [post] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, postId));
      const told = await t.db.select().from(notifications).where(eq(notifications.userId, id));
      const colleagues = await t.db.select({ id: users.id }).from(users).where(eq(users.isVerified, true));
      return {
        targeted: post?.targetedCount,
        told: told.filter((n) => n.objectId === postId).length,
        colleagues,
      };
    };
    const before = await publish('Before the link is opened');
    expect(before.told).toBe(0);
    // Everyone verified and active but the author.
    expect(before.targeted).toBe(before.colleagues.length - 1);

    await t.db.update(users).set({ isVerified: true }).where(eq(users.id, id));
    const after = await publish('After the link is opened');
    expect(after.told).toBe(1);
    expect(after.targeted).toBe(after.colleagues.length - 1);
    expect((await surfaces('Untargeted')).directory).toEqual([id]);
  });
});
