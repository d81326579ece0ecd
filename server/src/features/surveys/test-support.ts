// Survey test data builders, written straight to the database (fast), for the surveys' tests and the
// authorisation matrix. Only tests import this file.
import { STATE } from '@hearth/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  groups,
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

/** A published, active, non-refillable survey for everyone, open since an hour and for a week, unless
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
      hasAudience: groupIds.length > 0,
      ...rest,
    })
    .returning();
  if (!row) throw new Error('survey not created');
  if (groupIds.length) {
    const found = await db.select().from(groups).where(inArray(groups.id, groupIds));
    await db
      .insert(surveyGroups)
      .values(found.map((g) => ({ surveyId: row.id, groupId: g.id, groupTypeId: g.groupTypeId })));
  }
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
