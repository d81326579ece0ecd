// Surveys themselves: the admin list, one survey, the caller's open surveys, create and edit (roles 1 and 3).
// Create and edit take the whole form (product.md section 4); the audience replaces the previous one. Writes
// run in one transaction. Whether a survey is anonymous is settled before its first response, and the
// smallest group its splits show when it is published (ADR 035).
import {
  type Group,
  MSG,
  type Survey,
  type surveyCreateBody,
  type surveyUpdateBody,
  type UserSurvey,
} from '@hearth/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { openTo, surveyOpenAt } from '../../access/surveys';
import type { Db } from '../../db/client';
import { groups, surveyGroups, surveyInstances, surveyRespondentMarkers, surveys } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { audienceGroups } from '../audience/audience';
import { recordEvent } from '../notifications/events';
import { loadSummaries } from '../users/queries';
import { fixMinGroupSize } from './anonymous-setting';
import { hasResponses } from './form';
import { respondentMarker } from './respondent-marker';

type SurveyRow = typeof surveys.$inferSelect;
const unique = (ids: readonly number[]) => [...new Set(ids)];

async function groupsOf(db: Db, surveyIds: number[]): Promise<Map<number, Group[]>> {
  const out = new Map<number, Group[]>();
  if (surveyIds.length === 0) return out;
  const rows = await db
    .select({
      surveyId: surveyGroups.surveyId,
      id: groups.id,
      name: groups.name,
      groupTypeId: groups.groupTypeId,
    })
    .from(surveyGroups)
    .innerJoin(groups, eq(groups.id, surveyGroups.groupId))
    .where(inArray(surveyGroups.surveyId, surveyIds))
    .orderBy(asc(groups.groupTypeId), asc(groups.name));
  for (const { surveyId, ...g } of rows) {
    const list = out.get(surveyId) ?? [];
    list.push(g);
    out.set(surveyId, list);
  }
  return out;
}

