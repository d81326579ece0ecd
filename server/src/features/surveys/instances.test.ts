// @engine: one of ten simultaneous responses (row lock)
// Filling in surveys: POST /surveys/instances and GET /survey-instances. Only surveys open to the caller take
// responses; answers must belong to the survey, required questions must be answered and each answer must fit
// its type; a non-refillable survey takes one response per user, even when sent ten times at once.
import { MSG, STATE } from '@hearth/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { surveyAnswers, surveyInstances } from '../../db/schema';
import { addQuestions, createSurvey, DAY, HOUR, SURVEY_CAST } from './test-support';

const t = useTestApp(SURVEY_CAST);
const { admin, editor, staff, other } = t.users;
const { here: groups, there: elsewhere } = t.groups;

const submit = (payload: object, s?: Session) => t.call('POST', '/v1/api/surveys/instances', s, payload);
const get = t.get;

async function instancesOf(surveyId: number, userId?: number) {
  const where = and(
    eq(surveyInstances.surveyId, surveyId),
    userId === undefined ? undefined : eq(surveyInstances.createdById, userId),
  );
  return (await t.db.select({ n: count() }).from(surveyInstances).where(where))[0]?.n ?? 0;
}
const answerCount = async () => (await t.db.select({ n: count() }).from(surveyAnswers))[0]?.n ?? 0;

/** An open survey with a required text question, an optional number and a required radio question. */
async function openSurvey(o: Parameters<typeof createSurvey>[2] = {}) {
  const s = await createSurvey(t.db, admin.user.id, o);
  const [name, age, mood] = await addQuestions(t.db, s.id, {
    About: [{ title: 'Name' }, { title: 'Age', answerType: 'number', optional: true }],
    Mood: [{ title: 'Mood', options: ['Good', 'Bad'] }],
  });
  if (!name || !age || !mood) throw new Error('questions not created');
  const answers = [
    { surveyQuestionId: name, textAnswer: 'Sam' },
    { surveyQuestionId: mood, textAnswer: 'Good' },
  ];
  return { survey: s, q: { name, age, mood }, answers };
}

