// The report and CSV of an anonymous survey (ADR 035): no respondent's name, e-mail, id or time, responses
// numbered in an order that is not the answering order; splits by location and department only for groups of
// at least the size the survey fixed when it opened, the smaller ones merged into one row shown only when it
// is large enough too.
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser } from '../../../test/factories';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { surveyInstances, surveys } from '../../db/schema';
import { addQuestions, createSurvey } from '../surveys/test-support';
import { splitRows } from './survey-splits';
import { readCsv, respond } from './test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;
type Groups = Awaited<ReturnType<typeof createGroups>>;

let big: Groups;
let small: Groups;
let anonymousId: number;
let namedId: number;
let mood: number;
let comment: number;
const people: Session[] = [];

/** Answers through the API as `s` (so the groups are copied as the server does). */
async function answer(s: Session, surveyId: number, moodAnswer: string, text: string) {
  const res = await t.call('POST', '/v1/api/surveys/instances', s, {
    surveyId,
    answers: [
      { surveyQuestionId: mood, textAnswer: moodAnswer },
      { surveyQuestionId: comment, textAnswer: text },
    ],
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

beforeAll(async () => {
  big = await createGroups(t.db);
  small = await createGroups(t.db);
  const survey = await createSurvey(t.db, admin.user.id, { isAnonymous: true, title: 'Pulse' });
  anonymousId = survey.id;
  [mood, comment] = (await addQuestions(t.db, anonymousId, {
    Mood: [
      { title: 'Mood', options: ['Good', 'Bad'] },
      { title: 'Comment', optional: true },
    ],
  })) as [number, number];
  // 6 people in the big location and department, 2 in the small ones, 1 in none.
  const specs = [
    ...Array.from({ length: 6 }, () => [big.location.id, big.department.id]),
    [small.location.id, small.department.id],
    [small.location.id, small.department.id],
    [],
  ];
  for (const [i, groupIds] of specs.entries()) {
    const s = await userWithSession(t.app, t.db, {
      firstName: `Resp${i}`,
      lastName: `Ondent${i}`,
      email: `respondent${i}@example.com`,
      groupIds,
    });
    people.push(s);
    await answer(s, anonymousId, i % 3 === 0 ? 'Bad' : 'Good', `note number ${i}`);
  }
  const named = await createSurvey(t.db, admin.user.id, { title: 'Named' });
  namedId = named.id;
  const [q] = await addQuestions(t.db, namedId, { One: [{ title: 'Name?' }] });
  const ann = await createUser(t.db, { firstName: 'Ann', lastName: 'Named', email: 'ann.named@example.com' });
  await respond(t.db, namedId, ann.id, { [q as number]: 'Ann' });
});

const report = async (id: number) => {
  const res = await t.get(`/v1/api/surveys/${id}/report`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const setMin = (minGroupSize: unknown, s = admin) =>
  t.call('PUT', '/v1/api/settings/anonymous-surveys', s, { minGroupSize });
/** The survey as if it had opened with another size (the size is fixed then, ADR 035). */
const openedWith = (minGroupSize: number) =>
  t.db.update(surveys).set({ minGroupSize }).where(eq(surveys.id, anonymousId));

describe('the report of an anonymous survey', () => {
  it('names no one and shows no time; responses are numbered 1..n, not by answering order', async () => {
    const data = await report(anonymousId);
    expect(data.survey).toMatchObject({ id: anonymousId, isAnonymous: true });
    expect(data.instances).toHaveLength(9);
    for (const i of data.instances) expect(i).toMatchObject({ createdBy: null, completedAt: null });
    expect(data.instances.map((i: { id: number }) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const text = JSON.stringify(data);
    for (const p of people) {
      expect(text).not.toContain(p.user.email);
      expect(text).not.toContain(p.user.firstName);
    }
    // The numbers are not the answering order: the text answers, given in order 0..8, come shuffled.
    const comments = data.questions.find((q: { id: number }) => q.id === comment).answers;
    const order = comments.map((a: { textAnswer: string }) => Number(a.textAnswer.split(' ').at(-1)));
    expect(order).toHaveLength(9);
    expect(order).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // The stored rows have no user either.
    const rows = await t.db.select().from(surveyInstances);
    expect(rows.filter((r) => r.surveyId === anonymousId).every((r) => r.createdById === null)).toBe(true);
  });

  it('its CSV has the response number and the answers: no e-mail, no time', async () => {
    const res = await t.get(`/v1/api/reports/survey-responses/${anonymousId}/csv?tz=UTC`, admin);
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = readCsv(res.body);
    expect(header).toEqual(['Response', 'Mood', 'Comment']);
    expect(lines).toHaveLength(9);
    expect(lines.map((l) => l[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    for (const p of people) expect(res.body).not.toContain(p.user.email);
    expect(res.body).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4}/);
    // The report and the file agree on which response is which.
    const data = await report(anonymousId);
    const csvMood = new Map(lines.map((l) => [Number(l[0]), l[1]]));
    for (const a of data.questions.find((q: { id: number }) => q.id === mood).answers)
      expect(csvMood.get(a.surveyInstanceId)).toBe(a.textAnswer);
  });

  it('a named survey still shows who answered, in the report and the CSV', async () => {
    const data = await report(namedId);
    expect(data.survey.isAnonymous).toBe(false);
    expect(data.splits).toBeNull();
    expect(data.instances[0].createdBy).toMatchObject({ email: 'ann.named@example.com', firstName: 'Ann' });
    const csv = await t.get(`/v1/api/reports/survey-responses/${namedId}/csv`, admin);
    expect(readCsv(csv.body)[0]?.slice(0, 2)).toEqual(['Email', 'Completed']);
    expect(csv.body).toContain('ann.named@example.com');
    const list = await t.get('/v1/api/reports/survey-responses', admin);
    const rows = list.json().data as { id: number; isAnonymous: boolean; responses: number }[];
    expect(rows.find((r) => r.id === anonymousId)).toMatchObject({ isAnonymous: true, responses: 9 });
    expect(rows.find((r) => r.id === namedId)?.isAnonymous).toBe(false);
  });

  it('splits by location and department only for groups of at least the size the survey opened with', async () => {
    // 6 big, 2 small, 1 without: the small and the groupless make 3 < 5, so the big group joins them. The
    // survey fixed 5 (the default setting) at its first response; a later setting changes nothing.
    let { splits } = await report(anonymousId);
    expect(splits.minGroupSize).toBe(5);
    expect((await setMin(2)).statusCode).toBe(200);
    expect((await report(anonymousId)).splits).toEqual(splits);
    await setMin(5);
    expect(splits.locations).toEqual([expect.objectContaining({ name: null, other: true, responses: 9 })]);
    expect(splits.departments).toEqual([expect.objectContaining({ name: null, other: true, responses: 9 })]);

    // A survey that opened at 3: the big group shows, the small one (2) and the groupless (1) are "other" (3).
    await openedWith(3);
    ({ splits } = await report(anonymousId));
    expect(
      splits.locations.map((r: { name: string | null; responses: number }) => [r.name, r.responses]),
    ).toEqual([
      [big.location.name, 6],
      [null, 3],
    ]);
    expect(splits.departments.map((r: { name: string | null }) => r.name)).toEqual([
      big.department.name,
      null,
    ]);
    // Choice counts per row: of the big group (people 0..5), 0 and 3 said Bad.
    expect(splits.locations[0].choices).toEqual([
      {
        questionId: mood,
        counts: [
          { option: 'Good', count: 4 },
          { option: 'Bad', count: 2 },
        ],
      },
    ]);

    // Opened at 2: the small group (2) reaches the size: it shows; the groupless alone (1) would be too small, so the
    // smallest shown group (the small one) joins it and they show together as "other".
    await openedWith(2);
    ({ splits } = await report(anonymousId));
    expect(
      splits.locations.map((r: { name: string | null; responses: number }) => [r.name, r.responses]),
    ).toEqual([
      [big.location.name, 6],
      [null, 3],
    ]);
    expect(JSON.stringify(splits)).not.toContain(small.location.name);

    // Opened at 10, more than there are responses: nothing is split.
    await openedWith(10);
    ({ splits } = await report(anonymousId));
    expect(splits).toMatchObject({ minGroupSize: 10, locations: [], departments: [] });
    await openedWith(5);
  });
});

describe('splitRows', () => {
  const r = (locationId: number | null, answer = 'Yes') => ({
    locationId,
    departmentId: null,
    answers: new Map([[1, answer]]),
  });
  const names = new Map([
    [1, 'Paris'],
    [2, 'Lyon'],
    [3, 'Nice'],
  ]);
  const q = [{ id: 1, options: ['Yes', 'No'] }];
  const rows = (list: ReturnType<typeof r>[], min: number) =>
    splitRows(list, (x) => x.locationId, names, q, min).map((x) => [x.name, x.responses]);
  const many = (id: number | null, n: number) => Array.from({ length: n }, () => r(id));

  it('shows a group at the size, hides it below', () => {
    expect(rows([...many(1, 5), ...many(2, 5)], 5)).toEqual([
      ['Lyon', 5],
      ['Paris', 5],
    ]);
    expect(rows([...many(1, 4), ...many(2, 4)], 5)).toEqual([[null, 8]]);
    expect(rows(many(1, 4), 5)).toEqual([]);
  });

  it('merges small groups into one row shown only at the size, else hides them behind a shown group', () => {
    expect(rows([...many(1, 7), ...many(2, 3), ...many(3, 2)], 5)).toEqual([
      ['Paris', 7],
      [null, 5],
    ]);
    // 7, 6 and a group of 1: the rest (1) would be given away by the totals, so the smaller shown group joins.
    expect(rows([...many(1, 7), ...many(2, 6), ...many(3, 1)], 5)).toEqual([
      ['Paris', 7],
      [null, 7],
    ]);
    // A group id without a name (deleted since) counts as none.
    expect(rows([...many(1, 5), ...many(9, 5)], 5)).toEqual([
      ['Paris', 5],
      [null, 5],
    ]);
  });
});

describe('PUT /settings/anonymous-surveys', () => {
  it('validates the size (a whole number from 2 to 100, nothing else): 400 with fields', async () => {
    for (const bad of [1, 101, 2.5, '5', null]) {
      const res = await setMin(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().fields).toHaveProperty('minGroupSize');
    }
    const extra = await t.call('PUT', '/v1/api/settings/anonymous-surveys', admin, { minGroupSize: 5, x: 1 });
    expect(extra.statusCode).toBe(400);
    const saved = await setMin(7);
    expect(saved.json().data).toEqual({ minGroupSize: 7 });
    expect((await t.get('/v1/api/settings/anonymous-surveys', admin)).json().data).toEqual({
      minGroupSize: 7,
    });
    await setMin(5);
  });

  it('is for administrators only: 401 without a session, 403 for staff', async () => {
    expect((await t.get('/v1/api/settings/anonymous-surveys')).statusCode).toBe(401);
    expect((await t.get('/v1/api/settings/anonymous-surveys', staff)).statusCode).toBe(403);
    expect((await setMin(5, staff)).statusCode).toBe(403);
    expect((await t.get('/v1/api/surveys/999999/report', admin)).statusCode).toBe(404);
    expect((await t.get('/v1/api/reports/survey-responses/999999/csv', admin)).statusCode).toBe(404);
  });
});
