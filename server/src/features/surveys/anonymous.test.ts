// @engine: atomic marker under simultaneous responses
// Anonymous surveys (issue 19, ADR 035): a response keeps no user id (the tables are read to prove it), only
// the respondent's groups and the day; "already answered" is a keyed marker, atomic under its primary key;
// the switch is settled before the first response; nothing else records who answered.
import { createHash } from 'node:crypto';
import { MSG } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import {
  notificationEvents,
  notifications,
  surveyAnswers,
  surveyInstances,
  surveyRespondentMarkers,
  surveys,
} from '../../db/schema';
import { respondentMarker } from './respondent-marker';
import { addQuestions, createSurvey, SURVEY_CAST } from './test-support';

const t = useTestApp(SURVEY_CAST);
const { admin, editor, staff } = t.users;
const { here } = t.groups;

const submit = (payload: object, s = staff) => t.call('POST', '/v1/api/surveys/instances', s, payload);

async function anonymousSurvey(o: Parameters<typeof createSurvey>[2] = {}) {
  const s = await createSurvey(t.db, admin.user.id, { isAnonymous: true, ...o });
  const [mood] = await addQuestions(t.db, s.id, { Mood: [{ title: 'Mood', options: ['Good', 'Bad'] }] });
  if (!mood) throw new Error('question not created');
  return { survey: s, answers: [{ surveyQuestionId: mood, textAnswer: 'Good' }] };
}

const instancesOf = (surveyId: number) =>
  t.db.select().from(surveyInstances).where(eq(surveyInstances.surveyId, surveyId));
const markersOf = (surveyId: number) =>
  t.db.select().from(surveyRespondentMarkers).where(eq(surveyRespondentMarkers.surveyId, surveyId));
const total = async (table: typeof notificationEvents | typeof notifications) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const midnightUtc = (d: Date) =>
  d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;

