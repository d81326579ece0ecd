// Comments with @mentions on feed posts and community posts (ADR 010: both are feed_posts rows, so one
// table of comments). Content is plain text (the web escapes it when showing it). The editor's
// `@[First Last](id)` markers are stripped to `@First Last` here too, should any arrive; the mentioned ids
// are checked to be existing, active users. Which post the caller may read or write on is the caller's
// `PostAccess` (actions.ts): feed routes pass feed posts only, community routes community posts only.
// COMMENT notifications go to `mentioned`: the event is recorded in the comment's transaction (object: the post);
// the fan-out notifies only those of them who can open the post (feed/notification-audiences.ts).
// The mention helpers (reading, checking and presenting mentions) serve the community discussion board too.
import { type Comment, MSG, type UserSummary } from '@hearth/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isColleague } from '../../access/people';
import type { Db } from '../../db/client';
import { feedCommentMentions, feedComments, feedPosts, users } from '../../db/schema';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { type NotifyingEvent, recordEvent } from '../notifications/events';
import { loadSummaries } from '../users/queries';
import type { PostAccess } from './actions';

/**
 * A new comment: the post, the text and the ids of the people it mentions; `mentionField` names the body's
 * field of those ids in a 400 (the feed's `userIDs` unless given).
 */
export type CommentForm = {
  postId: number;
  content: string;
  mentionIds: readonly number[];
  mentionField?: string;
};

const MENTION_MARKER = /@\[([^\]\n]{1,200})\]\(\d{1,10}\)/g;
export const stripMentionMarkers = (content: string) => content.replace(MENTION_MARKER, '@$1');

type CommentRow = { id: number; postId: number; userId: number; content: string; createdAt: Date };

/** A mention table (comments' or discussion messages'): the column of what mentions, and of whom. */
export type MentionColumns = { table: PgTable; ownerId: PgColumn; userId: PgColumn };

/** A comment or discussion message as stored. */
type WrittenRow = { id: number; userId: number; content: string; createdAt: Date };

/**
 * Comments or discussion messages as the API answers them: their own fields, whom they mention (ascending
 * ids, and their summaries) and their author's summary (blank when the author is gone). `more` adds what differs between the
 * two: the id of what they belong to, and the mentions under their field's name.
 */
export async function presentWritten<R extends WrittenRow, T>(
  db: Db,
  rows: readonly R[],
  mentionColumns: MentionColumns,
  more: (row: R, mentions: number[]) => T,
) {
  if (rows.length === 0) return [];
  const { table, ownerId, userId } = mentionColumns;
  const mentions = (await db
    .select({ ownerId, userId })
    .from(table)
    .where(
      inArray(
        ownerId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ownerId), asc(userId))) as { ownerId: number; userId: number }[];
  // Authors and the mentioned in one read: the web links each `@Name` to the person's page (issue 17).
  const people = await loadSummaries(db, [...rows.map((r) => r.userId), ...mentions.map((m) => m.userId)]);
  const byOwner = new Map<number, number[]>();
  for (const m of mentions) byOwner.set(m.ownerId, [...(byOwner.get(m.ownerId) ?? []), m.userId]);
  const authorOf = (id: number): UserSummary =>
    people.get(id) ?? { id, firstName: '', lastName: '', profileImage: null };
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    userId: r.userId,
    createdAt: r.createdAt.toISOString(),
    user: authorOf(r.userId),
    mentionedUsers: (byOwner.get(r.id) ?? []).flatMap((id) => people.get(id) ?? []),
    ...more(r, byOwner.get(r.id) ?? []),
  }));
}

/**
 * The text of a new comment or message without the editor's markers (400 on `content` when nothing is
 * left) and whom it mentions: once each, never the author.
 */
export function readMentions(
  content: string,
  mentionIds: readonly number[],
  authorId: number,
): { content: string; mentioned: number[] } {
  const text = stripMentionMarkers(content).trim();
  if (!text) throw fieldError('content', MSG.commentRequired);
  return { content: text, mentioned: [...new Set(mentionIds)].filter((id) => id !== authorId) };
}

