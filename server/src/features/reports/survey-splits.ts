// Results of an anonymous survey split by the respondents' location and department (issue 19, ADR 035), with
// small groups kept out of sight. A group is shown only with at least `min` responses; smaller groups and the
// responses without a group are merged into one "other" row. When that row would itself have fewer than `min`,
// the smallest shown group joins it until it has enough (or nothing is left to show): otherwise the survey's
// totals minus the shown rows would give the small groups' answers back (the differencing attack).
import type { SurveySplitRow } from '@hearth/contract';

/** A complete response as the splits read it: its group ids and its answers by question. */
export type SplitResponse = {
  locationId: number | null;
  departmentId: number | null;
  answers: Map<number, string>;
};
export type ChoiceQuestion = { id: number; options: string[] };

function choicesOf(responses: SplitResponse[], questions: ChoiceQuestion[]) {
  return questions.map((q) => {
    const counts = new Map<string, number>(q.options.map((o) => [o, 0]));
    for (const r of responses) {
      const answer = r.answers.get(q.id);
      const current = answer === undefined ? undefined : counts.get(answer);
      if (answer !== undefined && current !== undefined) counts.set(answer, current + 1);
    }
    return { questionId: q.id, counts: [...counts].map(([option, count]) => ({ option, count })) };
  });
}

/**
 * The rows of one split: `groupOf` gives a response's group id, `names` the groups' names (a group id without
 * a name, as one deleted since, counts with the responses that have no group).
 */
export function splitRows(
  responses: SplitResponse[],
  groupOf: (r: SplitResponse) => number | null,
  names: Map<number, string>,
  questions: ChoiceQuestion[],
  min: number,
): SurveySplitRow[] {
  const byGroup = new Map<string, SplitResponse[]>();
  const rest: SplitResponse[] = [];
  for (const r of responses) {
    const name = names.get(groupOf(r) ?? 0);
    if (name === undefined) {
      rest.push(r);
      continue;
    }
    const list = byGroup.get(name);
    if (list) list.push(r);
    else byGroup.set(name, [r]);
  }
  const shown: { name: string; responses: SplitResponse[] }[] = [];
  for (const [name, list] of byGroup) {
    if (list.length >= min) shown.push({ name, responses: list });
    else rest.push(...list);
  }
  // Largest first, so the smallest shown group is the last, the one to merge when the rest is too small.
  shown.sort((a, b) => b.responses.length - a.responses.length || a.name.localeCompare(b.name));
  while (rest.length > 0 && rest.length < min && shown.length > 0)
    rest.push(...(shown.pop()?.responses ?? []));
  const row = (name: string | null, list: SplitResponse[]): SurveySplitRow => ({
    name,
    other: name === null,
    responses: list.length,
    choices: choicesOf(list, questions),
  });
  return [...shown.map((b) => row(b.name, b.responses)), ...(rest.length >= min ? [row(null, rest)] : [])];
}
