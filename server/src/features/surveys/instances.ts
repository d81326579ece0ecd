// Responses ("instances", product.md section 4, Survey responses). A response is accepted only for a survey
// open to the caller; its answers must belong to the survey's questions, every required question must be
// answered, and each answer must fit its question's type. A non-refillable survey takes one response per
// user: the survey row is locked (SELECT ... FOR UPDATE) before the existing-response check, so two
// submissions at the same moment run one after the other and the second finds the first.
// An anonymous survey (ADR 035) stores its response without the respondent: see anonymous-response.ts.
import { type instanceBody, MSG, parseApiDate, type SurveyInstance } from '@hearth/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { openTo } from '../../access/surveys';
import type { Db } from '../../db/client';
import { surveyAnswers, surveyInstances, surveys } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { anonymousInstanceValues, claimMarker } from './anonymous-response';
import { fixMinGroupSize } from './anonymous-setting';
import { type FormQuestion, loadQuestions } from './form';

export type InstanceForm = z.output<typeof instanceBody>;
type InstanceRow = typeof surveyInstances.$inferSelect;

export const presentInstance = (r: InstanceRow): SurveyInstance => ({
  id: r.id,
  surveyId: r.surveyId,
  createdById: r.createdById,
  isComplete: r.isComplete,
  completedAt: r.completedAt?.toISOString() ?? null,
});

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date answer: `YYYY-MM-DD` (a day that exists) or a full time as the API reads them. */
function isDate(value: string): boolean {
  const m = DAY_ONLY.exec(value);
  if (m) {
    const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, mo - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  }
  return parseApiDate(value) !== null;
}

/** Whether a non-empty answer fits its question's answer type. */
function fits(q: FormQuestion, value: string): boolean {
  switch (q.answerType) {
    case 'number':
      return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) && Number.isFinite(Number(value));
    case 'date':
      return isDate(value);
    case 'radio':
    case 'select':
      return q.options.some((o) => o.value === value);
    default:
      return true;
  }
}

/**
 * The answers to store, checked against the survey's questions: 400 `fields.answers` when one names a question
 * of another survey or a question twice; 400 `fields["answers.<questionId>"]` for each required question left
 * empty (MSG.answerRequired) and each answer that does not fit its type (MSG.answerInvalid). Empty answers to
 * optional questions are not stored.
 */
export function checkAnswers(questions: FormQuestion[], answers: InstanceForm['answers']) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<number, string>();
  for (const a of answers) {
    if (!byId.has(a.surveyQuestionId) || given.has(a.surveyQuestionId))
      throw badRequest(MSG.answerInvalid, { answers: MSG.answerInvalid });
    given.set(a.surveyQuestionId, a.textAnswer.trim());
  }
  const missing: Record<string, string> = {};
  const invalid: Record<string, string> = {};
  const rows: { questionId: number; textAnswer: string }[] = [];
  for (const q of questions) {
    const value = given.get(q.id) ?? '';
    if (value === '') {
      if (!q.optional) missing[`answers.${q.id}`] = MSG.answerRequired;
      continue;
    }
    if (!fits(q, value)) invalid[`answers.${q.id}`] = MSG.answerInvalid;
    else rows.push({ questionId: q.id, textAnswer: value });
  }
  if (Object.keys(missing).length) throw badRequest(MSG.answerRequired, { ...missing, ...invalid });
  if (Object.keys(invalid).length) throw badRequest(MSG.answerInvalid, invalid);
  return rows;
}

/** Stores the caller's response; 404 when the survey is not open to them, 409 when a non-refillable survey
 * already has their response (nothing stored). `secret` keys the marker of an anonymous survey. */
export async function submitInstance(
  db: Db,
  callerId: number,
  form: InstanceForm,
  secret: string,
): Promise<SurveyInstance> {
  return db.transaction(async (tx) => {
    const [survey] = await tx
      .select({
        id: surveys.id,
        isRefillable: surveys.isRefillable,
        isAnonymous: surveys.isAnonymous,
        minGroupSize: surveys.minGroupSize,
      })
      .from(surveys)
      .where(and(eq(surveys.id, form.surveyId), openTo(callerId)))
      .for('update');
    if (!survey) throw notFound();
    // A survey published without its form (imported, written directly) fixes its smallest group now, before
    // any answer exists, so no later change of the setting applies to it (ADR 035).
    if (survey.isAnonymous && survey.minGroupSize === null) await fixMinGroupSize(tx, survey.id);
    // A refused form rolls the whole transaction back, the marker too.
    if (survey.isAnonymous) {
      const first = await claimMarker(tx, secret, survey.id, callerId);
      if (!first && !survey.isRefillable) throw conflict(MSG.surveyAnswered);
    } else if (!survey.isRefillable) {
      const [previous] = await tx
        .select({ id: surveyInstances.id })
        .from(surveyInstances)
        .where(and(eq(surveyInstances.surveyId, survey.id), eq(surveyInstances.createdById, callerId)))
        .limit(1);
      if (previous) throw conflict(MSG.surveyAnswered);
    }
    const { questions } = await loadQuestions(tx, survey.id);
    const rows = checkAnswers(questions, form.answers);
    const values = survey.isAnonymous
      ? await anonymousInstanceValues(tx, survey.id, callerId)
      : { surveyId: survey.id, createdById: callerId, isComplete: true, completedAt: sql`now()` };
    const [instance] = await tx.insert(surveyInstances).values(values).returning();
    if (!instance) throw new Error('instance not inserted');
    if (rows.length)
      await tx.insert(surveyAnswers).values(rows.map((r) => ({ ...r, instanceId: instance.id })));
    return presentInstance(instance);
  });
}

/** A user's responses, newest first, optionally of one survey. */
export async function listInstances(
  db: Db,
  createdById: number,
  surveyId?: number,
): Promise<SurveyInstance[]> {
  // Anonymous responses have no author (null), so they are never listed back to anyone (ADR 035).
  const where: SQL[] = [eq(surveyInstances.createdById, createdById)];
  if (surveyId !== undefined) where.push(eq(surveyInstances.surveyId, surveyId));
  const rows = await db
    .select()
    .from(surveyInstances)
    .where(and(...where))
    .orderBy(desc(surveyInstances.id));
  return rows.map(presentInstance);
}
