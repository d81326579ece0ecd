// Small generated worlds for the property test of who sees what (rules.property.test.ts, issue 30): people
// with roles, flags and groups, communities with members and managers, feed and community posts with windows
// and audiences, surveys. A world is first plain data (what fast-check generates and shrinks), then rows in
// the test database, then the facts the contract's pure rules take. Only tests import this file.
import { randomBytes } from 'node:crypto';
import {
  type AudienceGroup,
  type CommunityView,
  GROUP_TYPE,
  POST_KIND,
  ROLE,
  STATE,
  VISIBILITY,
} from '@hearth/contract';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { Db } from '../db/client';
import {
  communities,
  communityMembers,
  feedPostGroups,
  feedPosts,
  groups,
  surveyGroups,
  surveys,
  userGroups,
  users,
} from '../db/schema';
import { forgetUser } from '../platform/auth/guards';

export const MAX_PEOPLE = 6;

/** fast-check's runs and seed for both property files (PROPERTY_RUNS, PROPERTY_SEED to replay a failure). */
export const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 8);
export const PROPERTY_SEED =
  process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

/**
 * The users of a property file's `useTestApp`: the pool of MAX_PEOPLE people every world reuses (logged in
 * once; each world sets their role, flags and groups), and an author outside the worlds.
 */
export const POOL_CAST = {
  author: ROLE.ADMIN,
  p0: ROLE.STAFF,
  p1: ROLE.STAFF,
  p2: ROLE.STAFF,
  p3: ROLE.STAFF,
  p4: ROLE.STAFF,
  p5: ROLE.STAFF,
} as const;

/** The pool's sessions, in order, from the users `useTestApp` logged in for POOL_CAST. */
export const poolOf = <S>(u: { p0: S; p1: S; p2: S; p3: S; p4: S; p5: S }) => [
  u.p0,
  u.p1,
  u.p2,
  u.p3,
  u.p4,
  u.p5,
];
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * Where a window lies around the world's `now`. Besides past, current and future (a day away, so the real
 * clock of the HTTP checks a few seconds later judges them alike), the two edges: starting exactly at `now`
 * (open: start <= now) and ending exactly at `now` (closed: now < end).
 */
export const WINDOWS = [
  'past',
  'current',
  'future',
  'openEnded',
  'futureOpenEnded',
  'startsNow',
  'endsNow',
] as const;
export type WindowSpec = (typeof WINDOWS)[number];

/** Surveys may also lack a time; a survey without one is never open. */
export const SURVEY_WINDOWS = [...WINDOWS, 'noStart', 'noTimes'] as const;
export type SurveyWindowSpec = (typeof SURVEY_WINDOWS)[number];

function windowAt(w: SurveyWindowSpec, now: number): { startAt: Date | null; endAt: Date | null } {
  const at = (offset: number) => new Date(now + offset);
  switch (w) {
    case 'past':
      return { startAt: at(-2 * DAY), endAt: at(-DAY) };
    case 'current':
      return { startAt: at(-DAY), endAt: at(DAY) };
    case 'future':
      return { startAt: at(DAY), endAt: at(2 * DAY) };
    case 'openEnded':
      return { startAt: at(-DAY), endAt: null };
    case 'futureOpenEnded':
      return { startAt: at(DAY), endAt: null };
    case 'startsNow':
      return { startAt: at(0), endAt: at(DAY) };
    case 'endsNow':
      return { startAt: at(-DAY), endAt: at(0) };
    case 'noStart':
      return { startAt: null, endAt: at(DAY) };
    case 'noTimes':
      return { startAt: null, endAt: null };
  }
}

/** The world's groups: two locations and two departments, named by type and index. */
export const GROUP_KEYS = ['L0', 'L1', 'D0', 'D1'] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

