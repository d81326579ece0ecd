// Pure helpers of the report screens: table sort to API sort, and the survey report's
// grouping and counting. Kept free of React so they are unit-tested.
import type { PostReportRow, SurveyReport, SurveyReportQuestion } from '@hearth/contract';

export type SortOrder = 'asc' | 'desc';
/** A report table's sort column and order, as the API takes them. */
export type TableSorting<S extends string> = { sort: S; order: SortOrder };

/**
 * An antd sorter result (column key and ascend/descend) as the API's sort and order: unsorted, or a column
 * the API cannot sort by, gives the default.
 */
export function apiSort<S extends string>(
  columnKey: unknown,
  order: 'ascend' | 'descend' | null | undefined,
  fallback: { sort: S; order: SortOrder },
  sorts: readonly S[],
): { sort: S; order: SortOrder } {
  if (!order || typeof columnKey !== 'string') return fallback;
  if (!(sorts as readonly string[]).includes(columnKey)) return fallback;
  return { sort: columnKey as S, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** A bar of the top posts chart (GET /reports/top-posts answers these, most likes plus comments first). */
export type TopPost = Pick<PostReportRow, 'id' | 'title' | 'likes' | 'comments'>;

export type Respondent = { instanceId: number; name: string; email: string; completedAt: string | null };

/** The responses counted by the report: complete instances only. */
export function completedInstances(report: SurveyReport) {
  return report.instances.filter((i) => i.isComplete);
}

/** Who answered; none for an anonymous survey, whose responses name no one (ADR 035). */
export function respondents(report: SurveyReport): Respondent[] {
  return completedInstances(report).flatMap((i) =>
    i.createdBy
      ? [
          {
            instanceId: i.id,
            name: `${i.createdBy.firstName} ${i.createdBy.lastName}`.trim(),
            email: i.createdBy.email,
            completedAt: i.completedAt,
          },
        ]
      : [],
  );
}

/** Questions grouped by category, in the order the categories first appear. */
export function questionsByCategory(questions: SurveyReportQuestion[]): [string, SurveyReportQuestion[]][] {
  const groups = new Map<string, SurveyReportQuestion[]>();
  for (const q of questions) {
    const list = groups.get(q.categoryName);
    if (list) list.push(q);
    else groups.set(q.categoryName, [q]);
  }
  return [...groups.entries()];
}

/** A choice question (radio, select): one of its options is the answer. */
export function isOptionQuestion(q: SurveyReportQuestion): boolean {
  return q.options.length > 0;
}

/** Answers of complete responses only, blank answers left out. */
export function countedAnswers(report: SurveyReport, q: SurveyReportQuestion) {
  const complete = new Set(completedInstances(report).map((i) => i.id));
  return q.answers.filter((a) => complete.has(a.surveyInstanceId) && a.textAnswer.trim() !== '');
}

export type OptionCount = { option: string; count: number };

/** How many responses chose each option, in the options' order; answers matching no option count as Other. */
export function optionCounts(report: SurveyReport, q: SurveyReportQuestion): OptionCount[] {
  const counts = new Map<string, number>(q.options.map((o) => [o, 0]));
  let other = 0;
  for (const a of countedAnswers(report, q)) {
    const current = counts.get(a.textAnswer);
    if (current === undefined) other += 1;
    else counts.set(a.textAnswer, current + 1);
  }
  const rows = [...counts.entries()].map(([option, count]) => ({ option, count }));
  return other > 0 ? [...rows, { option: 'Other', count: other }] : rows;
}

/** Short axis labels: long titles end with an ellipsis (the full title is in the tooltip and table). */
export function shortLabel(text: string, max = 24): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
