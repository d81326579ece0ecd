// Demo data for a first start on an empty database (PRODUCT-DECISIONS: Identity and defaults).
// Later features add their own demo content here.
import { ACTION_TYPE, GROUP_TYPE, POST_KIND, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../platform/auth/passwords';
import type { Storage } from '../platform/storage';
import type { Db } from './client';
import {
  communities,
  communityDiscussion,
  communityDiscussionMentions,
  communityMembers,
  feedCategories,
  feedCommentMentions,
  feedComments,
  feedPostActions,
  feedPostCategories,
  feedPostGroups,
  feedPosts,
  groups,
  keyStatistics,
  surveyCategories,
  surveyQuestionOptions,
  surveyQuestions,
  surveys,
  userGroups,
  users,
} from './schema';
import { seedDemoImages } from './seed-demo-images';

export const DEMO_PASSWORD = 'Passw0rd!';

const DEMO_GROUPS = [
  { name: 'Cape Town', groupTypeId: GROUP_TYPE.LOCATION },
  { name: 'Johannesburg', groupTypeId: GROUP_TYPE.LOCATION },
  { name: 'Durban', groupTypeId: GROUP_TYPE.LOCATION },
  { name: 'Finance', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'Marketing', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'Engineering', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'People & Culture', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { name: 'Payments Team', groupTypeId: GROUP_TYPE.TEAM },
  { name: 'Merchant Success', groupTypeId: GROUP_TYPE.TEAM },
];

const DEMO_USERS = [
  { firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com', roleId: ROLE.ADMIN, loc: 0, dep: 3 },
  { firstName: 'Sam', lastName: 'Staff', email: 'staff@example.com', roleId: ROLE.STAFF, loc: 1, dep: 5 },
  {
    firstName: 'Eddie',
    lastName: 'Editor',
    email: 'editor@example.com',
    roleId: ROLE.EDITOR,
    loc: 0,
    dep: 4,
  },
  {
    firstName: 'Thandi',
    lastName: 'Mokoena',
    email: 'thandi@example.com',
    roleId: ROLE.STAFF,
    loc: 2,
    dep: 6,
  },
  {
    firstName: 'Pieter',
    lastName: 'van Wyk',
    email: 'pieter@example.org',
    roleId: ROLE.STAFF,
    loc: 1,
    dep: 3,
  },
];

/** Seeds when the database has no users yet; with storage, the newest posts also get banner pictures. */
export async function seedDemo(db: Db, storage?: Storage): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const groupRows = await tx.insert(groups).values(DEMO_GROUPS).onConflictDoNothing().returning();
    const groupId = (i: number) => groupRows.find((g) => g.name === DEMO_GROUPS[i]?.name)?.id;
    const userIds: number[] = [];
    for (const u of DEMO_USERS) {
      const [created] = await tx
        .insert(users)
        .values({
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          phone: '+27 21 555 0100',
          passwordHash,
          roleId: u.roleId,
          isActive: true,
          isVerified: true,
          userTypeId: 2,
        })
        .returning({ id: users.id });
      if (created) userIds.push(created.id);
      const ids = [groupId(u.loc), groupId(u.dep)].filter((id): id is number => id !== undefined);
      if (created && ids.length)
        await tx.insert(userGroups).values(ids.map((groupId) => ({ userId: created.id, groupId })));
    }
    await tx.insert(keyStatistics).values({
      statsRelevance: 'As at 31 October 2026',
      turnover: 1_284_500_000,
      newAccounts: 1_342,
      debtorsBook: 312_750_000,
      activeAccounts: 48_215,
      merchants: 12_870,
      totalStores: 19_455,
      acquirerStores: 7_310,
      transactorStores: 15_602,
    });
    await seedFeed(tx, userIds, groupId);
    await seedCommunities(tx, userIds);
    await seedSurveys(tx, userIds);
  });
  if (storage) await seedDemoImages(db, storage);
  return true;
}

const DEMO_CATEGORIES = ['Company News', 'People', 'Events', 'Safety', 'Wins'];