export type PersonSpec = {
  roleId: number;
  isActive: boolean;
  isVerified: boolean;
  location: 0 | 1 | null;
  department: 0 | 1 | null;
};
export type Membership = 'none' | 'member' | 'manager';
export type CommunitySpec = { stateId: number; visibilityId: number; members: Membership[] };
export type FeedPostSpec = { stateId: number; window: WindowSpec; audience: GroupKey[] };
/** `community`: an index into the world's communities, or null for a post written to none. */
export type CommunityPostSpec = { stateId: number; window: WindowSpec; community: number | null };
export type SurveySpec = {
  stateId: number;
  isActive: boolean;
  window: SurveyWindowSpec;
  audience: GroupKey[];
};
export type WorldSpec = {
  people: PersonSpec[];
  communities: CommunitySpec[];
  feedPosts: FeedPostSpec[];
  communityPosts: CommunityPostSpec[];
  surveys: SurveySpec[];
};

const state = fc.constantFrom(STATE.DRAFT, STATE.PUBLISHED);
const place = fc.constantFrom<0 | 1 | null>(0, 1, null);
// Audiences of none, one or both group types, one or two groups of a type.
const audience = fc.subarray([...GROUP_KEYS]);
/** Usually true: a world of inactive or unproven people, or of switched-off surveys, tells little. */
const mostly = fc.oneof(
  { weight: 4, arbitrary: fc.constant(true) },
  { weight: 1, arbitrary: fc.constant(false) },
);

/** A world of at most 6 people, 3 communities, 8 posts (4 of each kind) and 4 surveys. */
export const worldArb: fc.Arbitrary<WorldSpec> = fc
  .record({
    people: fc.array(
      fc.record({
        roleId: fc.constantFrom(ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR),
        isActive: mostly,
        isVerified: mostly,
        location: place,
        department: place,
      }),
      { minLength: 1, maxLength: MAX_PEOPLE },
    ),
    communities: fc.array(
      fc.record({
        stateId: state,
        visibilityId: fc.constantFrom(VISIBILITY.PUBLIC, VISIBILITY.PRIVATE),
        members: fc.array(fc.constantFrom<Membership>('none', 'member', 'manager'), {
          minLength: MAX_PEOPLE,
          maxLength: MAX_PEOPLE,
        }),
      }),
      { maxLength: 3 },
    ),
    feedPosts: fc.array(fc.record({ stateId: state, window: fc.constantFrom(...WINDOWS), audience }), {
      maxLength: 4,
    }),
    communityPosts: fc.array(
      fc.record({
        stateId: state,
        window: fc.constantFrom(...WINDOWS),
        community: fc.option(fc.nat(2), { freq: 5, nil: null }),
      }),
      { maxLength: 4 },
    ),
    surveys: fc.array(
      fc.record({
        stateId: state,
        isActive: mostly,
        window: fc.constantFrom(...SURVEY_WINDOWS),
        audience,
      }),
      { maxLength: 4 },
    ),
  })
  // A community post's community must exist: an index past the world's communities means none.
  .map((w) => ({
    ...w,
    communityPosts: w.communityPosts.map((p) => ({
      ...p,
      community: p.community !== null && p.community < w.communities.length ? p.community : null,
    })),
  }));

/** A person of the world as the rules see them. */
export type Person = {
  id: number;
  roleId: number;
  isActive: boolean;
  isVerified: boolean;
  groupIds: number[];
};
export type CommunityRow = {
  id: number;
  stateId: number;
  visibilityId: number;
  /** Member ids, each with whether they manage it. */
  members: Map<number, boolean>;
};
export type Window = { stateId: number; startAt: Date; endAt: Date | null };
/** `title`: unique to the post, as a notification carries it (recipients.property.test.ts). */
export type FeedPostRow = Window & { id: number; title: string; audience: AudienceGroup[] };
export type CommunityPostRow = Window & { id: number; title: string; communityId: number | null };
export type SurveyRow = {
  id: number;
  stateId: number;
  isActive: boolean;
  startAt: Date | null;
  endAt: Date | null;
  audience: AudienceGroup[];
};

