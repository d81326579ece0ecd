// Surveys as administrators and post managers keep them (list, create, edit, build) and as staff find them
// (for-user, one survey, its form): the window, the audience and the builder's freeze once answered.
import { MSG, ROLE, STATE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createGroups, userWithSession } from '../../../test/factories';
import {
  roles,
  surveyAnswers,
  surveyCategories,
  surveyGroups,
  surveyInstances,
  surveyQuestions,
  surveys,
} from '../../db/schema';
import { addQuestions, createSurvey, DAY, HOUR } from './test-support';

type Session = Awaited<ReturnType<typeof userWithSession>>;
type Groups = Awaited<ReturnType<typeof createGroups>>;

let t: TestApp;
let admin: Session;
let editor: Session;
let staff: Session;
let other: Session;
let here: Groups;
let there: Groups;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, s?: Session, payload?: object) =>
  t.app.inject({ method, url, headers: s?.headers ?? {}, ...(payload ? { payload } : {}) });
const get = (url: string, s?: Session) => send('GET', url, s);
const ids = (list: { id: number }[]) => list.map((x) => x.id);
const countSurveys = async () => (await t.db.select({ n: count() }).from(surveys))[0]?.n ?? 0;

const createBody = (o: object = {}) => ({
  title: 'Staff wellbeing',
  description: 'How are you doing?',
  isRefillable: 0,
  groups: [],
  ...o,
});
const updateBody = (o: object = {}) => ({
  title: 'Staff wellbeing 2',
  description: 'Second round',
  isRefillable: 1,
  stateId: STATE.PUBLISHED,
  groups: [],
  startAt: '2026-01-01 08:00:00',
  endAt: '2026-01-08 08:00:00',
  ...o,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(roles).values({ id: 4, name: 'other' });
  here = await createGroups(t.db);
  there = await createGroups(t.db);
  admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
  editor = await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR });
  staff = await userWithSession(t.app, t.db, { groupIds: [here.location.id, here.department.id] });
  other = await userWithSession(t.app, t.db, { roleId: 4 });
});
afterAll(() => t.close());

