// Search test helpers: rows the other features' builders do not make (comments, discussion messages), and
// the calls of the two search endpoints. Only tests import this file.
import type { SearchHit, SearchKind } from '@hearth/contract';
import type { Db } from '../../db/client';
import { communityDiscussion, feedComments } from '../../db/schema';

export async function createComment(db: Db, postId: number, userId: number, content: string) {
  const [row] = await db
    .insert(feedComments)
    .values({ postId, userId, content })
    .returning({ id: feedComments.id });
  if (!row) throw new Error('comment not created');
  return row;
}

export async function createMessage(db: Db, communityId: number, userId: number, content: string) {
  const [row] = await db
    .insert(communityDiscussion)
    .values({ communityId, userId, content })
    .returning({ id: communityDiscussion.id });
  if (!row) throw new Error('message not created');
  return row;
}

/** The query string of a search. */
export const searchUrl = (q: string, kind: SearchKind, extra: Record<string, string> = {}) =>
  `/v1/api/search?${new URLSearchParams({ q, kind, ...extra })}`;

export type SearchAnswer = { data: { hits: SearchHit[]; next: string | null } };
export type SuggestAnswer = { data: { groups: { kind: SearchKind; hits: SearchHit[] }[] } };

/** Ids of the hits of a page. */
export const idsOf = (answer: SearchAnswer) => answer.data.hits.map((h) => h.id);