describe('answering an anonymous survey', () => {
  it('stores the response without the user: no id, groups only, the day only, a keyed marker', async () => {
    const { survey, answers } = await anonymousSurvey();
    const [events, bells] = [await total(notificationEvents), await total(notifications)];
    const res = await submit({ surveyId: survey.id, answers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ surveyId: survey.id, createdById: null, isComplete: true });

    const [instance, ...more] = await instancesOf(survey.id);
    expect(more).toHaveLength(0);
    expect(instance?.createdById).toBeNull();
    expect(instance?.locationId).toBe(here.location.id);
    expect(instance?.departmentId).toBe(here.department.id);
    expect(instance && midnightUtc(instance.createdAt)).toBe(true);
    expect(instance?.completedAt && midnightUtc(instance.completedAt)).toBe(true);
    expect(instance?.createdAt.toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    const stored = await t.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.instanceId, instance?.id ?? 0));
    expect(stored.map((a) => a.textAnswer)).toEqual(['Good']);

    const [marker, ...others] = await markersOf(survey.id);
    expect(others).toHaveLength(0);
    const id = String(staff.user.id);
    const plain = [
      id,
      `${survey.id}\n${id}`,
      `${survey.id}:${id}`,
      `${survey.id}-${id}`,
      `${id}\n${survey.id}`,
    ];
    const unkeyed = plain.flatMap((p) =>
      ['sha256', 'sha1', 'md5'].flatMap((alg) => [
        createHash(alg).update(p).digest('hex'),
        createHash(alg).update(p).digest('base64url'),
        createHash(alg).update(p).digest('base64'),
      ]),
    );
    expect([...plain, ...unkeyed]).not.toContain(marker?.marker);
    expect(marker?.marker).not.toBe(id);
    // It is the keyed hash, and another key gives another marker: without the secret it cannot be recomputed.
    expect(marker?.marker).toBe(respondentMarker(t.app.config.jwtSecret ?? '', survey.id, staff.user.id));
    expect(respondentMarker('another-secret', survey.id, staff.user.id)).not.toBe(marker?.marker);
    // No event, no notification: nothing else records that this person answered.
    expect(await total(notificationEvents)).toBe(events);
    expect(await total(notifications)).toBe(bells);
  });

  it('refuses a second response to a non-refillable survey (409), storing nothing', async () => {
    const { survey, answers } = await anonymousSurvey();
    expect((await submit({ surveyId: survey.id, answers })).statusCode).toBe(201);
    const again = await submit({ surveyId: survey.id, answers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MSG.surveyAnswered);
    expect(await instancesOf(survey.id)).toHaveLength(1);
    expect(await markersOf(survey.id)).toHaveLength(1);
    // Another person may.
    expect((await submit({ surveyId: survey.id, answers }, editor)).statusCode).toBe(201);
    expect(await markersOf(survey.id)).toHaveLength(2);
  });

  it('stores one response when the same person sends two at once', async () => {
    const { survey, answers } = await anonymousSurvey();
    const results = await Promise.all([1, 2, 3].map(() => submit({ surveyId: survey.id, answers })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await instancesOf(survey.id)).toHaveLength(1);
    expect(await markersOf(survey.id)).toHaveLength(1);
  });

  it('takes several responses of a refillable survey under one marker', async () => {
    const { survey, answers } = await anonymousSurvey({ isRefillable: true });
    expect((await submit({ surveyId: survey.id, answers })).statusCode).toBe(201);
    expect((await submit({ surveyId: survey.id, answers })).statusCode).toBe(201);
    expect(await instancesOf(survey.id)).toHaveLength(2);
    expect(await markersOf(survey.id)).toHaveLength(1);
  });

  it('leaves no marker when the answers are refused (400) or the survey is not open (404)', async () => {
    const { survey } = await anonymousSurvey();
    const bad = await submit({ surveyId: survey.id, answers: [] });
    expect(bad.statusCode).toBe(400);
    expect(await markersOf(survey.id)).toHaveLength(0);
    const closed = await anonymousSurvey({ endAt: new Date(Date.now() - 1000) });
    expect((await submit({ surveyId: closed.survey.id, answers: closed.answers })).statusCode).toBe(404);
    expect(await markersOf(closed.survey.id)).toHaveLength(0);
    const anonymous = await t.call('POST', '/v1/api/surveys/instances', undefined, {
      surveyId: survey.id,
      answers: [],
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows the person as having answered, by the marker, and never lists the response back', async () => {
    const { survey, answers } = await anonymousSurvey();
    const before = await t.get(`/v1/api/surveys/for-user/${staff.user.id}`, staff);
    expect(before.json().data.find((s: { id: number }) => s.id === survey.id)).toMatchObject({
      isAnonymous: 1,
      state: 0,
    });
    expect((await t.get(`/v1/api/surveys/${survey.id}/form`, staff)).json().data).toMatchObject({
      isAnonymous: 1,
      answered: false,
    });
    await submit({ surveyId: survey.id, answers });
    const after = await t.get(`/v1/api/surveys/for-user/${staff.user.id}`, staff);
    expect(after.json().data.find((s: { id: number }) => s.id === survey.id)?.state).toBe(1);
    expect((await t.get(`/v1/api/surveys/${survey.id}/form`, staff)).json().data.answered).toBe(true);
    // Someone else has not answered.
    expect((await t.get(`/v1/api/surveys/${survey.id}/form`, editor)).json().data.answered).toBe(false);
    const own = await t.get(`/v1/api/survey-instances?surveyId=${survey.id}`, staff);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([]);
    // The user activity report counts no anonymous response for them.
    const activity = await t.get(
      `/v1/api/reports/user-activity?search=${encodeURIComponent(staff.user.email)}`,
      admin,
    );
    expect(activity.json().data.rows[0]?.surveys).toBe(0);
  });
});

it('adds no one to the active users of the week (an anonymous response has no user)', async () => {
  const { survey, answers } = await anonymousSurvey();
  const week = async () =>
    (await t.get('/v1/api/reports/active-users?weeks=1', admin)).json().data[0].activeUsers as number;
  const before = await week();
  expect(before).toBeGreaterThan(0);
  expect((await submit({ surveyId: survey.id, answers })).statusCode).toBe(201);
  expect(await week()).toBe(before);
});

describe('the anonymous switch', () => {
  const form = (isAnonymous: 0 | 1) => ({
    title: 'Pulse',
    description: 'How are we doing?',
    isRefillable: 0,
    isAnonymous,
    stateId: 2,
    groups: [],
    startAt: new Date(Date.now() - 3600_000).toISOString(),
    endAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

  it('is set at creation and answered with the survey', async () => {
    const res = await t.call('POST', '/v1/api/surveys', admin, {
      title: 'Pulse',
      description: 'How are we doing?',
      isAnonymous: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data as number;
    expect((await t.get(`/v1/api/surveys/${id}`, admin)).json().data.isAnonymous).toBe(1);
    expect(
      (await t.call('POST', '/v1/api/surveys', admin, { title: 'x', description: 'y', isAnonymous: 'yes' }))
        .statusCode,
    ).toBe(400);
  });

  it('changes freely before the first response, and is refused (400) after it', async () => {
    const { survey, answers } = await anonymousSurvey();
    const off = await t.call('PUT', `/v1/api/surveys/${survey.id}`, admin, form(0));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.isAnonymous).toBe(0);
    const on = await t.call('PUT', `/v1/api/surveys/${survey.id}`, admin, form(1));
    expect(on.json().data.isAnonymous).toBe(1);
    expect((await submit({ surveyId: survey.id, answers })).statusCode).toBe(201);

    const refused = await t.call('PUT', `/v1/api/surveys/${survey.id}`, admin, form(0));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: MSG.surveyAnonymousLocked,
      fields: { isAnonymous: MSG.surveyAnonymousLocked },
    });
    const [row] = await t.db.select().from(surveys).where(eq(surveys.id, survey.id));
    expect(row?.isAnonymous).toBe(true);
    // The same value, or none, still saves the rest of the form.
    expect((await t.call('PUT', `/v1/api/surveys/${survey.id}`, admin, form(1))).statusCode).toBe(200);
    const { isAnonymous: _, ...rest } = form(1);
    expect((await t.call('PUT', `/v1/api/surveys/${survey.id}`, admin, rest)).statusCode).toBe(200);
  });

  it('is refused the other way too: a named survey with responses cannot become anonymous', async () => {
    const s = await createSurvey(t.db, admin.user.id);
    const [mood] = await addQuestions(t.db, s.id, { Mood: [{ title: 'Mood', options: ['Good'] }] });
    expect(
      (await submit({ surveyId: s.id, answers: [{ surveyQuestionId: mood, textAnswer: 'Good' }] }))
        .statusCode,
    ).toBe(201);
    const res = await t.call('PUT', `/v1/api/surveys/${s.id}`, admin, form(1));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.surveyAnonymousLocked);
    expect((await t.call('PUT', `/v1/api/surveys/${s.id}`, staff, form(1))).statusCode).toBe(403);
    expect((await t.call('PUT', '/v1/api/surveys/999999', admin, form(1))).statusCode).toBe(404);
  });
});