describe('POST /surveys', () => {
  it('creates a draft with isActive 1 owned by the caller, with its audience, and answers the id (201)', async () => {
    const res = await send(
      'POST',
      '/v1/api/surveys',
      editor,
      createBody({ groups: [here.location.id, here.department.id] }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data;
    expect(typeof id).toBe('number');
    const one = await get(`/v1/api/surveys/${id}`, editor);
    expect(one.statusCode).toBe(200);
    const s = one.json().data;
    expect(s).toMatchObject({
      id,
      title: 'Staff wellbeing',
      stateId: STATE.DRAFT,
      isActive: 1,
      isRefillable: 0,
      createdById: editor.user.id,
      owner: { id: editor.user.id, firstName: editor.user.firstName },
      startAt: null,
      endAt: null,
    });
    expect(ids(s.groups).sort()).toEqual([here.location.id, here.department.id].sort());
  });

  it('refuses a missing title and description with the exact messages, writing nothing', async () => {
    const before = await countSurveys();
    const res = await send('POST', '/v1/api/surveys', admin, { title: ' ', description: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fields.title).toBe(MSG.surveyTitleRequired);
    expect(body.fields.description).toBe(MSG.surveyDescriptionRequired);
    expect(await countSurveys()).toBe(before);
  });

  it('refuses a team or unknown group as audience (400 fields.groups), writing nothing', async () => {
    const before = await countSurveys();
    for (const groups of [[here.team.id], [999_999]]) {
      const res = await send('POST', '/v1/api/surveys', admin, createBody({ groups }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.groups).toBe(MSG.invalidInput);
    }
    expect(await countSurveys()).toBe(before);
  });

  it('refuses createdById naming someone else (403) and takes the caller own', async () => {
    const res = await send('POST', '/v1/api/surveys', editor, createBody({ createdById: admin.user.id }));
    expect(res.statusCode).toBe(403);
    const ok = await send('POST', '/v1/api/surveys', editor, createBody({ createdById: editor.user.id }));
    expect(ok.statusCode).toBe(201);
  });

  it('is for roles 1 and 3 only', async () => {
    expect((await send('POST', '/v1/api/surveys', undefined, createBody())).statusCode).toBe(401);
    expect((await send('POST', '/v1/api/surveys', staff, createBody())).statusCode).toBe(403);
    expect((await send('POST', '/v1/api/surveys', other, createBody())).statusCode).toBe(403);
  });
});

describe('PUT /surveys/:id', () => {
  it('replaces the form and the audience and answers the survey', async () => {
    const s = await createSurvey(t.db, admin.user.id, {
      stateId: STATE.DRAFT,
      groupIds: [there.location.id],
    });
    const res = await send(
      'PUT',
      `/v1/api/surveys/${s.id}`,
      editor,
      updateBody({ groups: [here.department.id], startAt: '2026-01-01T07:30:00Z' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: s.id,
      title: 'Staff wellbeing 2',
      isRefillable: 1,
      stateId: STATE.PUBLISHED,
      createdById: admin.user.id,
      startAt: '2026-01-01T07:30:00.000Z',
      endAt: '2026-01-08T08:00:00.000Z',
      dueDate: '2026-01-08T08:00:00.000Z',
      groups: [{ id: here.department.id }],
    });
  }, 20_000);

  it('requires start and end (Please select time!) and end after start, changing nothing', async () => {
    const s = await createSurvey(t.db, admin.user.id, { title: 'Unchanged' });
    const res = await send(
      'PUT',
      `/v1/api/surveys/${s.id}`,
      admin,
      updateBody({ startAt: '', endAt: undefined }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ startAt: MSG.selectTime, endAt: MSG.selectTime });
    const backwards = await send(
      'PUT',
      `/v1/api/surveys/${s.id}`,
      admin,
      updateBody({ startAt: '2026-02-01 00:00:00', endAt: '2026-01-01 00:00:00' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.endAt).toBe(MSG.endBeforeStart);
    const [row] = await t.db.select().from(surveys).where(eq(surveys.id, s.id));
    expect(row?.title).toBe('Unchanged');
  });

  it('refuses a bad audience (400) leaving the old one, 404 for an unknown survey, 403 for staff', async () => {
    const s = await createSurvey(t.db, admin.user.id, { groupIds: [here.location.id] });
    const bad = await send('PUT', `/v1/api/surveys/${s.id}`, admin, updateBody({ groups: [here.team.id] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.groups).toBe(MSG.invalidInput);
    const links = await t.db.select().from(surveyGroups).where(eq(surveyGroups.surveyId, s.id));
    expect(links.map((l) => l.groupId)).toEqual([here.location.id]);
    expect((await send('PUT', '/v1/api/surveys/999999', admin, updateBody())).statusCode).toBe(404);
    expect((await send('PUT', `/v1/api/surveys/${s.id}`, staff, updateBody())).statusCode).toBe(403);
    expect((await send('PUT', `/v1/api/surveys/${s.id}`, undefined, updateBody())).statusCode).toBe(401);
  });
});

describe('GET /surveys (admin list)', () => {
  it('lists every survey newest first, filters by state, and is for roles 1 and 3', async () => {
    const draft = await createSurvey(t.db, admin.user.id, { stateId: STATE.DRAFT });
    const published = await createSurvey(t.db, admin.user.id);
    const all = await get('/v1/api/surveys?limit=1000', editor);
    expect(all.statusCode).toBe(200);
    const list = ids(all.json().data);
    expect(list.indexOf(published.id)).toBeLessThan(list.indexOf(draft.id));
    expect(list.indexOf(draft.id)).toBeGreaterThanOrEqual(0);
    const drafts = (await get(`/v1/api/surveys?stateId=${STATE.DRAFT}`, admin)).json().data;
    expect(drafts.every((s: { stateId: number }) => s.stateId === STATE.DRAFT)).toBe(true);
    expect(ids(drafts)).toContain(draft.id);
    expect(ids(drafts)).not.toContain(published.id);
    expect((await get('/v1/api/surveys?limit=1', admin)).json().data).toHaveLength(1);
    expect((await get('/v1/api/surveys?limit=1001', admin)).statusCode).toBe(400);
    expect((await get('/v1/api/surveys', staff)).statusCode).toBe(403);
    expect((await get('/v1/api/surveys', other)).statusCode).toBe(403);
    expect((await get('/v1/api/surveys')).statusCode).toBe(401);
  });
});

describe('which surveys staff see (window and audience)', () => {
  const cases: Record<string, number> = {};
  beforeAll(async () => {
    const now = Date.now();
    const make = async (name: string, o: Parameters<typeof createSurvey>[2] = {}) => {
      cases[name] = (await createSurvey(t.db, admin.user.id, { title: name, ...o })).id;
    };
    await make('open', { endAt: new Date(now + 3 * DAY) });
    await make('openSooner', { endAt: new Date(now + DAY) });
    await make('forMyLocation', { groupIds: [here.location.id], endAt: new Date(now + 4 * DAY) });
    await make('forMyLocationAndDepartment', {
      groupIds: [here.location.id, here.department.id, there.department.id],
      endAt: new Date(now + 5 * DAY),
    });
    await make('forOtherLocation', { groupIds: [there.location.id] });
    await make('forMyLocationOtherDepartment', { groupIds: [here.location.id, there.department.id] });
    await make('draft', { stateId: STATE.DRAFT });
    await make('inactive', { isActive: false });
    await make('notStarted', { startAt: new Date(now + HOUR) });
    await make('ended', { startAt: new Date(now - 2 * DAY), endAt: new Date(now - HOUR) });
    await make('noTimes', { startAt: null, endAt: null });
  });
  const visible = ['openSooner', 'open', 'forMyLocation', 'forMyLocationAndDepartment'];

  it('for-user lists only open surveys for the caller audience, soonest end first', async () => {
    const res = await get(`/v1/api/surveys/for-user/${staff.user.id}`, staff);
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.filter((s: { id: number }) => Object.values(cases).includes(s.id));
    expect(ids(mine)).toEqual(visible.map((n) => cases[n]));
    expect(mine[0]).toMatchObject({ state: 0, owner: { id: admin.user.id } });
  });

  it('answers one survey and its form to staff only when open to them, else 404', async () => {
    for (const [name, id] of Object.entries(cases)) {
      const expected = visible.includes(name) ? 200 : 404;
      expect([name, (await get(`/v1/api/surveys/${id}`, staff)).statusCode]).toEqual([name, expected]);
      expect([name, (await get(`/v1/api/surveys/${id}/form`, staff)).statusCode]).toEqual([name, expected]);
      // Administrators and post managers read every survey.
      expect((await get(`/v1/api/surveys/${id}`, editor)).statusCode).toBe(200);
      expect((await get(`/v1/api/surveys/${id}/form`, admin)).statusCode).toBe(200);
    }
    expect((await get('/v1/api/surveys/999999', admin)).statusCode).toBe(404);
    expect((await get(`/v1/api/surveys/${cases.open}`, other)).statusCode).toBe(403);
    expect((await get(`/v1/api/surveys/${cases.open}`)).statusCode).toBe(401);
  });

  it('for-user of someone else: 403 unless administrator', async () => {
    expect((await get(`/v1/api/surveys/for-user/${admin.user.id}`, staff)).statusCode).toBe(403);
    expect((await get(`/v1/api/surveys/for-user/${staff.user.id}`, editor)).statusCode).toBe(403);
    const asAdmin = await get(`/v1/api/surveys/for-user/${staff.user.id}`, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(ids(asAdmin.json().data)).toEqual(expect.arrayContaining(visible.map((n) => cases[n] as number)));
    expect((await get(`/v1/api/surveys/for-user/${staff.user.id}`)).statusCode).toBe(401);
    expect((await get(`/v1/api/surveys/for-user/${other.user.id}`, other)).statusCode).toBe(403);
  });

  it('sets the state flag once the caller has a response', async () => {
    const id = cases.openSooner as number;
    await t.db
      .insert(surveyInstances)
      .values({ surveyId: id, createdById: staff.user.id, completedAt: new Date() });
    const list = (await get(`/v1/api/surveys/for-user/${staff.user.id}`, staff)).json().data;
    expect(list.find((s: { id: number }) => s.id === id)?.state).toBe(1);
    expect(list.find((s: { id: number }) => s.id === cases.open)?.state).toBe(0);
  });
});

describe('GET /surveys/:id/form', () => {
  it('answers categories, questions and options in position order', async () => {
    const s = await createSurvey(t.db, admin.user.id);
    await addQuestions(t.db, s.id, {
      About: [{ title: 'Name' }, { title: 'Age', answerType: 'number', optional: true }],
      Mood: [{ title: 'Mood', options: ['Good', 'Bad'], answerType: 'select' }],
    });
    const res = await get(`/v1/api/surveys/${s.id}/form`, staff);
    expect(res.statusCode).toBe(200);
    const form = res.json().data;
    expect(form.hasResponses).toBe(false);
    expect(form.categories.map((c: { name: string }) => c.name)).toEqual(['About', 'Mood']);
    expect(form.categories[0].questions.map((q: { title: string }) => q.title)).toEqual(['Name', 'Age']);
    expect(form.categories[0].questions[1]).toMatchObject({
      optional: 1,
      kind: 'text_input',
      questionAnswerType: { name: 'number' },
    });
    expect(form.categories[1].questions[0]).toMatchObject({
      kind: 'options_question',
      questionAnswerType: { name: 'select' },
      options: [{ value: 'Good' }, { value: 'Bad' }],
    });
  });
});

describe('POST /surveys/build-survey', () => {
  const build = (surveyId: number, categories: object[], s: Session = editor) =>
    send('POST', '/v1/api/surveys/build-survey', s, { surveyId, categories });

  it('replaces the whole form, categories and questions in the order sent', async () => {
    const s = await createSurvey(t.db, admin.user.id, { stateId: STATE.DRAFT });
    await addQuestions(t.db, s.id, { Old: [{ title: 'Old question' }] });
    const res = await build(s.id, [
      {
        name: 'Category 1',
        questions: [
          { title: 'Your name', kind: 'text_input' },
          { title: 'Comments', kind: 'text_input', answerType: 'textArea', optional: 1 },
        ],
      },
      {
        name: 'Category 2',
        questions: [{ title: 'Pick one', kind: 'options_question', options: ['A', '', 'B'] }],
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: MSG.surveyBuilt });
    const form = (await get(`/v1/api/surveys/${s.id}/form`, admin)).json().data;
    expect(form.categories.map((c: { name: string; position: number }) => [c.name, c.position])).toEqual([
      ['Category 1', 0],
      ['Category 2', 1],
    ]);
    expect(form.categories[0].questions.map((q: { title: string }) => q.title)).toEqual([
      'Your name',
      'Comments',
    ]);
    expect(form.categories[0].questions[1]).toMatchObject({
      optional: 1,
      questionAnswerType: { name: 'textArea' },
    });
    expect(form.categories[1].questions[0]).toMatchObject({
      kind: 'options_question',
      questionAnswerType: { name: 'radio' },
      options: [
        { value: 'A', position: 0 },
        { value: 'B', position: 1 },
      ],
    });
    const old = await t.db.select().from(surveyQuestions).where(eq(surveyQuestions.title, 'Old question'));
    expect(old).toEqual([]);
  });

  it('refuses an option question without a non-empty option and an empty title (400), changing nothing', async () => {
    const s = await createSurvey(t.db, admin.user.id);
    await addQuestions(t.db, s.id, { Kept: [{ title: 'Kept' }] });
    const res = await build(s.id, [
      { name: 'C', questions: [{ title: 'Pick', kind: 'options_question', options: ['', ' '] }] },
    ]);
    expect(res.statusCode).toBe(400);
    // Fields are named by their top-level key (platform/http/error-handler.ts); the message says which rule.
    expect(res.json()).toMatchObject({
      error: MSG.optionRequired,
      fields: { categories: MSG.optionRequired },
    });
    const noTitle = await build(s.id, [{ name: 'C', questions: [{ title: '', kind: 'text_input' }] }]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error).toBe(MSG.questionTitleRequired);
    const wrongType = await build(s.id, [
      { name: 'C', questions: [{ title: 'T', kind: 'text_input', answerType: 'radio' }] },
    ]);
    expect(wrongType.statusCode).toBe(400);
    const cats = await t.db.select().from(surveyCategories).where(eq(surveyCategories.surveyId, s.id));
    expect(cats.map((c) => c.name)).toEqual(['Kept']);
  });

  it('refuses with 409 once the survey has a response, keeping the questions and the answers', async () => {
    const s = await createSurvey(t.db, admin.user.id);
    const [q] = await addQuestions(t.db, s.id, { Kept: [{ title: 'Kept' }] });
    const submit = await send('POST', '/v1/api/surveys/instances', staff, {
      surveyId: s.id,
      answers: [{ surveyQuestionId: q, textAnswer: 'My answer' }],
    });
    expect(submit.statusCode).toBe(201);
    expect((await get(`/v1/api/surveys/${s.id}/form`, admin)).json().data.hasResponses).toBe(true);
    const res = await build(s.id, [{ name: 'New', questions: [{ title: 'New', kind: 'text_input' }] }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MSG.surveyHasResponses);
    const cats = await t.db.select().from(surveyCategories).where(eq(surveyCategories.surveyId, s.id));
    expect(cats.map((c) => c.name)).toEqual(['Kept']);
    const answers = await t.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.questionId, q as number));
    expect(answers.map((a) => a.textAnswer)).toEqual(['My answer']);
  });

  it('404 for an unknown survey, 403 for staff and other roles, 401 anonymous', async () => {
    const cats = [{ name: 'C', questions: [] }];
    expect((await build(999_999, cats)).statusCode).toBe(404);
    const s = await createSurvey(t.db, admin.user.id);
    expect((await build(s.id, cats, staff)).statusCode).toBe(403);
    expect((await build(s.id, cats, other)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/v1/api/surveys/build-survey',
      payload: { surveyId: s.id, categories: cats },
    });
    expect(anon.statusCode).toBe(401);
    expect((await build(s.id, [])).statusCode).toBe(400);
  });
});
