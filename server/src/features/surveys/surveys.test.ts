// Surveys as administrators and post managers keep them: create, edit and the admin list, with the audience.
// What staff find: survey-reach.test.ts; the builder: survey-builder.test.ts.
import { MSG, STATE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { surveyGroups, surveys } from '../../db/schema';
import { createSurvey, SURVEY_CAST } from './test-support';

const t = useTestApp(SURVEY_CAST);
const { admin, editor, staff, other } = t.users;
const { here, there } = t.groups;

const send = t.call;
const get = t.get;
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
