// The report and CSV of an anonymous survey (issue 19, ADR 035). Nothing names a respondent: no name, e-mail,
// user id or time. Responses are numbered 1..n in the order of a keyed hash of their ids, not in the order
// they were given, so "the first row is the first to answer" cannot be read off the page or the file; their
// text answers are listed in that order too. Results by location and department come only for groups large
// enough, the two splits checked together (survey-splits.ts). A response's own location and department are never shown beside its answers.
import type { SurveySplits } from '@hearth/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, surveyAnswers, surveyInstances } from '../../db/schema';
import { type CsvValue, keysetBatches } from '../../platform/csv';
import { responseOrderKey } from '../surveys/respondent-marker';
import { type ChoiceQuestion, type SplitResponse, splitTables } from './survey-splits';

type Response = { id: number; isComplete: boolean; locationId: number | null; departmentId: number | null };

/** The survey's responses in their report order, each with its number (1..n). */
async function numberedResponses(db: Db, surveyId: number, secret: string, completeOnly: boolean) {
  const rows: Response[] = await db
    .select({
      id: surveyInstances.id,
      isComplete: surveyInstances.isComplete,
      locationId: surveyInstances.locationId,
      departmentId: surveyInstances.departmentId,
    })
    .from(surveyInstances)
    .where(
      and(
        eq(surveyInstances.surveyId, surveyId),
        completeOnly ? eq(surveyInstances.isComplete, true) : undefined,
      ),
    );
  const keyed = rows.map((r) => ({ ...r, key: responseOrderKey(secret, r.id) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((r, i) => ({ ...r, number: i + 1 }));
}

type Answer = { instanceId: number; questionId: number; text: string };
type Question = { id: number; options: string[] };

async function groupNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The anonymous parts of GET /surveys/{id}/report: the numbered instances, the answers renumbered to them
 * (in that order), and the splits.
 */
export async function anonymousReportParts(
  db: Db,
  surveyId: number,
  secret: string,
  answers: Answer[],
  questions: Question[],
  minGroupSize: number,
) {
  const responses = await numberedResponses(db, surveyId, secret, false);
  const numberOf = new Map(responses.map((r) => [r.id, r.number]));
  const numbered = answers
    .map((a) => ({ ...a, instanceId: numberOf.get(a.instanceId) ?? 0 }))
    .sort((a, b) => a.instanceId - b.instanceId);
  const complete = responses.filter((r) => r.isComplete);
  const answersOf = new Map<number, Map<number, string>>();
  for (const a of numbered) {
    const map = answersOf.get(a.instanceId) ?? new Map<number, string>();
    map.set(a.questionId, a.text);
    answersOf.set(a.instanceId, map);
  }
  const splitInput: SplitResponse[] = complete.map((r) => ({
    locationId: r.locationId,
    departmentId: r.departmentId,
    answers: answersOf.get(r.number) ?? new Map(),
  }));
  const names = await groupNames(db, [
    ...complete.map((r) => r.locationId),
    ...complete.map((r) => r.departmentId),
  ]);
  const choice: ChoiceQuestion[] = questions.filter((q) => q.options.length > 0);
  // Both splits are suppressed together: each on its own would leave their overlaps open (issue 30).
  const splits: SurveySplits = { minGroupSize, ...splitTables(splitInput, names, choice, minGroupSize) };
  return {
    instances: responses.map((r) => ({
      id: r.number,
      isComplete: r.isComplete,
      completedAt: null,
      createdBy: null,
    })),
    answers: numbered,
    splits,
  };
}

const BATCH = 500;

/**
 * The CSV rows of an anonymous survey: the response's number and its answers, in report order. The ids are
 * read at once (a number each), then the answers a batch of responses at a time.
 */
export async function* anonymousCsvRows(
  db: Db,
  surveyId: number,
  secret: string,
  column: Map<number, number>,
  questionCount: number,
  strip: (text: string) => string,
): AsyncGenerator<CsvValue[][]> {
  const responses = await numberedResponses(db, surveyId, secret, true);
  const batches = keysetBatches(
    BATCH,
    async (after: number | undefined, limit) => responses.slice(after ?? 0, (after ?? 0) + limit),
    (r) => r.number,
  );
  for await (const batch of batches) {
    const answers = await db
      .select({
        instanceId: surveyAnswers.instanceId,
        questionId: surveyAnswers.questionId,
        text: surveyAnswers.textAnswer,
      })
      .from(surveyAnswers)
      .where(
        inArray(
          surveyAnswers.instanceId,
          batch.map((r) => r.id),
        ),
      )
      .orderBy(asc(surveyAnswers.id));
    const cells = new Map(
      batch.map((r) => [r.id, Array.from({ length: questionCount }, () => [] as string[])]),
    );
    for (const a of answers) {
      const i = column.get(a.questionId);
      if (i !== undefined) cells.get(a.instanceId)?.[i]?.push(strip(a.text));
    }
    yield batch.map((r) => [r.number, ...(cells.get(r.id) ?? []).map((texts) => texts.join(' '))]);
  }
}
