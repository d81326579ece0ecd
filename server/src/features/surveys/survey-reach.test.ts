// Which surveys staff find (for-user, one survey, its form): only published, active ones inside their window,
// for an audience that includes the caller; administrators and post managers read every survey.
import { STATE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { surveyInstances } from '../../db/schema';
import { addQuestions, createSurvey, DAY, HOUR, SURVEY_CAST } from './test-support';

const t = useTestApp(SURVEY_CAST);
const { admin, editor, staff, other } = t.users;
const { here, there } = t.groups;

const get = t.get;
const ids = (list: { id: number }[]) => list.map((x) => x.id);

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
