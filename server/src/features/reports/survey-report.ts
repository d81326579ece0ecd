// Survey responses report (product.md sections 2, 3 and 9): the list of surveys with their response counts,
// one survey's report (respondents, questions with their answers) and its CSV (one row per completed
// response, one column per question, answers stripped of everything but letters, digits and spaces). An
// anonymous survey's report and CSV name no one and show no times (anonymous-survey-report.ts, ADR 035).
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  surveyAnswers,
  surveyCategories,
  surveyInstances,
  surveyQuestionOptions,
  surveyQuestions,
  surveys,
  users,
} from '../../db/schema';
import { type CsvValue, keysetBatches } from '../../platform/csv';
import { readAnonymousSurveysSetting } from '../surveys/anonymous-setting';
import { anonymousCsvRows, anonymousReportParts } from './anonymous-survey-report';

const iso = (d: Date | null) => d?.toISOString() ?? null;

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** Every survey, newest first, with its completed responses (an index probe per survey). */
export async function surveyReportList(db: Db) {
  const rows = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      stateId: surveys.stateId,
      startAt: surveys.startAt,
      endAt: surveys.endAt,
      isAnonymous: surveys.isAnonymous,
      responses: sql<number>`(select count(*)::int from survey_instances si
        where si.survey_id = "surveys"."id" and si.is_complete)`,
    })
    .from(surveys)
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
  return rows.map((r) => ({
    ...r,
    startAt: iso(r.startAt),
    endAt: iso(r.endAt),
    responses: Number(r.responses),
  }));
}

export async function findSurvey(db: Db, id: number) {
  const [row] = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      description: surveys.description,
      isAnonymous: surveys.isAnonymous,
      minGroupSize: surveys.minGroupSize,
    })
    .from(surveys)
    .where(eq(surveys.id, id));
  return row;
}

// What the report and the CSV read of questions, responses (with their respondent) and answers.
const QUESTION = {
  id: surveyQuestions.id,
  title: surveyQuestions.title,
  categoryName: surveyCategories.name,
  answerType: surveyQuestions.answerType,
};
const RESPONSE = {
  id: surveyInstances.id,
  isComplete: surveyInstances.isComplete,
  completedAt: surveyInstances.completedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
const ANSWER = {
  instanceId: surveyAnswers.instanceId,
  questionId: surveyAnswers.questionId,
  text: surveyAnswers.textAnswer,
};

/** A survey's questions in form order: category position, then question position (ids break ties). */
function questionsOf(db: Db, surveyId: number) {
  return db
    .select(QUESTION)
    .from(surveyQuestions)
    .innerJoin(surveyCategories, eq(surveyCategories.id, surveyQuestions.categoryId))
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(
      asc(surveyCategories.position),
      asc(surveyCategories.id),
      asc(surveyQuestions.position),
      asc(surveyQuestions.id),
    );
}

/** GET /surveys/{id}/report; undefined for an unknown survey. `secret` orders an anonymous survey's responses. */
export async function surveyReport(db: Db, surveyId: number, secret: string) {
  const found = await findSurvey(db, surveyId);
  if (!found) return undefined;
  const { minGroupSize: fixedMin, ...survey } = found;
  const [instances, questions, options, answers] = await Promise.all([
    survey.isAnonymous
      ? []
      : db
          .select(RESPONSE)
          .from(surveyInstances)
          .innerJoin(users, eq(users.id, surveyInstances.createdById))
          .where(eq(surveyInstances.surveyId, surveyId))
          .orderBy(asc(surveyInstances.id)),
    questionsOf(db, surveyId),
    db
      .select({ questionId: surveyQuestionOptions.questionId, value: surveyQuestionOptions.value })
      .from(surveyQuestionOptions)
      .innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyQuestionOptions.questionId))
      .where(eq(surveyQuestions.surveyId, surveyId))
      .orderBy(asc(surveyQuestionOptions.position), asc(surveyQuestionOptions.id)),
    db
      .select(ANSWER)
      .from(surveyAnswers)
      .innerJoin(surveyInstances, eq(surveyInstances.id, surveyAnswers.instanceId))
      .where(eq(surveyInstances.surveyId, surveyId))
      .orderBy(asc(surveyAnswers.instanceId), asc(surveyAnswers.id)),
  ]);
  const optionsOf = groupBy(options, (o) => o.questionId);
  const anonymous = survey.isAnonymous
    ? await anonymousReportParts(
        db,
        surveyId,
        secret,
        answers,
        questions.map((q) => ({ id: q.id, options: (optionsOf.get(q.id) ?? []).map((o) => o.value) })),
        // The size fixed when the survey opened (ADR 035). A survey never published that has responses
        // anyway (written directly, never through the API) falls back to the setting.
        fixedMin ?? (await readAnonymousSurveysSetting(db)).minGroupSize,
      )
    : null;
  const answersOf = groupBy(anonymous?.answers ?? answers, (a) => a.questionId);
  return {
    survey,
    instances:
      anonymous?.instances ??
      instances.map((i) => ({
        id: i.id,
        isComplete: i.isComplete,
        completedAt: iso(i.completedAt),
        createdBy: { firstName: i.firstName, lastName: i.lastName, email: i.email },
      })),
    splits: anonymous?.splits ?? null,
    questions: questions.map((q) => ({
      id: q.id,
      title: q.title,
      categoryName: q.categoryName,
      questionAnswerType: { name: q.answerType },
      options: (optionsOf.get(q.id) ?? []).map((o) => o.value),
      answers: (answersOf.get(q.id) ?? []).map((a) => ({
        surveyInstanceId: a.instanceId,
        surveyQuestionId: a.questionId,
        textAnswer: a.text,
      })),
    })),
  };
}