/** Shapes survey rows with their owner and audience (two queries for the whole list). */
export async function presentSurveys(db: Db, rows: SurveyRow[]): Promise<Survey[]> {
  const ids = rows.map((r) => r.id);
  const [owners, audiences] = await Promise.all([
    loadSummaries(
      db,
      rows.map((r) => r.createdById),
    ),
    groupsOf(db, ids),
  ]);
  return rows.map((r) => {
    const endAt = r.endAt?.toISOString() ?? null;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      isActive: r.isActive ? 1 : 0,
      isNotified: r.isNotified ? 1 : 0,
      isRefillable: r.isRefillable ? 1 : 0,
      isAnonymous: r.isAnonymous ? 1 : 0,
      minGroupSize: r.minGroupSize,
      createdById: r.createdById,
      owner: owners.get(r.createdById) ?? {
        id: r.createdById,
        firstName: '',
        lastName: '',
        profileImage: null,
      },
      startAt: r.startAt?.toISOString() ?? null,
      endAt,
      dueDate: endAt,
      stateId: r.stateId,
      groups: audiences.get(r.id) ?? [],
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function presentSurvey(db: Db, row: SurveyRow): Promise<Survey> {
  const [shaped] = await presentSurveys(db, [row]);
  if (!shaped) throw new Error('survey not shaped');
  return shaped;
}

/** Every survey (drafts too), newest created first. */
export async function listSurveys(db: Db, q: { limit: number; stateId?: number }): Promise<SurveyRow[]> {
  return db
    .select()
    .from(surveys)
    .where(q.stateId === undefined ? undefined : eq(surveys.stateId, q.stateId))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(q.limit);
}

/** One survey; `openToUserId` restricts it to a survey open to that user (staff). */
export async function findSurvey(db: Db, id: number, openToUserId?: number): Promise<SurveyRow | undefined> {
  const where: SQL[] = [eq(surveys.id, id)];
  if (openToUserId !== undefined) where.push(openTo(openToUserId));
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(...where));
  return row;
}

/**
 * Which of the surveys the user has answered: their own responses, and for anonymous surveys their markers
 * (ADR 035). One query each, by the primary key or survey_instances_survey_user_idx.
 */
async function answeredOf(db: Db, userId: number, rows: SurveyRow[], secret: string): Promise<Set<number>> {
  const named = rows.filter((r) => !r.isAnonymous).map((r) => r.id);
  const anonymous = rows.filter((r) => r.isAnonymous);
  const [own, marked] = await Promise.all([
    named.length === 0
      ? []
      : db
          .selectDistinct({ surveyId: surveyInstances.surveyId })
          .from(surveyInstances)
          .where(and(eq(surveyInstances.createdById, userId), inArray(surveyInstances.surveyId, named))),
    anonymous.length === 0
      ? []
      : db
          .select({ surveyId: surveyRespondentMarkers.surveyId })
          .from(surveyRespondentMarkers)
          .where(
            sql`(${surveyRespondentMarkers.surveyId}, ${surveyRespondentMarkers.marker}) in (${sql.join(
              anonymous.map((r) => sql`(${r.id}::int, ${respondentMarker(secret, r.id, userId)})`),
              sql`, `,
            )})`,
          ),
  ]);
  return new Set([...own, ...marked].map((r) => r.surveyId));
}

/**
 * The surveys open to the user, soonest end first, each with the state flag (1 when they have answered).
 * `askedBySelf` false (an administrator asking about someone else): an anonymous survey answers 0 whether or
 * not the person answered, and their marker is not even computed, so neither the answer nor its timing tells
 * (issue 30, ADR 035). Only the respondent ever learns that they answered an anonymous survey.
 */
export async function surveysForUser(
  db: Db,
  userId: number,
  secret: string,
  askedBySelf: boolean,
): Promise<UserSurvey[]> {
  const rows = await db
    .select()
    .from(surveys)
    .where(openTo(userId))
    .orderBy(asc(surveys.endAt), asc(surveys.id));
  if (rows.length === 0) return [];
  const knowable = askedBySelf ? rows : rows.filter((r) => !r.isAnonymous);
  const [answered, shaped] = await Promise.all([
    answeredOf(db, userId, knowable, secret),
    presentSurveys(db, rows),
  ]);
  return shaped.map((s) => ({ ...s, state: answered.has(s.id) ? 1 : 0 }));
}

export type SurveyCreateForm = z.output<typeof surveyCreateBody>;
export type SurveyUpdateForm = z.output<typeof surveyUpdateBody>;

async function replaceAudience(tx: Db, surveyId: number, audience: { id: number; groupTypeId: number }[]) {
  await tx.delete(surveyGroups).where(eq(surveyGroups.surveyId, surveyId));
  if (audience.length)
    await tx
      .insert(surveyGroups)
      .values(audience.map((g) => ({ surveyId, groupId: g.id, groupTypeId: g.groupTypeId })));
}

/** A new survey by the caller: draft with isActive 1 unless the form says otherwise. Answers its id. */
export async function createSurvey(db: Db, callerId: number, form: SurveyCreateForm): Promise<number> {
  return db.transaction(async (tx) => {
    const audience = await audienceGroups(tx, unique(form.groups));
    const [created] = await tx
      .insert(surveys)
      .values({
        title: form.title,
        description: form.description,
        isRefillable: form.isRefillable === 1,
        isAnonymous: form.isAnonymous === 1,
        isActive: form.isActive === 1,
        stateId: form.stateId,
        createdById: callerId,
        hasAudience: audience.length > 0,
      })
      .returning({ id: surveys.id });
    if (!created) throw new Error('survey not inserted');
    await replaceAudience(tx, created.id, audience);
    await fixMinGroupSize(tx, created.id);
    await notifySurveyIfDue(tx, created.id, callerId);
    return created.id;
  });
}

/**
 * Replaces the edit form's fields and the audience; the owner stays. 404 when the survey does not exist; 400
 * when the anonymous switch would change on a survey that has responses: stored responses would otherwise
 * become anonymous with their names still beside them, or named without their names (ADR 035).
 */
export async function updateSurvey(
  db: Db,
  id: number,
  form: SurveyUpdateForm,
  actorId: number | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: surveys.id, isAnonymous: surveys.isAnonymous })
      .from(surveys)
      .where(eq(surveys.id, id))
      .for('update');
    if (!existing) throw notFound();
    const isAnonymous = form.isAnonymous === undefined ? existing.isAnonymous : form.isAnonymous === 1;
    // Responses are inserted under this row's lock (instances.ts), so none can slip in after the check.
    if (isAnonymous !== existing.isAnonymous && (await hasResponses(tx, id)))
      throw badRequest(MSG.surveyAnonymousLocked, { isAnonymous: MSG.surveyAnonymousLocked });
    const audience = await audienceGroups(tx, unique(form.groups));
    await tx
      .update(surveys)
      .set({
        title: form.title,
        description: form.description,
        isRefillable: form.isRefillable === 1,
        isAnonymous,
        stateId: form.stateId,
        startAt: form.startAt,
        endAt: form.endAt,
        ...(form.isActive === undefined ? {} : { isActive: form.isActive === 1 }),
        hasAudience: audience.length > 0,
        updatedAt: sql`now()`,
      })
      .where(eq(surveys.id, id));
    await replaceAudience(tx, id, audience);
    await fixMinGroupSize(tx, id);
    await notifySurveyIfDue(tx, id, actorId);
  });
}

/**
 * Once a survey is open (published, active, inside its dates) its audience is notified, once (is_notified):
 * the event is recorded in the caller's transaction and fanned out later (notifications/fanout.ts). One
 * published with its start ahead is announced by the scheduler when it opens (fanout.ts
 * `notifyScheduledSurveys`); one whose end has passed never is: nobody could open it (issue 30, L2).
 */
async function notifySurveyIfDue(tx: Db, id: number, actorId: number | null): Promise<void> {
  const [row] = await tx
    .update(surveys)
    .set({ isNotified: true })
    .where(and(eq(surveys.id, id), eq(surveys.isNotified, false), surveyOpenAt(sql`now()`)))
    .returning({ id: surveys.id, title: surveys.title });
  if (row) await recordEvent(tx, { type: 'SURVEY', objectId: row.id, title: row.title, actorId });
}
