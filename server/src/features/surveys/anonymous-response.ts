// Answering an anonymous survey (issue 19, ADR 035). In the transaction of the response: the respondent's
// marker is inserted (its primary key makes "already answered" atomic), and the response row gets no user id,
// only the respondent's location and department group ids (for splits shown for large enough groups) and the
// day of answering, not its time: a precise time could be matched with request logs or with the marker's
// insertion. Nothing else is recorded: no event, notification, audit or statistics row names the respondent.
import { GROUP_TYPE } from '@hearth/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { surveyRespondentMarkers } from '../../db/schema';
import { groupOf } from '../../db/user-groups';
import { respondentMarker } from './respondent-marker';

/** Midnight UTC of the transaction's day: what an anonymous response keeps of when it was given. */
export const TODAY_UTC = sql`date_trunc('day', now(), 'UTC')`;

/** Inserts the caller's marker; false when it was already there (they answered before). */
export async function claimMarker(
  tx: Db,
  secret: string,
  surveyId: number,
  userId: number,
): Promise<boolean> {
  const inserted = await tx
    .insert(surveyRespondentMarkers)
    .values({ surveyId, marker: respondentMarker(secret, surveyId, userId) })
    .onConflictDoNothing()
    .returning({ surveyId: surveyRespondentMarkers.surveyId });
  return inserted.length > 0;
}

/** Whether `userId` has answered the anonymous survey (their marker exists). */
export async function hasMarker(db: Db, secret: string, surveyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ surveyId: surveyRespondentMarkers.surveyId })
    .from(surveyRespondentMarkers)
    .where(
      and(
        eq(surveyRespondentMarkers.surveyId, surveyId),
        eq(surveyRespondentMarkers.marker, respondentMarker(secret, surveyId, userId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user's location and department (db/user-groups.ts: the lowest group id of each type). */
async function groupsOf(tx: Db, userId: number) {
  const [row] = await queryRows<{ location_id: number | null; department_id: number | null }>(
    tx,
    sql`select ${groupOf(userId, GROUP_TYPE.LOCATION)} as location_id,
      ${groupOf(userId, GROUP_TYPE.DEPARTMENT)} as department_id`,
  );
  return { locationId: row?.location_id ?? null, departmentId: row?.department_id ?? null };
}

/** The row of an anonymous response: no user, the respondent's groups, the day only. */
export async function anonymousInstanceValues(tx: Db, surveyId: number, userId: number) {
  const { locationId, departmentId } = await groupsOf(tx, userId);
  return {
    surveyId,
    createdById: null,
    locationId: locationId === null ? null : Number(locationId),
    departmentId: departmentId === null ? null : Number(departmentId),
    isComplete: true,
    completedAt: TODAY_UTC,
    createdAt: TODAY_UTC,
  };
}