/**
 * product.md section 9: the export strips non-alphanumeric characters from answers. Letters of every script
 * (with their combining marks: Devanagari, Arabic vowel signs, decomposed accents) and digits stay; any
 * whitespace becomes one space.
 */
export function stripAnswer(text: string): string {
  return text
    .replace(/\s+/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N} ]+/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

const BATCH = 500;

/**
 * The CSV's header and its rows (completed responses, oldest first), read in keyset batches by id. An
 * anonymous survey's CSV has the response's number instead of e-mail and time (ADR 035).
 */
export async function surveyResponsesCsv(
  db: Db,
  survey: { id: number; isAnonymous: boolean },
  date: (d: Date | null) => string,
  secret: string,
) {
  const surveyId = survey.id;
  const questions = await questionsOf(db, surveyId);
  const column = new Map(questions.map((q, i) => [q.id, i]));
  if (survey.isAnonymous)
    return {
      header: ['Response', ...questions.map((q) => q.title)],
      rows: anonymousCsvRows(db, surveyId, secret, column, questions.length, stripAnswer),
    };
  const header = ['Email', 'Completed', ...questions.map((q) => q.title)];

  async function* rows(): AsyncGenerator<CsvValue[][]> {
    const batches = keysetBatches(
      BATCH,
      (after: number | undefined, limit) =>
        db
          .select({ id: surveyInstances.id, email: users.email, completedAt: surveyInstances.completedAt })
          .from(surveyInstances)
          .innerJoin(users, eq(users.id, surveyInstances.createdById))
          .where(
            and(
              eq(surveyInstances.surveyId, surveyId),
              eq(surveyInstances.isComplete, true),
              after === undefined ? undefined : gt(surveyInstances.id, after),
            ),
          )
          .orderBy(asc(surveyInstances.id))
          .limit(limit),
      (row) => row.id,
    );
    for await (const instances of batches) {
      const answers = await db
        .select(ANSWER)
        .from(surveyAnswers)
        .where(
          inArray(
            surveyAnswers.instanceId,
            instances.map((i) => i.id),
          ),
        )
        .orderBy(asc(surveyAnswers.id));
      const cells = new Map(instances.map((i) => [i.id, questions.map(() => [] as string[])]));
      for (const a of answers) {
        const i = column.get(a.questionId);
        if (i !== undefined) cells.get(a.instanceId)?.[i]?.push(stripAnswer(a.text));
      }
      yield instances.map((inst) => [
        inst.email,
        date(inst.completedAt),
        // Several answers to one question (none today) would share its cell.
        ...(cells.get(inst.id) ?? []).map((texts) => texts.join(' ')),
      ]);
    }
  }
  return { header, rows: rows() };
}