/** A world as rows in the database, with the ids and facts the checks need. */
export type World = {
  /** The one word every post, survey, community and person of the world carries, for search. */
  word: string;
  /** The clock the SQL checks judge at; windows are placed around it. */
  now: Date;
  people: Person[];
  communities: CommunityRow[];
  feedPosts: FeedPostRow[];
  communityPosts: CommunityPostRow[];
  surveys: SurveyRow[];
  groupIds: number[];
};

/** The community as `personId` sees it (the contract's CommunityView). */
export function viewOf(c: CommunityRow, personId: number): CommunityView {
  return {
    isPublished: c.stateId === STATE.PUBLISHED,
    isPublic: c.visibilityId === VISIBILITY.PUBLIC,
    isMember: c.members.has(personId),
    isManager: c.members.get(personId) === true,
  };
}

/** A fresh word of letters only (the search's parser keeps it one token), unlike any other world's. */
const freshWord = () => `zq${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/**
 * Writes `spec` into the database over the previous world: its posts, surveys, communities and groups are
 * deleted first, and the pool's people (already logged in, so the HTTP checks need no login per world) are
 * given the spec's role, flags, name and groups. Pool people beyond the spec's are made inactive, in no
 * group, and left out of the world. The guard's cache of each person is dropped, so the next request reads
 * the new role and active flag.
 */
export async function buildWorld(
  db: Db,
  spec: WorldSpec,
  o: { poolIds: number[]; authorId: number; previous?: World },
): Promise<World> {
  if (o.previous) await clearWorld(db, o.previous);
  const now = new Date();
  const word = freshWord();

  const groupRows = await db
    .insert(groups)
    .values(
      GROUP_KEYS.map((key) => ({
        name: `${key} ${word}`,
        groupTypeId: key.startsWith('L') ? GROUP_TYPE.LOCATION : GROUP_TYPE.DEPARTMENT,
      })),
    )
    .returning();
  const group = (key: GroupKey) => {
    const row = groupRows[GROUP_KEYS.indexOf(key)];
    if (!row) throw new Error(`group ${key} not created`);
    return row;
  };
  const audienceOf = (keys: GroupKey[]): AudienceGroup[] =>
    keys.map((k) => ({ groupId: group(k).id, groupTypeId: group(k).groupTypeId }));

  const people: Person[] = [];
  await db.delete(userGroups).where(inArray(userGroups.userId, o.poolIds));
  for (const [i, id] of o.poolIds.entries()) {
    const p = spec.people[i];
    await db
      .update(users)
      .set(
        p
          ? {
              roleId: p.roleId,
              isActive: p.isActive,
              isVerified: p.isVerified,
              firstName: `P${i}`,
              lastName: word,
            }
          : { roleId: ROLE.STAFF, isActive: false, isVerified: true, firstName: 'Unused', lastName: 'Pool' },
      )
      .where(inArray(users.id, [id]));
    forgetUser(id);
    if (!p) continue;
    const groupIds = [
      p.location === null ? undefined : group(`L${p.location}`).id,
      p.department === null ? undefined : group(`D${p.department}`).id,
    ].filter((g) => g !== undefined);
    if (groupIds.length)
      await db.insert(userGroups).values(groupIds.map((groupId) => ({ userId: id, groupId })));
    people.push({ id, roleId: p.roleId, isActive: p.isActive, isVerified: p.isVerified, groupIds });
  }

  const communityRows: CommunityRow[] = [];
  for (const [i, c] of spec.communities.entries()) {
    const members = new Map<number, boolean>();
    for (const [j, person] of people.entries()) {
      const m = c.members[j];
      if (m && m !== 'none') members.set(person.id, m === 'manager');
    }
    const [row] = await db
      .insert(communities)
      .values({
        title: `Community ${i} ${word}`,
        description: 'A generated community',
        stateId: c.stateId,
        visibilityId: c.visibilityId,
        createdById: o.authorId,
        numUsers: members.size,
      })
      .returning({ id: communities.id });
    if (!row) throw new Error('community not created');
    if (members.size)
      await db
        .insert(communityMembers)
        .values([...members].map(([userId, isManager]) => ({ communityId: row.id, userId, isManager })));
    communityRows.push({ id: row.id, stateId: c.stateId, visibilityId: c.visibilityId, members });
  }

  const postValues = (title: string, stateId: number, window: WindowSpec) => {
    const { startAt, endAt } = windowAt(window, now.getTime());
    return {
      title: `${title} ${word}`,
      subtitle: 'A generated post',
      text: '<p>Body</p>',
      userId: o.authorId,
      stateId,
      startAt: startAt as Date,
      endAt,
    };
  };

  const feedRows: FeedPostRow[] = [];
  for (const [i, p] of spec.feedPosts.entries()) {
    const values = postValues(`Feed post ${i}`, p.stateId, p.window);
    const audience = audienceOf(p.audience);
    const [row] = await db
      .insert(feedPosts)
      .values({ ...values, kind: POST_KIND.FEED, hasAudience: audience.length > 0 })
      .returning({ id: feedPosts.id });
    if (!row) throw new Error('post not created');
    if (audience.length)
      await db.insert(feedPostGroups).values(audience.map((a) => ({ postId: row.id, ...a })));
    feedRows.push({
      id: row.id,
      title: values.title,
      stateId: values.stateId,
      startAt: values.startAt,
      endAt: values.endAt,
      audience,
    });
  }

  const communityPostRows: CommunityPostRow[] = [];
  for (const [i, p] of spec.communityPosts.entries()) {
    const values = postValues(`Community post ${i}`, p.stateId, p.window);
    const communityId = p.community === null ? null : (communityRows[p.community]?.id ?? null);
    const [row] = await db
      .insert(feedPosts)
      .values({ ...values, kind: POST_KIND.COMMUNITY, communityId })
      .returning({ id: feedPosts.id });
    if (!row) throw new Error('post not created');
    communityPostRows.push({
      id: row.id,
      title: values.title,
      stateId: values.stateId,
      startAt: values.startAt,
      endAt: values.endAt,
      communityId,
    });
  }

  const surveyRows: SurveyRow[] = [];
  for (const [i, s] of spec.surveys.entries()) {
    const { startAt, endAt } = windowAt(s.window, now.getTime());
    const audience = audienceOf(s.audience);
    const [row] = await db
      .insert(surveys)
      .values({
        title: `Survey ${i} ${word}`,
        description: 'A generated survey',
        createdById: o.authorId,
        stateId: s.stateId,
        isActive: s.isActive,
        startAt,
        endAt,
        hasAudience: audience.length > 0,
      })
      .returning({ id: surveys.id });
    if (!row) throw new Error('survey not created');
    if (audience.length)
      await db.insert(surveyGroups).values(audience.map((a) => ({ surveyId: row.id, ...a })));
    surveyRows.push({ id: row.id, stateId: s.stateId, isActive: s.isActive, startAt, endAt, audience });
  }

  return {
    word,
    now,
    people,
    communities: communityRows,
    feedPosts: feedRows,
    communityPosts: communityPostRows,
    surveys: surveyRows,
    groupIds: ids(groupRows),
  };
}

/** Deletes what `world` inserted (its people are the pool's and stay). Posts before the communities and
 * groups they point at; links go with their post, survey or community. */
export async function clearWorld(db: Db, world: World): Promise<void> {
  const postIds = [...ids(world.feedPosts), ...ids(world.communityPosts)];
  if (postIds.length) await db.delete(feedPosts).where(inArray(feedPosts.id, postIds));
  if (world.surveys.length) await db.delete(surveys).where(inArray(surveys.id, ids(world.surveys)));
  if (world.communities.length)
    await db.delete(communities).where(inArray(communities.id, ids(world.communities)));
  await db.delete(groups).where(inArray(groups.id, world.groupIds));
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
