// Search never shows what the caller cannot open (issue 17), tested as a matrix like the role matrix: for
// each kind of hidden object, a search that matches it (a word only it holds) finds nothing for staff, in
// the results page and in the suggestions of every kind. Administrators find the same objects, drafts and
// posts outside their window marked, except deactivated people, whom nobody finds. Each row's word is found
// by someone, so a row that hid everything from everyone would fail.
import { ROLE, type SearchKind, type SearchStatus, STATE, VISIBILITY } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';
import { createSurvey } from '../surveys/test-support';
import {
  createComment,
  createMessage,
  idsOf,
  type SearchAnswer,
  type SuggestAnswer,
  searchUrl,
} from './test-support';

const t = useTestApp({
  groups: ['here', 'there'],
  users: { admin: ROLE.ADMIN, staff: { worksIn: 'here' }, manager: { worksIn: 'here' } },
});
const { admin, staff, manager } = t.users;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

type Row = {
  /** What is hidden from staff. */
  name: string;
  kind: SearchKind;
  /** A word only this object holds. */
  word: string;
  make(): Promise<number>;
  /** What administrators see: the object with this mark, or nothing (`hidden`). */
  admin: SearchStatus | null | 'hidden';
};

const there = () => [t.groups.there.location.id, t.groups.there.department.id];
const privateCommunity = async (word = 'unusedword') =>
  createCommunity(t.db, {
    createdById: admin.user.id,
    managerIds: [manager.user.id],
    visibilityId: VISIBILITY.PRIVATE,
    title: `Private ${word}`,
  });
const publicCommunity = () =>
  createCommunity(t.db, { createdById: admin.user.id, managerIds: [manager.user.id], title: 'Open circle' });
const post = (word: string, o: Parameters<typeof createPost>[2] = {}) =>
  createPost(t.db, manager.user.id, { title: `About ${word}`, ...o }).then((p) => p.id);

const ROWS: Row[] = [
  {
    name: 'draft feed post',
    kind: 'posts',
    word: 'draftalpaca',
    admin: 'draft',
    make: () => post('draftalpaca', { stateId: STATE.DRAFT }),
  },
  {
    name: 'scheduled feed post',
    kind: 'posts',
    word: 'futurebadger',
    admin: 'scheduled',
    make: () => post('futurebadger', { startAt: new Date(Date.now() + DAY) }),
  },
  {
    name: 'expired feed post',
    kind: 'posts',
    word: 'pastcondor',
    admin: 'ended',
    make: () =>
      post('pastcondor', { startAt: new Date(Date.now() - 3 * DAY), endAt: new Date(Date.now() - DAY) }),
  },
  {
    name: 'feed post for another audience',
    kind: 'posts',
    word: 'elsewheredingo',
    admin: null,
    make: () => post('elsewheredingo', { groupIds: there() }),
  },
  {
    name: 'comment on a draft feed post',
    kind: 'comments',
    word: 'draftechidna',
    admin: 'draft',
    make: async () =>
      createComment(
        t.db,
        await post('nothing1', { stateId: STATE.DRAFT }),
        manager.user.id,
        'draftechidna',
      ).then((c) => c.id),
  },
  {
    name: 'comment on a post for another audience',
    kind: 'comments',
    word: 'elsewhereferret',
    admin: null,
    make: async () =>
      createComment(
        t.db,
        await post('nothing2', { groupIds: there() }),
        manager.user.id,
        'elsewhereferret',
      ).then((c) => c.id),
  },
  {
    name: 'private community',
    kind: 'communities',
    word: 'secretgecko',
    admin: null,
    make: () => privateCommunity('secretgecko').then((c) => c.id),
  },
  {
    name: 'draft community',
    kind: 'communities',
    word: 'drafthyena',
    admin: 'draft',
    make: async () =>
      (await createCommunity(t.db, { createdById: admin.user.id, stateId: STATE.DRAFT, title: 'drafthyena' }))
        .id,
  },
  {
    name: "private community's post",
    kind: 'communityPosts',
    word: 'secretibex',
    admin: null,
    make: async () => post('secretibex', { kind: 2, communityId: (await privateCommunity()).id }),
  },
  {
    name: 'draft post of a public community (not its manager)',
    kind: 'communityPosts',
    word: 'draftjackal',
    admin: 'draft',
    make: async () =>
      post('draftjackal', { kind: 2, communityId: (await publicCommunity()).id, stateId: STATE.DRAFT }),
  },
  {
    name: 'scheduled post of a public community',
    kind: 'communityPosts',
    word: 'futurekoala',
    admin: 'scheduled',
    make: async () =>
      post('futurekoala', {
        kind: 2,
        communityId: (await publicCommunity()).id,
        startAt: new Date(Date.now() + DAY),
      }),
  },
  {
    name: "comment on a private community's post",
    kind: 'comments',
    word: 'secretlemur',
    admin: null,
    make: async () => {
      const postId = await post('nothing3', { kind: 2, communityId: (await privateCommunity()).id });
      return (await createComment(t.db, postId, manager.user.id, 'secretlemur')).id;
    },
  },
  {
    name: "private community's discussion message",
    kind: 'messages',
    word: 'secretmarmot',
    admin: null,
    make: async () =>
      (await createMessage(t.db, (await privateCommunity()).id, manager.user.id, 'secretmarmot')).id,
  },
  {
    name: 'survey for another audience',
    kind: 'surveys',
    word: 'elsewherenarwhal',
    admin: null,
    make: async () =>
      (await createSurvey(t.db, admin.user.id, { title: 'elsewherenarwhal', groupIds: there() })).id,
  },
  {
    name: 'draft survey',
    kind: 'surveys',
    word: 'draftocelot',
    admin: 'draft',
    make: async () =>
      (await createSurvey(t.db, admin.user.id, { title: 'draftocelot', stateId: STATE.DRAFT })).id,
  },
  {
    name: 'closed survey',
    kind: 'surveys',
    word: 'pastpenguin',
    admin: 'ended',
    make: async () =>
      (
        await createSurvey(t.db, admin.user.id, {
          title: 'pastpenguin',
          startAt: new Date(Date.now() - 3 * DAY),
          endAt: new Date(Date.now() - DAY),
        })
      ).id,
  },
  {
    name: 'deactivated person',
    kind: 'people',
    word: 'Quokkaford',
    admin: 'hidden',
    make: async () =>
      (await createUser(t.db, { firstName: 'Rita', lastName: 'Quokkaford', isActive: false })).id,
  },
];

