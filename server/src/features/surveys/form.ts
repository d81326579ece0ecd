// A survey's form: categories (one step each) with their questions and options, read in position order, and
// the builder's save, which replaces them all. Once a survey has responses its questions are frozen
// (ADR 011): answers reference questions, so replacing them would lose or orphan answers.
import {
  type AnswerType,
  type buildSurveyBody,
  MSG,
  type QuestionKind,
  type SurveyForm,
} from '@hearth/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  surveyCategories,
  surveyInstances,
  surveyQuestionOptions,
  surveyQuestions,
  surveys,
} from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { hasMarker } from './anonymous-response';

export type BuildForm = z.output<typeof buildSurveyBody>;

export async function hasResponses(db: Db, surveyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: surveyInstances.id })
    .from(surveyInstances)
    .where(eq(surveyInstances.surveyId, surveyId))
    .limit(1);
  return row !== undefined;
}

export type FormQuestion = {
  id: number;
  categoryId: number;
  title: string;
  kind: string;
  answerType: string;
  optional: boolean;
  position: number;
  options: { id: number; value: string; position: number }[];
};

/** The survey's questions with their options, in category then question order. */
export async function loadQuestions(db: Db, surveyId: number) {
  const categories = await db
    .select({ id: surveyCategories.id, name: surveyCategories.name, position: surveyCategories.position })
    .from(surveyCategories)
    .where(eq(surveyCategories.surveyId, surveyId))
    .orderBy(asc(surveyCategories.position), asc(surveyCategories.id));
  const questions = await db
    .select({
      id: surveyQuestions.id,
      categoryId: surveyQuestions.categoryId,
      title: surveyQuestions.title,
      kind: surveyQuestions.kind,
      answerType: surveyQuestions.answerType,
      optional: surveyQuestions.optional,
      position: surveyQuestions.position,
    })
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
  const options =
    questions.length === 0
      ? []
      : await db
          .select({
            id: surveyQuestionOptions.id,
            questionId: surveyQuestionOptions.questionId,
            value: surveyQuestionOptions.value,
            position: surveyQuestionOptions.position,
          })
          .from(surveyQuestionOptions)
          .where(
            inArray(
              surveyQuestionOptions.questionId,
              questions.map((q) => q.id),
            ),
          )
          .orderBy(asc(surveyQuestionOptions.position), asc(surveyQuestionOptions.id));
  const byCategory = new Map<number, FormQuestion[]>(categories.map((c) => [c.id, []]));
  const byQuestion = new Map<number, FormQuestion>();
  for (const q of questions) {
    const full: FormQuestion = { ...q, options: [] };
    byQuestion.set(q.id, full);
    byCategory.get(q.categoryId)?.push(full);
  }
  for (const { questionId, ...o } of options) byQuestion.get(questionId)?.options.push(o);
  return { categories, byCategory, questions: categories.flatMap((c) => byCategory.get(c.id) ?? []) };
}

/** Whether the caller has answered: their own response, or their marker on an anonymous survey (ADR 035). */
async function answeredBy(db: Db, surveyId: number, isAnonymous: boolean, caller: Caller): Promise<boolean> {
  if (isAnonymous) return hasMarker(db, caller.secret, surveyId, caller.userId);
  const [row] = await db
    .select({ id: surveyInstances.id })
    .from(surveyInstances)
    .where(and(eq(surveyInstances.surveyId, surveyId), eq(surveyInstances.createdById, caller.userId)))
    .limit(1);
  return row !== undefined;
}

/** Who reads the form, and the server secret their marker is keyed with. */
export type Caller = { userId: number; secret: string };

/** The form as the builder and the filling-in screen read it; undefined when the survey does not exist. */
export async function loadForm(db: Db, surveyId: number, caller: Caller): Promise<SurveyForm | undefined> {
  const [survey] = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      description: surveys.description,
      isRefillable: surveys.isRefillable,
      isAnonymous: surveys.isAnonymous,
      minGroupSize: surveys.minGroupSize,
    })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  if (!survey) return undefined;
  const [{ categories, byCategory }, responses, answered] = await Promise.all([
    loadQuestions(db, surveyId),
    hasResponses(db, surveyId),
    answeredBy(db, surveyId, survey.isAnonymous, caller),
  ]);
  return {
    id: survey.id,
    title: survey.title,
    description: survey.description,
    isRefillable: survey.isRefillable ? 1 : 0,
    isAnonymous: survey.isAnonymous ? 1 : 0,
    minGroupSize: survey.minGroupSize,
    hasResponses: responses,
    answered,
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      position: c.position,
      questions: (byCategory.get(c.id) ?? []).map((q) => ({
        id: q.id,
        title: q.title,
        optional: q.optional ? 1 : 0,
        position: q.position,
        kind: q.kind as QuestionKind,
        questionAnswerType: { name: q.answerType as AnswerType },
        options: q.options,
      })),
    })),
  };
}

/**
 * Replaces every category, question and option of the survey with the builder's set, positions in the order
 * sent. The survey row is locked first, so a response submitted at the same moment (which locks it too) is
 * either seen here (409, nothing changed) or waits until the new form is in place.
 */
export async function buildSurvey(db: Db, form: BuildForm): Promise<void> {
  await db.transaction(async (tx) => {
    const [survey] = await tx
      .select({ id: surveys.id })
      .from(surveys)
      .where(eq(surveys.id, form.surveyId))
      .for('update');
    if (!survey) throw notFound();
    if (await hasResponses(tx, survey.id)) throw conflict(MSG.surveyHasResponses);
    // Questions and options go with their categories (ON DELETE CASCADE).
    await tx.delete(surveyCategories).where(eq(surveyCategories.surveyId, survey.id));
    for (const [cPos, category] of form.categories.entries()) {
      const [created] = await tx
        .insert(surveyCategories)
        .values({ surveyId: survey.id, name: category.name, position: cPos })
        .returning({ id: surveyCategories.id });
      if (!created) throw new Error('category not inserted');
      for (const [qPos, q] of category.questions.entries()) {
        const [question] = await tx
          .insert(surveyQuestions)
          .values({
            surveyId: survey.id,
            categoryId: created.id,
            title: q.title,
            kind: q.kind,
            answerType: q.answerType,
            optional: q.optional === 1,
            position: qPos,
          })
          .returning({ id: surveyQuestions.id });
        if (!question) throw new Error('question not inserted');
        if (q.options.length)
          await tx
            .insert(surveyQuestionOptions)
            .values(q.options.map((value, position) => ({ questionId: question.id, value, position })));
      }
    }
    await tx.update(surveys).set({ updatedAt: new Date() }).where(eq(surveys.id, survey.id));
  });
}
