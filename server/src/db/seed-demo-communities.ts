// Demo communities with members, discussion messages and community posts.
import { POST_KIND, STATE, VISIBILITY } from '@hearth/contract';
import type { Db } from './client';
import {
  communities,
  communityDiscussion,
  communityDiscussionMentions,
  communityMembers,
  feedPosts,
} from './schema';
import { insertId } from './seed-demo-insert';

type DemoCommunity = {
  title: string;
  description: string;
  visibilityId: number;
  managers: number[];
  /** The members who do not manage it. */
  members: number[];
  /** The author, the text and the users it mentions. */
  messages: [userId: number, content: string, mentioned: number[]][];
  createdAt: Date;
};

/**
 * Communities: a public one managed by staff (staff and the editor are members) with posts, and a private
 * one managed by the editor with the administrator as member (staff is not a member) and a discussion.
 */
export async function seedCommunities(tx: Db, userIds: number[]) {
  const [admin, staff, editor, thandi] = userIds;
  if (!admin || !staff || !editor || !thandi) return;
  const now = Date.now();
  const HOUR = 3600 * 1000;
  const DAY = 24 * HOUR;
  const demo: DemoCommunity[] = [
    {
      title: 'Running Club',
      description: 'Weekly runs along the Sea Point promenade and the odd trail race. All paces welcome.',
      visibilityId: VISIBILITY.PUBLIC,
      managers: [staff],
      members: [editor, thandi],
      messages: [
        [staff, 'Thursday run starts at 17:30 at the lighthouse.', []],
        [thandi, '@Sam Staff count me in!', [staff]],
      ],
      createdAt: new Date(now - 20 * DAY),
    },
    {
      title: 'Leadership Circle',
      description: 'A private space for the leadership team to share notes and plan the quarter.',
      visibilityId: VISIBILITY.PRIVATE,
      managers: [editor],
      members: [admin],
      messages: [
        [editor, 'Agenda for the quarterly planning is in the shared folder.', []],
        [admin, '@Eddie Editor thanks, I added the budget figures.', [editor]],
        [editor, 'Great, see everyone on Monday.', []],
      ],
      createdAt: new Date(now - 15 * DAY),
    },
  ];
  const ids: number[] = [];
  for (const { managers, members, messages, ...community } of demo) {
    const communityId = await insertId(tx, communities, {
      ...community,
      stateId: STATE.PUBLISHED,
      createdById: admin,
      numUsers: managers.length + members.length,
      numComments: messages.length,
      updatedAt: community.createdAt,
    });
    if (communityId === undefined) continue;
    ids.push(communityId);
    await tx
      .insert(communityMembers)
      .values([
        ...managers.map((userId) => ({ communityId, userId, isManager: true })),
        ...members.map((userId) => ({ communityId, userId, isManager: false })),
      ]);
    for (const [n, [userId, content, mentioned]] of messages.entries()) {
      const createdAt = new Date(now - (10 - n) * HOUR);
      const messageId = await insertId(tx, communityDiscussion, { communityId, userId, content, createdAt });
      if (messageId !== undefined && mentioned.length)
        await tx
          .insert(communityDiscussionMentions)
          .values(mentioned.map((id) => ({ messageId, userId: id })));
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
  for (const { daysAgo, ...content } of posts) {
    const startAt = new Date(now - daysAgo * DAY);
    await tx.insert(feedPosts).values({
      ...content,
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