/** 400 naming the body's `field` unless every mentioned id is a colleague (access/people.ts). */
export async function assertMentionable(db: Db, mentioned: readonly number[], field: string): Promise<void> {
  if (!mentioned.length) return;
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...mentioned]), isColleague()));
  if (active.length !== mentioned.length)
    throw badRequest(MSG.mentionUnknown, { [field]: MSG.mentionUnknown });
}

const commentMentions = {
  table: feedCommentMentions,
  ownerId: feedCommentMentions.commentId,
  userId: feedCommentMentions.userId,
};

const present = (db: Db, rows: CommentRow[]): Promise<Comment[]> =>
  presentWritten(db, rows, commentMentions, (r, userIDs) => ({ feedPostId: r.postId, userIDs }));

const commentColumns = {
  id: feedComments.id,
  postId: feedComments.postId,
  userId: feedComments.userId,
  content: feedComments.content,
  createdAt: feedComments.createdAt,
};

/** A post's comments, oldest first; a post `access` does not give answers 404. */
export async function listComments(db: Db, access: PostAccess, postId: number): Promise<Comment[]> {
  if (!(await access(db, postId))) throw notFound();
  const rows = await db
    .select(commentColumns)
    .from(feedComments)
    .where(eq(feedComments.postId, postId))
    .orderBy(asc(feedComments.createdAt), asc(feedComments.id));
  return present(db, rows);
}

async function postTitle(tx: Db, postId: number): Promise<string> {
  const [row] = await tx.select({ title: feedPosts.title }).from(feedPosts).where(eq(feedPosts.id, postId));
  return row?.title ?? '';
}

/**
 * A new comment's or discussion message's mentions: their rows (`writeRows`), and the event that notifies
 * those of the mentioned who may read what it belongs to (the audiences of feed and communities). Nothing
 * without mentions.
 */
export async function recordMentions(
  tx: Db,
  mentioned: number[],
  writeRows: (userIds: number[]) => Promise<unknown>,
  event: () => Promise<Omit<NotifyingEvent, 'userIds'>>,
): Promise<void> {
  if (!mentioned.length) return;
  await writeRows(mentioned);
  await recordEvent(tx, { ...(await event()), userIds: mentioned });
}

/** Adds a comment with its mentions and counts it on the post, in one transaction. */
export async function addComment(
  db: Db,
  userId: number,
  access: PostAccess,
  form: CommentForm,
): Promise<{ comment: Comment; mentioned: number[] }> {
  // Mentioning oneself is ignored, as is naming someone twice.
  const { content, mentioned } = readMentions(form.content, form.mentionIds, userId);
  const row = await db.transaction(async (tx) => {
    const post = await access(tx, form.postId);
    if (!post) throw notFound();
    if (!post.isCommentable) throw forbidden(MSG.commentsClosed);
    await assertMentionable(tx, mentioned, form.mentionField ?? 'userIDs');
    const [created] = await tx
      .insert(feedComments)
      .values({ postId: post.id, userId, content })
      .returning(commentColumns);
    if (!created) throw new Error('comment not inserted');
    await recordMentions(
      tx,
      mentioned,
      (ids) =>
        tx.insert(feedCommentMentions).values(ids.map((id) => ({ commentId: created.id, userId: id }))),
      async () => ({
        type: 'COMMENT',
        objectId: post.id,
        title: await postTitle(tx, post.id),
        actorId: userId,
      }),
    );
    await tx
      .update(feedPosts)
      .set({ commentsCount: sql`${feedPosts.commentsCount} + 1` })
      .where(eq(feedPosts.id, post.id));
    return created;
  });
  const [comment] = await present(db, [row]);
  if (!comment) throw new Error('comment not presented');
  return { comment, mentioned };
}
