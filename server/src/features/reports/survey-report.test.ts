// Survey responses reports: the list with response counts, one survey's report, and its CSV whose answers
// keep letters of every script, digits and spaces only (product.md section 9).
import { ROLE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { addQuestions, createSurvey } from '../surveys/test-support';
import { stripAnswer } from './survey-report';
import { attachmentName, readCsv, respond } from './test-support';

type Session = Awaited<ReturnType<typeof userWithSession>>;

const t = useTestApp();
let admin: Session;
let surveyId: number;
let older: number;
let q: number[];
let firstInstance: number;

beforeAll(async () => {
  admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
  older = (await createSurvey(t.db, admin.user.id, { createdAt: new Date('2024-01-01T00:00:00Z') })).id;
  const survey = await createSurvey(t.db, admin.user.id, { title: 'Team survey' });
  surveyId = survey.id;
  // Category 2 is created first but sits after Category 1: questions follow category, then question order.
  q = await addQuestions(t.db, surveyId, {
    'Category 1': [{ title: 'Your name?' }, { title: 'Pick one', options: ['A', 'B'] }],
    'Category 2': [{ title: '=Comments, please' }],
  });
  const [qName, qPick, qComments] = q as [number, number, number];
  const ann = await createUser(t.db, { firstName: 'Ann', lastName: 'One', email: 'ann@example.com' });
  const ben = await createUser(t.db, { firstName: 'Ben', lastName: 'Two', email: 'ben@example.com' });
  const cat = await createUser(t.db, { email: 'cat@example.com' });
  firstInstance = (
    await respond(
      t.db,
      surveyId,
      ann.id,
      { [qName]: 'Ünïcødé 日本語 ok!!!', [qPick]: 'A', [qComments]: '=1+2, "hello"\n\tworld' },
      { at: new Date('2024-06-01T10:00:00Z') },
    )
  ).id;
  await respond(
    t.db,
    surveyId,
    ben.id,
    { [qName]: 'مرحبا، بالعالم', [qComments]: 'Привет, мир! नमस्ते' },
    { at: new Date('2024-06-02T10:00:00Z') },
  );
  await respond(t.db, surveyId, cat.id, { [qName]: 'not finished' }, { complete: false });
});

const get = (url: string, s: Session | undefined = admin) =>
  t.app.inject({ method: 'GET', url, headers: s?.headers ?? {} });

describe('stripAnswer', () => {
  it('keeps letters of every script, combining marks, digits and single spaces', () => {
    expect(stripAnswer('Ünïcødé 日本語 ok!!!')).toBe('Ünïcødé 日本語 ok');
    expect(stripAnswer('مرحبا، بالعالم')).toBe('مرحبا بالعالم');
    expect(stripAnswer('Привет, мир!')).toBe('Привет мир');
    expect(stripAnswer('नमस्ते')).toBe('नमस्ते');
    expect(stripAnswer('e\u0301 - 42 \t\r\n x')).toBe('e\u0301 42 x');
    expect(stripAnswer('=HYPERLINK("http://x")')).toBe('HYPERLINKhttpx');
  });
});

describe('GET /reports/survey-responses', () => {
  it('lists every survey newest first with its completed responses', async () => {
    const res = await get('/v1/api/reports/survey-responses');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { id: number; responses: number }[];
    expect(rows.map((r) => r.id)).toEqual([surveyId, older]);
    expect(rows[0]).toMatchObject({ title: 'Team survey', stateId: 2, responses: 2 });
    expect(rows[1]).toMatchObject({ responses: 0 });
  });
});

describe('GET /surveys/:id/report', () => {
  it('answers the respondents and the questions in form order, each with its answers', async () => {
    const res = await get(`/v1/api/surveys/${surveyId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const { survey, instances, questions } = res.json().data;
    expect(survey).toEqual({
      id: surveyId,
      title: 'Team survey',
      description: 'A description',
      isAnonymous: false,
    });
    expect(instances).toHaveLength(3);
    expect(instances[0]).toEqual({
      id: firstInstance,
      isComplete: true,
      completedAt: '2024-06-01T10:00:00.000Z',
      createdBy: { firstName: 'Ann', lastName: 'One', email: 'ann@example.com' },
    });
    expect(instances[2]).toMatchObject({ isComplete: false, completedAt: null });
    expect(questions.map((x: { title: string }) => x.title)).toEqual([
      'Your name?',
      'Pick one',
      '=Comments, please',
    ]);
    expect(questions[1]).toMatchObject({
      categoryName: 'Category 1',
      questionAnswerType: { name: 'radio' },
      options: ['A', 'B'],
      answers: [{ surveyInstanceId: firstInstance, surveyQuestionId: q[1], textAnswer: 'A' }],
    });
    expect(questions[0].answers).toHaveLength(3);
  });

  it('answers 404 for an unknown survey and 400 for a malformed id', async () => {
    expect((await get('/v1/api/surveys/999999/report')).statusCode).toBe(404);
    expect((await get('/v1/api/surveys/abc/report')).statusCode).toBe(400);
  });
});

describe('GET /reports/survey-responses/:id/csv', () => {
  it('has Email, Completed and one column per question; one row per completed response, answers stripped', async () => {
    const res = await get(`/v1/api/reports/survey-responses/${surveyId}/csv?tz=Europe/Berlin`);
    expect(res.statusCode, res.body).toBe(200);
    expect(attachmentName(res.headers['content-disposition'])).toMatch(
      new RegExp(`^survey-responses-report-${surveyId}-\\d{8}-\\d{6}\\.csv$`),
    );
    expect(readCsv(res.body)).toEqual([
      ['Email', 'Completed', 'Your name?', 'Pick one', "'=Comments, please"],
      ['ann@example.com', '01-06-2024 12:00:00', 'Ünïcødé 日本語 ok', 'A', '12 hello world'],
      ['ben@example.com', '02-06-2024 12:00:00', 'مرحبا بالعالم', '', 'Привет мир नमस्ते'],
    ]);
  });

  it('answers 404 for an unknown survey, 400 for a bad time zone', async () => {
    expect((await get('/v1/api/reports/survey-responses/999999/csv')).statusCode).toBe(404);
    expect((await get(`/v1/api/reports/survey-responses/${surveyId}/csv?tz=Nowhere/City`)).statusCode).toBe(
      400,
    );
  });

  it('is for administrators only', async () => {
    const staff = await userWithSession(t.app, t.db);
    const editor = await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR });
    for (const url of [
      '/v1/api/reports/survey-responses',
      `/v1/api/surveys/${surveyId}/report`,
      `/v1/api/reports/survey-responses/${surveyId}/csv`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url, staff)).statusCode, url).toBe(403);
      expect((await get(url, editor)).statusCode, url).toBe(403);
    }
  });
});
