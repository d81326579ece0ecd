// Survey test data builders, written straight to the database (fast), for the surveys' tests and the
// authorisation matrix. Only tests import this file.
import { ROLE, STATE } from '@hearth/contract';
import { audienceOf } from '../../../test/factories';
import { OTHER_ROLE } from '../../../test/use-test-app';
import type { Db } from '../../db/client';
import {
  surveyCategories,
  surveyGroups,
  surveyQuestionOptions,
  surveyQuestions,
  surveys,
} from '../../db/schema';

let seq = 0;
export const HOUR = 3600 * 1000;
export const DAY = 24 * HOUR;

export type SurveyOverrides = Partial<typeof surveys.$inferInsert> & { groupIds?: number[] };

/** A published, active, non-refillable survey for everyone, open since an hour and for a week, and already
 * announced (the scheduler announces an open survey that was not: notifications/fanout.ts), unless
 * overridden. */
export async function createSurvey(db: Db, createdById: number, overrides: SurveyOverrides = {}) {
  const { groupIds = [], ...rest } = overrides;
  const now = Date.now();
  const [row] = await db
    .insert(surveys)
    .values({
      title: `Survey ${++seq}`,
      description: 'A description',
      createdById,
      stateId: STATE.PUBLISHED,
      isActive: true,
      isRefillable: false,
      startAt: new Date(now - HOUR),
      endAt: new Date(now + 7 * DAY),
      isNotified: true,
      hasAudience: groupIds.length > 0,
      ...rest,
    })
    .returning();
  if (!row) throw new Error('survey not created');
  const audience = await audienceOf(db, groupIds);
  if (audience.length)
    await db.insert(surveyGroups).values(audience.map((a) => ({ surveyId: row.id, ...a })));
  return row;
}

export type QuestionSpec = {
  title: string;
  answerType?: string;
  optional?: boolean;
  options?: string[];
};

/** Categories of questions for a survey; answers the question ids in the order given (all categories). */
export async function addQuestions(db: Db, surveyId: number, categories: Record<string, QuestionSpec[]>) {
  const ids: number[] = [];
  let cPos = 0;
  for (const [name, questions] of Object.entries(categories)) {
    const [category] = await db
      .insert(surveyCategories)
      .values({ surveyId, name, position: cPos++ })
      .returning();
    if (!category) throw new Error('category not created');
    for (const [position, q] of questions.entries()) {
      const answerType = q.answerType ?? (q.options ? 'radio' : 'string');
      const [question] = await db
        .insert(surveyQuestions)
        .values({
          surveyId,
          categoryId: category.id,
          title: q.title,
          kind: q.options ? 'options_question' : 'text_input',
          answerType,
          optional: q.optional ?? false,
          position,
        })
        .returning();
      if (!question) throw new Error('question not created');
      ids.push(question.id);
      if (q.options?.length)
        await db
          .insert(surveyQuestionOptions)
          .values(q.options.map((value, i) => ({ questionId: question.id, value, position: i })));
    }
  }
  return ids;
}

/**
 * The survey tests' people, for useTestApp: an administrator, a post manager, staff who work in the location
 * and department of `here` (not `there`), and a user of a role the product does not know.
 */
export const SURVEY_CAST = {
  groups: ['here', 'there'],
  users: { admin: ROLE.ADMIN, editor: ROLE.EDITOR, staff: { worksIn: 'here' }, other: OTHER_ROLE },
} as const;
