// Demo feed: categories, posts by the administrator and the editor, and staff likes, favourites and comments.
import { ACTION_TYPE, GROUP_TYPE, STATE } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  feedCategories,
  feedCommentMentions,
  feedComments,
  feedPostActions,
  feedPostCategories,
  feedPostGroups,
  feedPosts,
} from './schema';
import { insertId } from './seed-demo-insert';

const DEMO_CATEGORIES = ['Company News', 'People', 'Events', 'Safety', 'Wins'];

type DemoPost = {
  title: string;
  subtitle: string;
  text: string;
  /** Index into DEMO_USERS (seed-demo.ts): 0 the administrator, 2 the editor. */
  by: 0 | 2;
  daysAgo: number;
  categories: string[];
  featured?: boolean;
  draft?: boolean;
  /** Index into DEMO_GROUPS (seed-demo.ts): a location audience. */
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

/** Categories, posts and reactions; `userIds` and `groupId` follow DEMO_USERS and DEMO_GROUPS. */
export async function seedFeed(tx: Db, userIds: number[], groupId: (i: number) => number | undefined) {
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
    const postId = await insertId(tx, feedPosts, {
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
    });
    if (postId === undefined) continue;
    postIds.push(postId);
    const ids = p.categories.map(categoryId).filter((id): id is number => id !== undefined);
    if (ids.length)
      await tx.insert(feedPostCategories).values(ids.map((categoryId) => ({ postId, categoryId })));
    if (location !== undefined)
      await tx.insert(feedPostGroups).values({ postId, groupId: location, groupTypeId: GROUP_TYPE.LOCATION });
  }
  const post = (i: number) => postIds[i] ?? 0;
  const { LIKE, FAVOURITE } = ACTION_TYPE;
  // Each user's likes (L) and favourites (F) by index into DEMO_POSTS, in the order they were given.
  const reactions: [userId: number, actions: string][] = [
    [staff, '0L 1L 1F 4L 6F'],
    [thandi, '0L 1L 2L 7L'],
    [pieter, '1L 3L 2F 10L'],
  ];
  const actions = reactions.flatMap(([userId, list]) =>
    list.split(' ').map((a) => [Number.parseInt(a, 10), userId, a.endsWith('F') ? FAVOURITE : LIKE] as const),
  );
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
    const createdAt = new Date(now - (comments.length - n) * 1800 * 1000);
    const commentId = await insertId(tx, feedComments, { postId: post(i), userId, content, createdAt });
    if (commentId !== undefined && mentioned.length)
      await tx.insert(feedCommentMentions).values(mentioned.map((id) => ({ commentId, userId: id })));
  }
  // The counts kept on the post rows, from the rows just written.
  await tx.execute(sql`
    update feed_posts p set
      likes_count = (select count(*) from feed_post_actions a where a.post_id = p.id and a.action_type_id = ${LIKE}),
      favourites_count = (select count(*) from feed_post_actions a where a.post_id = p.id and a.action_type_id = ${FAVOURITE}),
      comments_count = (select count(*) from feed_comments c where c.post_id = p.id)`);
}