type DemoPost = {
  title: string;
  subtitle: string;
  text: string;
  /** Index into DEMO_USERS: 0 the administrator, 2 the editor. */
  by: 0 | 2;
  daysAgo: number;
  categories: string[];
  featured?: boolean;
  draft?: boolean;
  /** Index into DEMO_GROUPS: a location audience. */
  location?: number;
  endsInDays?: number;
  closed?: boolean;
};

const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Welcome to Hearth',
    subtitle: 'Our new home for company news, communities and surveys',
    text: '<p>Hearth brings news, communities and surveys together in one place.</p><ul><li>Like and favourite posts to find them again</li><li>Mention colleagues in comments with <strong>@</strong></li></ul>',
    by: 0,
    daysAgo: 0.2,
    categories: ['Company News'],
    featured: true,
  },
  {
    title: 'Record quarter for merchant payments',
    subtitle: 'Transaction volumes up 18% year on year',
    text: '<p>Thanks to every team that made this happen. The full results are on the <a href="https://example.com/results">investor page</a>.</p>',
    by: 0,
    daysAgo: 1.5,
    categories: ['Wins', 'Company News'],
    featured: true,
  },
  {
    title: 'Year-end function: save the date',
    subtitle: 'Friday 11 December at the Waterfront',
    text: '<h2>Join us</h2><p>Dinner, music and the annual awards. RSVP through your line manager.</p>',
    by: 2,
    daysAgo: 3,
    categories: ['Events'],
    featured: true,
    endsInDays: 21,
  },
  {
    title: 'Johannesburg office: new parking arrangements',
    subtitle: 'Bays on level 2 are reserved from Monday',
    text: '<p>Visitors park on level 1. Please display your new permit, available at reception.</p>',
    by: 2,
    daysAgo: 4,
    categories: ['Company News'],
    location: 1,
  },
  {
    title: 'Meet the Payments Team',
    subtitle: 'Five people, one mission: money that moves',
    text: '<p>This month we visit the team behind card acquiring.</p><blockquote>We ship small and often.</blockquote>',
    by: 2,
    daysAgo: 6,
    categories: ['People'],
  },
  {
    title: 'Fire drill on Thursday',
    subtitle: 'All offices, 10:00 local time',
    text: '<p>Follow the wardens to the assembly point. The drill takes about 20 minutes.</p>',
    by: 0,
    daysAgo: 8,
    categories: ['Safety'],
    closed: true,
  },
  {
    title: 'Phishing: how to spot it',
    subtitle: 'Three checks before you click',
    text: '<ol><li>Check the sender address</li><li>Hover over links before clicking</li><li>When in doubt, report it to IT</li></ol>',
    by: 0,
    daysAgo: 10,
    categories: ['Safety'],
  },
  {
    title: 'Durban store count passes 1,000',
    subtitle: 'A milestone for the coastal region',
    text: '<p>Congratulations to the merchant success team in Durban.</p>',
    by: 2,
    daysAgo: 12,
    categories: ['Wins'],
  },
  {
    title: 'Wellness week',
    subtitle: 'Yoga, health checks and healthy lunches',
    text: '<p>Sign-up sheets are at every reception desk.</p>',
    by: 2,
    daysAgo: 14,
    categories: ['Events', 'People'],
  },
  {
    title: 'New leave policy',
    subtitle: 'Two extra family days from January',
    text: '<p>The updated policy is in the People &amp; Culture handbook.</p>',
    by: 0,
    daysAgo: 17,
    categories: ['People', 'Company News'],
  },
  {
    title: 'Hackathon results',
    subtitle: 'Twelve teams, 48 hours, three winners',
    text: '<p>The winning idea, instant merchant onboarding, goes into the roadmap.</p><pre><code>onboard(merchant)</code></pre>',
    by: 2,
    daysAgo: 20,
    categories: ['Wins', 'Events'],
  },
  {
    title: 'Welcome to our new joiners',
    subtitle: 'Nine colleagues joined us this month',
    text: '<p>Say hello when you see them in the kitchen.</p>',
    by: 0,
    daysAgo: 24,
    categories: ['People'],
  },
  {
    title: 'Office recycling starts',
    subtitle: 'Separate bins on every floor',
    text: '<p>Paper, plastic and glass each have their own bin.</p>',
    by: 2,
    daysAgo: 28,
    categories: ['Company News'],
  },
  {
    title: 'Road safety reminder',
    subtitle: 'Holiday traffic is on its way',
    text: '<p>Plan your trips, take breaks and never text while driving.</p>',
    by: 0,
    daysAgo: 33,
    categories: ['Safety'],
  },
  {
    title: 'Q1 town hall agenda',
    subtitle: 'Draft: to be confirmed',
    text: '<p>Agenda items to follow.</p>',
    by: 0,
    daysAgo: -10,
    categories: ['Events'],
    draft: true,
  },
];