describe('POST /surveys/instances', () => {
  it('stores a response with its answers as text and answers the instance (201)', async () => {
    const { survey, q, answers } = await openSurvey();
    const res = await submit(
      {
        surveyId: survey.id,
        createdById: staff.user.id,
        answers: [...answers, { surveyQuestionId: q.age, textAnswer: ' 42 ' }],
      },
      staff,
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ surveyId: survey.id, createdById: staff.user.id, isComplete: true });
    expect(typeof data.completedAt).toBe('string');
    const stored = await t.db.select().from(surveyAnswers).where(eq(surveyAnswers.instanceId, data.id));
    expect(stored.map((a) => [a.questionId, a.textAnswer]).sort()).toEqual(
      [
        [q.name, 'Sam'],
        [q.age, '42'],
        [q.mood, 'Good'],
      ].sort(),
    );
  });

  it('refuses a second response to a non-refillable survey (409), storing nothing', async () => {
    const { survey, answers } = await openSurvey();
    expect((await submit({ surveyId: survey.id, answers }, staff)).statusCode).toBe(201);
    const before = await answerCount();
    const again = await submit({ surveyId: survey.id, answers }, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MSG.surveyAnswered);
    expect(await instancesOf(survey.id, staff.user.id)).toBe(1);
    expect(await answerCount()).toBe(before);
    // Another user still may.
    expect((await submit({ surveyId: survey.id, answers }, editor)).statusCode).toBe(201);
  });

  it('takes exactly one of ten simultaneous responses to a non-refillable survey', async () => {
    const { survey, answers } = await openSurvey();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submit({ surveyId: survey.id, answers }, staff)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await instancesOf(survey.id, staff.user.id)).toBe(1);
  });

  it('takes each response to a refillable survey', async () => {
    const { survey, answers } = await openSurvey({ isRefillable: true });
    expect((await submit({ surveyId: survey.id, answers }, staff)).statusCode).toBe(201);
    expect((await submit({ surveyId: survey.id, answers }, staff)).statusCode).toBe(201);
    expect(await instancesOf(survey.id, staff.user.id)).toBe(2);
    const list = (await get(`/v1/api/surveys/for-user/${staff.user.id}`, staff)).json().data;
    expect(list.find((s: { id: number }) => s.id === survey.id)).toMatchObject({ state: 1, isRefillable: 1 });
  });

  it('refuses a required question left empty, naming it (400), storing nothing', async () => {
    const { survey, q } = await openSurvey();
    const before = await answerCount();
    const res = await submit(
      {
        surveyId: survey.id,
        answers: [
          { surveyQuestionId: q.name, textAnswer: '   ' },
          { surveyQuestionId: q.age, textAnswer: '30' },
        ],
      },
      staff,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: MSG.answerRequired,
      fields: { [`answers.${q.name}`]: MSG.answerRequired, [`answers.${q.mood}`]: MSG.answerRequired },
    });
    expect(res.json().fields[`answers.${q.age}`]).toBeUndefined();
    expect(await instancesOf(survey.id)).toBe(0);
    expect(await answerCount()).toBe(before);
  });

  it('refuses answers to questions of another survey and duplicate answers (400 fields.answers)', async () => {
    const { survey, answers } = await openSurvey();
    const { q: foreign } = await openSurvey();
    for (const extra of [
      { surveyQuestionId: foreign.name, textAnswer: 'Sneaky' },
      { surveyQuestionId: answers[0]?.surveyQuestionId, textAnswer: 'Twice' },
      { surveyQuestionId: 999_999, textAnswer: 'Nowhere' },
    ]) {
      const res = await submit({ surveyId: survey.id, answers: [...answers, extra] }, staff);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: MSG.answerInvalid, fields: { answers: MSG.answerInvalid } });
    }
    expect(await instancesOf(survey.id)).toBe(0);
  });

  it('checks answers against their type: number, date, radio and select', async () => {
    const s = await createSurvey(t.db, admin.user.id, { isRefillable: true });
    const [num, day, radio, select] = await addQuestions(t.db, s.id, {
      C: [
        { title: 'Number', answerType: 'number' },
        { title: 'Date', answerType: 'date' },
        { title: 'Radio', options: ['Yes', 'No'] },
        { title: 'Select', answerType: 'select', options: ['Red', 'Blue'] },
      ],
    });
    const send = (n: string, d: string, r: string, sel: string) =>
      submit(
        {
          surveyId: s.id,
          answers: [
            { surveyQuestionId: num, textAnswer: n },
            { surveyQuestionId: day, textAnswer: d },
            { surveyQuestionId: radio, textAnswer: r },
            { surveyQuestionId: select, textAnswer: sel },
          ],
        },
        staff,
      );
    const bad = await send('12abc', '2026-02-30', 'Maybe', 'Green');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: MSG.answerInvalid,
      fields: {
        [`answers.${num}`]: MSG.answerInvalid,
        [`answers.${day}`]: MSG.answerInvalid,
        [`answers.${radio}`]: MSG.answerInvalid,
        [`answers.${select}`]: MSG.answerInvalid,
      },
    });
    expect((await send('Infinity', '2026-01-01', 'Yes', 'Red')).statusCode).toBe(400);
    expect((await send('1e999', '2026-01-01', 'Yes', 'Red')).statusCode).toBe(400);
    expect((await send('-3.5', '2026-02-28', 'No', 'Blue')).statusCode).toBe(201);
    expect((await send('7', '2026-02-28T10:00:00Z', 'Yes', 'Red')).statusCode).toBe(201);
    expect(await instancesOf(s.id)).toBe(2);
  });

  it('answers 404 for a survey not open to the caller: audience, window, draft, inactive, unknown', async () => {
    const now = Date.now();
    const closed = [
      await openSurvey({ groupIds: [elsewhere.location.id] }),
      await openSurvey({ groupIds: [groups.location.id, elsewhere.department.id] }),
      await openSurvey({ startAt: new Date(now + HOUR) }),
      await openSurvey({ startAt: new Date(now - 2 * DAY), endAt: new Date(now - HOUR) }),
      await openSurvey({ startAt: null, endAt: null }),
      await openSurvey({ stateId: STATE.DRAFT }),
      await openSurvey({ isActive: false }),
    ];
    for (const { survey, answers } of closed) {
      const res = await submit({ surveyId: survey.id, answers }, staff);
      expect([survey.title, res.statusCode]).toEqual([survey.title, 404]);
      // Administrators answer only what is open to them too.
      expect((await submit({ surveyId: survey.id, answers }, admin)).statusCode).toBe(404);
      expect(await instancesOf(survey.id)).toBe(0);
    }
    expect((await submit({ surveyId: 999_999, answers: [] }, staff)).statusCode).toBe(404);
    // The audience that includes the staff member: accepted.
    const mine = await openSurvey({ groupIds: [groups.location.id, groups.department.id] });
    expect((await submit({ surveyId: mine.survey.id, answers: mine.answers }, staff)).statusCode).toBe(201);
  });

  it('refuses createdById naming someone else (403), other roles (403) and anonymous callers (401)', async () => {
    const { survey, answers } = await openSurvey();
    expect(
      (await submit({ surveyId: survey.id, createdById: admin.user.id, answers }, staff)).statusCode,
    ).toBe(403);
    expect(
      (await submit({ surveyId: survey.id, createdById: staff.user.id, answers }, admin)).statusCode,
    ).toBe(403);
    expect((await submit({ surveyId: survey.id, answers }, other)).statusCode).toBe(403);
    expect((await submit({ surveyId: survey.id, answers })).statusCode).toBe(401);
    expect((await submit({ surveyId: 'abc', answers: 'no' }, staff)).statusCode).toBe(400);
    expect(await instancesOf(survey.id)).toBe(0);
  });
});

