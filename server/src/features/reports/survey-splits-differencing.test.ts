// Differencing across the location and the department splits of an anonymous survey together (issue 30,
// ADR 035). Each split on its own shows only groups of at least the survey's size, but an administrator who
// knows who works where can combine the two: subtract a department nested in a location from that location,
// or find the one response whose answer shows up in a location row and in a department row whose overlap is
// a single person. Two layouts replay both attacks through the API; an auditor, written from the figures an
// administrator sees and nothing of the server's code, checks that no group under the size can be derived.
import { ROLE, type SurveySplitRow, type SurveySplits } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { createGroups } from '../../../test/factories';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { addQuestions, createSurvey } from '../surveys/test-support';
import { splitTables } from './survey-splits';

const t = useTestApp({ users: { admin: ROLE.ADMIN } });
const { admin } = t.users;
const MIN = 5;

/** The two splits as an administrator reads them. */
type Published = Pick<SurveySplits, 'locations' | 'departments'>;

/** Who answered what: the truth the administrator reconstructs from the org chart and the figures. */
type Truth = { location: string; department: string; mood: string }[];

/** A layout: how many people of each (location, department) answer, and with which mood. */
type Layout = { location: 'A' | 'B'; department: 'X' | 'Y'; moods: string[] }[];

/** Makes two locations and two departments, the people of the layout, and their answers to a new survey. */
async function replay(layout: Layout) {
  const [one, two] = [await createGroups(t.db), await createGroups(t.db)];
  const location = { A: one.location, B: two.location };
  const department = { X: one.department, Y: two.department };
  const survey = await createSurvey(t.db, admin.user.id, { isAnonymous: true, minGroupSize: MIN });
  const [mood] = (await addQuestions(t.db, survey.id, {
    Mood: [{ title: 'Mood', options: ['Good', 'Bad'] }],
  })) as [number];
  const truth: Truth = [];
  for (const cell of layout)
    for (const m of cell.moods) {
      const s = await userWithSession(t.app, t.db, {
        groupIds: [location[cell.location].id, department[cell.department].id],
      });
      const res = await t.call('POST', '/v1/api/surveys/instances', s, {
        surveyId: survey.id,
        answers: [{ surveyQuestionId: mood, textAnswer: m }],
      });
      expect(res.statusCode, res.body).toBe(201);
      truth.push({
        location: location[cell.location].name,
        department: department[cell.department].name,
        mood: m,
      });
    }
  const res = await t.get(`/v1/api/surveys/${survey.id}/report`, admin);
  expect(res.statusCode, res.body).toBe(200);
  const splits = res.json().data.splits as SurveySplits;
  const names = { A: location.A.name, B: location.B.name, X: department.X.name, Y: department.Y.name };
  return { splits, truth, names };
}

/**
 * The groups an administrator can single out: each split's shown rows and its remainder (the totals minus
 * the shown rows, whether or not an "Other" row is shown). A person belongs to the named row of their group if
 * it is shown, else to the remainder (null).
 */
function classesOf(rows: SurveySplitRow[]) {
  const shown = new Set(rows.filter((r) => !r.other).map((r) => r.name));
  return (name: string) => (shown.has(name) ? name : null);
}

/**
 * Every combination of the published figures with coefficients -1, 0 or 1 (location rows and remainder,
 * department rows and remainder) that adds up to a plain group of people (each counted 0 or 1 times): the
 * sizes of those groups. Any size from 1 to MIN - 1 is a small group derived by differencing.
 */
function derivableSizes(splits: Published, truth: Truth): number[] {
  const loc = classesOf(splits.locations);
  const dep = classesOf(splits.departments);
  const figures = [
    ...new Set(truth.map((p) => `L:${loc(p.location)}`)),
    ...new Set(truth.map((p) => `D:${dep(p.department)}`)),
  ];
  const sizes: number[] = [];
  for (let code = 0; code < 3 ** figures.length; code++) {
    const coef = new Map<string, number>();
    let c = code;
    for (const f of figures) {
      coef.set(f, (c % 3) - 1);
      c = Math.floor(c / 3);
    }
    const each = truth.map(
      (p) => (coef.get(`L:${loc(p.location)}`) ?? 0) + (coef.get(`D:${dep(p.department)}`) ?? 0),
    );
    if (each.every((k) => k === 0 || k === 1)) sizes.push(each.filter((k) => k === 1).length);
  }
  return sizes;
}

