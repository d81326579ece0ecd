// Report test helpers: activity rows written straight to the database, and a CSV reader. Only tests import
// this file.
import { ACTION_TYPE } from '@hearth/contract';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client';
import {
  feedComments,
  feedPostActions,
  refreshTokens,
  surveyAnswers,
  surveyInstances,
} from '../../db/schema';
import { UTF8_BOM } from '../../platform/csv';

let seq = 0;

export async function like(db: Db, userId: number, postId: number, at = new Date()) {
  await db.insert(feedPostActions).values({ userId, postId, actionTypeId: ACTION_TYPE.LIKE, createdAt: at });
}

export async function favourite(db: Db, userId: number, postId: number, at = new Date()) {
  await db
    .insert(feedPostActions)
    .values({ userId, postId, actionTypeId: ACTION_TYPE.FAVOURITE, createdAt: at });
}

export async function comment(db: Db, userId: number, postId: number, at = new Date()) {
  await db.insert(feedComments).values({ userId, postId, content: 'A comment', createdAt: at });
}

/** A refresh token issued at `at`, as a login or a refresh leaves it. */
export async function session(db: Db, userId: number, at: Date) {
  await db.insert(refreshTokens).values({
    userId,
    familyId: `family-${++seq}`,
    tokenHash: `hash-${Date.now()}-${++seq}`,
    expiresAt: new Date(at.getTime() + 12 * 3600 * 1000),
    createdAt: at,
  });
}

/** A response to a survey with the given answers (question id -> text). */
export async function respond(
  db: Db,
  surveyId: number,
  userId: number,
  answers: Record<number, string>,
  opts: { complete?: boolean; at?: Date } = {},
) {
  const complete = opts.complete ?? true;
  const [instance] = await db
    .insert(surveyInstances)
    .values({
      surveyId,
      createdById: userId,
      isComplete: complete,
      completedAt: complete ? (opts.at ?? new Date()) : null,
    })
    .returning();
  if (!instance) throw new Error('instance not created');
  const rows = Object.entries(answers).map(([q, textAnswer]) => ({
    instanceId: instance.id,
    questionId: Number(q),
    textAnswer,
  }));
  if (rows.length) await db.insert(surveyAnswers).values(rows);
  return instance;
}

/** A CSV download's records; the file must start with the UTF-8 byte-order mark. */
export function readCsv(body: string): string[][] {
  if (!body.startsWith(UTF8_BOM)) throw new Error('CSV without a byte-order mark');
  return parse(body.slice(1), { relax_column_count: true }) as string[][];
}

/** `name-YYYYMMDD-HHmmss.csv` from a Content-Disposition header. */
export const attachmentName = (header: unknown) =>
  /^attachment; filename="([^"]+)"$/.exec(String(header))?.[1] ?? '';