describe('GET /survey-instances', () => {
  it("answers the caller's responses, by survey; another user's only to administrators", async () => {
    const a = await openSurvey();
    const b = await openSurvey();
    const mine = [
      (await submit({ surveyId: a.survey.id, answers: a.answers }, staff)).json().data.id,
      (await submit({ surveyId: b.survey.id, answers: b.answers }, staff)).json().data.id,
    ];
    const all = await get('/v1/api/survey-instances', staff);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining(mine));
    expect(all.json().data.every((i: { createdById: number }) => i.createdById === staff.user.id)).toBe(true);
    const one = await get(
      `/v1/api/survey-instances?createdById=${staff.user.id}&surveyId=${a.survey.id}&fields=id,isComplete`,
      staff,
    );
    expect(one.json().data).toEqual([
      expect.objectContaining({ id: mine[0], surveyId: a.survey.id, isComplete: true }),
    ]);
    expect((await get(`/v1/api/survey-instances?createdById=${staff.user.id}`, editor)).statusCode).toBe(403);
    expect((await get(`/v1/api/survey-instances?createdById=${admin.user.id}`, staff)).statusCode).toBe(403);
    const asAdmin = await get(
      `/v1/api/survey-instances?createdById=${staff.user.id}&surveyId=${b.survey.id}`,
      admin,
    );
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.map((i: { id: number }) => i.id)).toEqual([mine[1]]);
    expect((await get('/v1/api/survey-instances', editor)).json().data).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ createdById: staff.user.id })]),
    );
    expect((await get('/v1/api/survey-instances', other)).statusCode).toBe(403);
    expect((await get('/v1/api/survey-instances')).statusCode).toBe(401);
    expect((await get('/v1/api/survey-instances?surveyId=abc', staff)).statusCode).toBe(400);
  });
});
