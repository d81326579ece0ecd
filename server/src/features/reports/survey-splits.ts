// Results of an anonymous survey split by the respondents' location and department (issue 19, ADR 035), with
// small groups kept out of sight. Both splits are published together, so what must stay large enough is not
// each row on its own but every overlap of a location row and a department row (each split's remainder, the
// totals minus its shown rows, counting as a row): an administrator who knows who works where can subtract a
// department nested in a location from it, or find the one response whose answer shows in a location row and
// in a department row and so pin it to their overlap (issue 30). So, starting from every group shown, while
// some overlap has between 1 and min-1 responses, the smaller of its two rows is merged into its split's
// remainder (when the overlap is of the two remainders, a group that feeds it, else the smallest group shown).
// Every published figure is then a sum of overlaps of at least min responses, so every group derived by adding
// and subtracting figures is a union of such overlaps: none is under the size, and one response's answers can
// be pinned to no fewer than min people.
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

/** A response's group in one split: the group's name, or null when it has none (or one deleted since). */
type Classify = (r: SplitResponse) => string | null;

/**
 * Which groups of each split can be shown (see the head of the file). Every step merges one group into its
 * split's remainder, so it ends after at most as many steps as there are groups.
 */
function shownGroups(responses: SplitResponse[], splits: Classify[], min: number): Set<string>[] {
  const named = responses.map((r) => splits.map((groupOf) => groupOf(r)));
  const shown = splits.map((_, d) => new Set(named.flatMap((n) => (n[d] ? [n[d]] : []))));
  for (;;) {
    // Overlaps keyed by each split's shown group or remainder (null); totals of each shown group.
    const overlaps = new Map<string, { of: (string | null)[]; n: number }>();
    const totals = splits.map(() => new Map<string, number>());
    for (const n of named) {
      const of = n.map((name, d) => (name !== null && shown[d]?.has(name) ? name : null));
      const key = JSON.stringify(of);
      const cell = overlaps.get(key) ?? { of, n: 0 };
      cell.n += 1;
      overlaps.set(key, cell);
      of.forEach((name, d) => {
        if (name !== null) totals[d]?.set(name, (totals[d]?.get(name) ?? 0) + 1);
      });
    }
    const tooSmall = [...overlaps.values()]
      .filter((c) => c.n < min)
      .sort((a, b) => a.n - b.n || JSON.stringify(a.of).localeCompare(JSON.stringify(b.of)))[0];
    if (!tooSmall) break;
    type Candidate = { d: number; name: string };
    const own: Candidate[] = tooSmall.of.flatMap((name, d) => (name === null ? [] : [{ d, name }]));
    // The remainders' own overlap grows only by merging a group with responses in every other remainder.
    const feeding: Candidate[] = [...overlaps.values()]
      .filter((c) => c.of.filter((name) => name !== null).length === 1)
      .map((c) => {
        const d = c.of.findIndex((name) => name !== null);
        return { d, name: c.of[d] as string };
      });
    const any: Candidate[] = shown.flatMap((names, d) => [...names].map((name) => ({ d, name })));
    const candidates = own.length > 0 ? own : feeding.length > 0 ? feeding : any;
    // The smallest group goes (the least detail lost); ties: the first split (location), then by name.
    const merged = candidates.sort(
      (a, b) =>
        (totals[a.d]?.get(a.name) ?? 0) - (totals[b.d]?.get(b.name) ?? 0) ||
        a.d - b.d ||
        a.name.localeCompare(b.name),
    )[0];
    // Nothing left to merge: the whole survey is under the size, and no row of either split is shown.
    if (!merged) break;
    shown[merged.d]?.delete(merged.name);
  }
  return shown;
}

/** The rows of one split: its shown groups, largest first, then the remainder when it has at least `min`. */
function rowsOf(
  responses: SplitResponse[],
  groupOf: Classify,
  shown: Set<string>,
  questions: ChoiceQuestion[],
  min: number,
): SurveySplitRow[] {
  const byGroup = new Map<string, SplitResponse[]>();
  const rest: SplitResponse[] = [];
  for (const r of responses) {
    const name = groupOf(r);
    if (name === null || !shown.has(name)) {
      rest.push(r);
      continue;
    }
    const list = byGroup.get(name);
    if (list) list.push(r);
    else byGroup.set(name, [r]);
  }
  const groups = [...byGroup].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));
  const row = (name: string | null, list: SplitResponse[]): SurveySplitRow => ({
    name,
    other: name === null,
    responses: list.length,
    choices: choicesOf(list, questions),
  });
  return [...groups.map(([name, list]) => row(name, list)), ...(rest.length >= min ? [row(null, rest)] : [])];
}

/** A response's group in a split by its id: null without one, or when the group is gone (no name). */
const byName =
  (names: Map<number, string>, idOf: (r: SplitResponse) => number | null): Classify =>
  (r) =>
    names.get(idOf(r) ?? 0) ?? null;

/**
 * Both splits of an anonymous survey's report, suppressed together (see the head of the file). `names` gives
 * the groups' names by id (locations and departments alike).
 */
export function splitTables(
  responses: SplitResponse[],
  names: Map<number, string>,
  questions: ChoiceQuestion[],
  min: number,
): { locations: SurveySplitRow[]; departments: SurveySplitRow[] } {
  const location = byName(names, (r) => r.locationId);
  const department = byName(names, (r) => r.departmentId);
  const [locations, departments] = shownGroups(responses, [location, department], min);
  return {
    locations: rowsOf(responses, location, locations ?? new Set(), questions, min),
    departments: rowsOf(responses, department, departments ?? new Set(), questions, min),
  };
}

/**
 * One split on its own (the other published nowhere): `groupOf` gives a response's group id, `names` the
 * groups' names (a group id without a name, as one deleted since, counts with the responses that have none).
 */
export function splitRows(
  responses: SplitResponse[],
  groupOf: (r: SplitResponse) => number | null,
  names: Map<number, string>,
  questions: ChoiceQuestion[],
  min: number,
): SurveySplitRow[] {
  const classify = byName(names, groupOf);
  const [shown] = shownGroups(responses, [classify], min);
  return rowsOf(responses, classify, shown ?? new Set(), questions, min);
}