/** Feed categories, posts by the administrator and the editor, and staff likes, favourites and comments. */
async function seedFeed(tx: Db, userIds: number[], groupId: (i: number) => number | undefined) {
  const [admin, staff, editor, thandi, pieter] = userIds;
  if (!admin || !staff || !editor || !thandi || !pieter) return;
  const categories = await tx
    .insert(feedCategories)
    .values(DEMO_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning();
  const categoryId = (name: string) => categories.find((c) => c.name === name)?.id;
  const now = Date.now();
  const DAY = 24 * 3600 * 1000;
  const postIds: number[] = [];
  for (const p of DEMO_POSTS) {
    const startAt = new Date(now - p.daysAgo * DAY);
    const location = p.location === undefined ? undefined : groupId(p.location);
    const [post] = await tx
      .insert(feedPosts)
      .values({
        title: p.title,
        subtitle: p.subtitle,
        text: p.text,
        userId: p.by === 0 ? admin : editor,
        isFeatured: p.featured ?? false,
        isCommentable: !p.closed,
        stateId: p.draft ? STATE.DRAFT : STATE.PUBLISHED,
        startAt,
        endAt: p.endsInDays === undefined ? null : new Date(now + p.endsInDays * DAY),
        hasAudience: location !== undefined,
        createdAt: new Date(Math.min(now, startAt.getTime()) - 3600 * 1000),
      })
      .returning({ id: feedPosts.id });
    if (!post) continue;
    postIds.push(post.id);
    const ids = p.categories.map(categoryId).filter((id): id is number => id !== undefined);
    if (ids.length)
      await tx.insert(feedPostCategories).values(ids.map((id) => ({ postId: post.id, categoryId: id })));
    if (location !== undefined)
      await tx
        .insert(feedPostGroups)
        .values({ postId: post.id, groupId: location, groupTypeId: GROUP_TYPE.LOCATION });
  }
  const post = (i: number) => postIds[i] ?? 0;
  const { LIKE, FAVOURITE } = ACTION_TYPE;
  const actions: [number, number, number][] = [
    [0, staff, LIKE],
    [1, staff, LIKE],
    [1, staff, FAVOURITE],
    [4, staff, LIKE],
    [6, staff, FAVOURITE],
    [0, thandi, LIKE],
    [1, thandi, LIKE],
    [2, thandi, LIKE],
    [7, thandi, LIKE],
    [1, pieter, LIKE],
    [3, pieter, LIKE],
    [2, pieter, FAVOURITE],
    [10, pieter, LIKE],
  ];
  await tx.insert(feedPostActions).values(
    actions.map(([i, userId, actionTypeId], n) => ({
      postId: post(i),
      userId,
      actionTypeId,
      createdAt: new Date(now - (actions.length - n) * 3600 * 1000),
    })),
  );
  const comments: [number, number, string, number[]][] = [
    [0, staff, 'Looks great, well done to everyone involved!', []],
    [0, thandi, '@Ada Admin where do we find the user guide?', [admin]],
    [0, admin, '@Thandi Mokoena it is linked in the footer of every page.', [thandi]],
    [1, pieter, 'Proud to be part of this team.', []],
    [2, staff, 'Can partners come along? @Eddie Editor', [editor]],
    [4, thandi, 'Great profile, thanks for sharing.', []],
  ];
  for (const [n, [i, userId, content, mentioned]] of comments.entries()) {
    const [created] = await tx
      .insert(feedComments)
      .values({
        postId: post(i),
        userId,
        content,
        createdAt: new Date(now - (comments.length - n) * 1800 * 1000),
      })
      .returning({ id: feedComments.id });
    if (created && mentioned.length)
      await tx
        .insert(feedCommentMentions)
        .values(mentioned.map((id) => ({ commentId: created.id, userId: id })));
  }
  // The counts kept on the post rows, from the rows just written.
  await tx.execute(sql`
    update feed_posts p set
      likes_count = (select count(*) from feed_post_actions a where a.post_id = p.id and a.action_type_id = ${LIKE}),
      favourites_count = (select count(*) from feed_post_actions a where a.post_id = p.id and a.action_type_id = ${FAVOURITE}),
      comments_count = (select count(*) from feed_comments c where c.post_id = p.id)`);
}

/**
 * Communities: a public one managed by staff (staff and the editor are members) with posts, and a private
 * one managed by the editor with the administrator as member (staff is not a member) and a discussion.
 */
async function seedCommunities(tx: Db, userIds: number[]) {
  const [admin, staff, editor, thandi] = userIds;
  if (!admin || !staff || !editor || !thandi) return;
  const now = Date.now();
  const HOUR = 3600 * 1000;
  const DAY = 24 * HOUR;
  const demo = [
    {
      title: 'Running Club',
      description: 'Weekly runs along the Sea Point promenade and the odd trail race. All paces welcome.',
      visibilityId: VISIBILITY.PUBLIC,
      members: [
        [staff, true],
        [editor, false],
        [thandi, false],
      ] as [number, boolean][],
      messages: [
        [staff, 'Thursday run starts at 17:30 at the lighthouse.', []],
        [thandi, '@Sam Staff count me in!', [staff]],
      ] as [number, string, number[]][],
      createdAt: new Date(now - 20 * DAY),
    },
    {
      title: 'Leadership Circle',
      description: 'A private space for the leadership team to share notes and plan the quarter.',
      visibilityId: VISIBILITY.PRIVATE,
      members: [
        [editor, true],
        [admin, false],
      ] as [number, boolean][],
      messages: [
        [editor, 'Agenda for the quarterly planning is in the shared folder.', []],
        [admin, '@Eddie Editor thanks, I added the budget figures.', [editor]],
        [editor, 'Great, see everyone on Monday.', []],
      ] as [number, string, number[]][],
      createdAt: new Date(now - 15 * DAY),
    },
  ];
  const ids: number[] = [];
  for (const c of demo) {
    const [row] = await tx
      .insert(communities)
      .values({
        title: c.title,
        description: c.description,
        visibilityId: c.visibilityId,
        stateId: STATE.PUBLISHED,
        createdById: admin,
        numUsers: c.members.length,
        numComments: c.messages.length,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      })
      .returning({ id: communities.id });
    if (!row) continue;
    ids.push(row.id);
    await tx
      .insert(communityMembers)
      .values(c.members.map(([userId, isManager]) => ({ communityId: row.id, userId, isManager })));
    for (const [n, [userId, content, mentioned]] of c.messages.entries()) {
      const [message] = await tx
        .insert(communityDiscussion)
        .values({ communityId: row.id, userId, content, createdAt: new Date(now - (10 - n) * HOUR) })
        .returning({ id: communityDiscussion.id });
      if (message && mentioned.length)
        await tx
          .insert(communityDiscussionMentions)
          .values(mentioned.map((id) => ({ messageId: message.id, userId: id })));
    }
  }
  const runningClub = ids[0];
  if (!runningClub) return;
  const posts = [
    {
      title: 'Saturday parkrun meet-up',
      subtitle: 'Green Point, 08:00',
      text: '<p>Meet at the start line ten minutes early for a group photo.</p>',
      daysAgo: 1,
    },
    {
      title: 'New route: Signal Hill loop',
      subtitle: '8 km with a view',
      text: '<p>A hilly loop for the keen ones. Bring water.</p>',
      daysAgo: 4,
    },
    {
      title: 'Welcome to the Running Club',
      subtitle: 'How we run',
      text: '<p>Join the club and say hello on the discussion board.</p>',
      daysAgo: 10,
    },
  ];
  for (const p of posts) {
    const startAt = new Date(now - p.daysAgo * DAY);
    await tx.insert(feedPosts).values({
      title: p.title,
      subtitle: p.subtitle,
      text: p.text,
      userId: staff,
      kind: POST_KIND.COMMUNITY,
      communityId: runningClub,
      stateId: STATE.PUBLISHED,
      isCommentable: true,
      startAt,
      createdAt: new Date(startAt.getTime() - HOUR),
    });
  }
}

type DemoQuestion = { title: string; answerType: string; optional?: boolean; options?: string[] };
type DemoSurvey = {
  title: string;
  description: string;
  /** Index into DEMO_USERS: 0 the administrator, 2 the editor. */
  by: 0 | 2;
  draft?: boolean;
  refillable?: boolean;
  /** Days from now; a draft has no times yet. */
  window?: [start: number, end: number];
  categories: [name: string, questions: DemoQuestion[]][];
};

const DEMO_SURVEYS: DemoSurvey[] = [
  {
    title: 'Staff wellbeing check-in',
    description: 'Five minutes to tell us how you are doing. Your answers help plan next year.',
    by: 2,
    window: [-1, 7],
    categories: [
      ['About you', [{ title: 'What do you enjoy most about your work?', answerType: 'textArea' }]],
      [
        'Your week',
        [
          {
            title: 'How was your week?',
            answerType: 'radio',
            options: ['Great', 'Good', 'Okay', 'Hard'],
          },
          { title: 'Anything else you want to tell us?', answerType: 'string', optional: true },
        ],
      ],
    ],
  },
  {
    title: 'Canteen feedback',
    description: "Tell us about today's lunch. You can answer as often as you like.",
    by: 0,
    refillable: true,
    window: [-3, 30],
    categories: [
      [
        'Lunch',
        [
          {
            title: 'Which meal did you have?',
            answerType: 'select',
            options: ['Vegetarian', 'Chicken', 'Fish'],
          },
          { title: 'Comments', answerType: 'textArea', optional: true },
        ],
      ],
    ],
  },
  {
    title: 'Year-end function ideas',
    description: 'Draft: where and how should we celebrate the year?',
    by: 2,
    draft: true,
    categories: [['Ideas', [{ title: 'Your suggestion', answerType: 'string' }]]],
  },
];

/** Surveys: one open and not refillable (two categories), one open and refillable, one draft. */
async function seedSurveys(tx: Db, userIds: number[]) {
  const [admin, , editor] = userIds;
  if (!admin || !editor) return;
  const now = Date.now();
  const DAY = 24 * 3600 * 1000;
  for (const [n, s] of DEMO_SURVEYS.entries()) {
    const [survey] = await tx
      .insert(surveys)
      .values({
        title: s.title,
        description: s.description,
        createdById: s.by === 0 ? admin : editor,
        stateId: s.draft ? STATE.DRAFT : STATE.PUBLISHED,
        isActive: true,
        isRefillable: s.refillable ?? false,
        startAt: s.window ? new Date(now + s.window[0] * DAY) : null,
        endAt: s.window ? new Date(now + s.window[1] * DAY) : null,
        createdAt: new Date(now - (10 - n) * DAY),
      })
      .returning({ id: surveys.id });
    if (!survey) continue;
    for (const [cPos, [name, questions]] of s.categories.entries()) {
      const [category] = await tx
        .insert(surveyCategories)
        .values({ surveyId: survey.id, name, position: cPos })
        .returning({ id: surveyCategories.id });
      if (!category) continue;
      for (const [qPos, q] of questions.entries()) {
        const [question] = await tx
          .insert(surveyQuestions)
          .values({
            surveyId: survey.id,
            categoryId: category.id,
            title: q.title,
            kind: q.options ? 'options_question' : 'text_input',
            answerType: q.answerType,
            optional: q.optional ?? false,
            position: qPos,
          })
          .returning({ id: surveyQuestions.id });
        if (question && q.options)
          await tx
            .insert(surveyQuestionOptions)
            .values(q.options.map((value, position) => ({ questionId: question.id, value, position })));
      }
    }
  }
}