const made = new Map<string, number>();
let activeTwin = 0;

beforeAll(async () => {
  for (const row of ROWS) made.set(row.name, await row.make());
  // The deactivated person's row is found by nobody: an active namesake shows the search would match.
  activeTwin = (await createUser(t.db, { firstName: 'Rita', lastName: 'Quokkafield' })).id;
});

const page = async (word: string, kind: SearchKind, as: typeof staff) => {
  const res = await t.get(searchUrl(word, kind), as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchAnswer;
};

describe('search visibility matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('staff never find a %s', async (_name, row) => {
    const id = made.get(row.name);
    expect(idsOf(await page(row.word, row.kind, staff))).not.toContain(id);
    // Nor by a prefix, nor under another kind, as they type.
    const typed = row.word.slice(0, -2);
    const res = await t.get(`/v1/api/search/suggest?q=${encodeURIComponent(typed)}`, staff);
    expect(res.statusCode).toBe(200);
    const suggested = (res.json() as SuggestAnswer).data.groups.find((g) => g.kind === row.kind)?.hits ?? [];
    expect(suggested.map((h) => h.id)).not.toContain(id);
  });

  it.each(ROWS.map((r) => [r.name, r] as const))(
    'administrators find a %s as its mark says',
    async (_name, row) => {
      const id = made.get(row.name);
      const hits = (await page(row.word, row.kind, admin)).data.hits;
      const hit = hits.find((h) => h.id === id);
      if (row.admin === 'hidden') expect(hit).toBeUndefined();
      else expect(hit?.status).toBe(row.admin);
    },
  );

  it("a community's manager finds its draft post; a member of a private community finds its content", async () => {
    const draft = made.get('draft post of a public community (not its manager)');
    expect(idsOf(await page('draftjackal', 'communityPosts', manager))).toEqual([draft]);
    expect(idsOf(await page('secretmarmot', 'messages', manager))).toEqual([
      made.get("private community's discussion message"),
    ]);
    expect(idsOf(await page('secretgecko', 'communities', manager))).toEqual([made.get('private community')]);
  });

  it('staff find the active namesake of the deactivated person', async () => {
    const found = idsOf(await page('Rita Quokka', 'people', staff));
    expect(found).toContain(activeTwin);
    expect(found).not.toContain(made.get('deactivated person'));
  });
});