/** People in each (location class, department class) pair: where one response's answers can be pinned. */
function overlaps(splits: Published, truth: Truth): number[] {
  const loc = classesOf(splits.locations);
  const dep = classesOf(splits.departments);
  const counts = new Map<string, number>();
  for (const p of truth) {
    const key = `${loc(p.location)}|${dep(p.department)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()];
}

const small = (n: number) => n > 0 && n < MIN;
const moodCount = (row: SurveySplitRow | undefined, option: string) =>
  row?.choices[0]?.counts.find((c) => c.option === option)?.count;

describe('the location and department splits together', () => {
  it('do not let a department nested in a location be subtracted from it (a group of 1)', async () => {
    // Department X works only in location A: A is 5 of X and 1 of Y, Y is that 1 and 5 in B.
    const { splits, truth, names } = await replay([
      { location: 'A', department: 'X', moods: ['Good', 'Good', 'Good', 'Good', 'Good'] },
      { location: 'A', department: 'Y', moods: ['Bad'] },
      { location: 'B', department: 'Y', moods: ['Good', 'Good', 'Good', 'Good', 'Good'] },
    ]);
    // The attack on the old splits: A (6) minus X (5) is the one person of A in Y, with their answer.
    const a = splits.locations.find((r) => r.name === names.A);
    const x = splits.departments.find((r) => r.name === names.X);
    const attack = a && x ? (moodCount(a, 'Bad') ?? 0) - (moodCount(x, 'Bad') ?? 0) : undefined;
    expect(a && x ? a.responses - x.responses : undefined, `the difference gives ${attack} Bad`).not.toBe(1);
    expect(derivableSizes(splits, truth).filter(small)).toEqual([]);
    expect(overlaps(splits, truth).filter(small)).toEqual([]);
    // Something is still shown: results by group are not given up when a safe layout exists.
    expect(splits.locations.length + splits.departments.length).toBeGreaterThan(0);
  });

  it("do not pin one response's answer to a location and a department that overlap in one person", async () => {
    // A: 4 of X and 1 of Y; B: 1 of X and 4 of Y. Every row has 5, no subtraction gives a small group, but
    // the only Bad answer shows in A's row and in Y's row: it is the one person of A in Y.
    const { splits, truth, names } = await replay([
      { location: 'A', department: 'X', moods: ['Good', 'Good', 'Good', 'Good'] },
      { location: 'A', department: 'Y', moods: ['Bad'] },
      { location: 'B', department: 'X', moods: ['Good'] },
      { location: 'B', department: 'Y', moods: ['Good', 'Good', 'Good', 'Good'] },
    ]);
    const a = splits.locations.find((r) => r.name === names.A);
    const y = splits.departments.find((r) => r.name === names.Y);
    expect(
      moodCount(a, 'Bad') === 1 && moodCount(y, 'Bad') === 1,
      'the Bad answer is pinned to A and Y',
    ).toBe(false);
    expect(overlaps(splits, truth).filter(small)).toEqual([]);
    expect(derivableSizes(splits, truth).filter(small)).toEqual([]);
  });
});

describe('splitTables', () => {
  const names = new Map([
    [1, 'Paris'],
    [2, 'Lyon'],
    [11, 'Sales'],
    [12, 'Tech'],
  ]);
  const q = [{ id: 1, options: ['Yes', 'No'] }];
  const many = (n: number, locationId: number | null, departmentId: number | null) =>
    Array.from({ length: n }, () => ({ locationId, departmentId, answers: new Map([[1, 'Yes']]) }));
  const shape = (rows: SurveySplitRow[]) => rows.map((r) => [r.name, r.responses]);

  it('keeps both splits when every location and department overlap is empty or large enough', () => {
    const s = splitTables([...many(5, 1, 11), ...many(6, 2, 12), ...many(5, 2, 11)], names, q, 5);
    expect(shape(s.locations)).toEqual([
      ['Lyon', 11],
      ['Paris', 5],
    ]);
    expect(shape(s.departments)).toEqual([
      ['Sales', 10],
      ['Tech', 6],
    ]);
  });

  it('merges the smaller of the two rows around a small overlap, until none is left', () => {
    const s = splitTables([...many(5, 1, 11), ...many(1, 1, 12), ...many(5, 2, 12)], names, q, 5);
    const truth = [
      ...Array.from({ length: 5 }, () => ({ location: 'Paris', department: 'Sales', mood: 'Yes' })),
      { location: 'Paris', department: 'Tech', mood: 'Yes' },
      ...Array.from({ length: 5 }, () => ({ location: 'Lyon', department: 'Tech', mood: 'Yes' })),
    ];
    expect(overlaps(s, truth).filter(small)).toEqual([]);
    expect(derivableSizes(s, truth).filter(small)).toEqual([]);
    // Every row shown, and the remainder of each split, has at least 5.
    for (const rows of [s.locations, s.departments]) {
      const shown = rows.reduce((n, r) => n + r.responses, 0);
      expect(rows.every((r) => r.responses >= 5)).toBe(true);
      expect(small(11 - shown)).toBe(false);
    }
  });
});
