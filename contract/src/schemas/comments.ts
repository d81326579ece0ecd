// Comments on feed posts and community posts, and messages on a community's discussion board, share their
// form and their answer: the text, what it belongs to, its author and the users it @mentions.
import { z } from 'zod';
import { MSG } from '../messages';
import { dbId, dbIds, requiredText } from './common';
import { userSummary } from './users';

/** `{ [key]: value }`, typed with the key's literal name. */
const field = <K extends string, T>(key: K, value: T) => ({ [key]: value }) as Record<K, T>;

/**
 * The form and the answer of a comment on `parent` (the id field of what it belongs to, such as
 * feedPostId) that lists its mentions under `mentions` (userIDs on the feed, as it always spelled it).
 */
export function commentSchemas<const P extends string, const M extends string>(parent: P, mentions: M) {
  const body = z.object({
    content: requiredText(MSG.commentRequired, 5000),
    ...field(parent, dbId),
    userId: dbId.optional(),
    ...field(mentions, dbIds(50).default([])),
  });
  const answer = z.object({
    id: z.number(),
    content: z.string(),
    ...field(parent, z.number()),
    userId: z.number(),
    ...field(mentions, z.array(z.number())),
    createdAt: z.string(),
    user: userSummary,
    /** Who the `@Name`s of the text are, so the web links each to their page (issue 17). */
    mentionedUsers: z.array(userSummary),
  });
  return { body, answer };
}
