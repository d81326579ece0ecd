// Anonymous surveys against a curious administrator (issue 30 H1, ADR 035's threat model): nothing an
// administrator or a post manager can call tells whether a given person answered an anonymous survey. Only
// the respondent learns their own state. Each surface is asked about a person before and after they answer,
// and must answer the same thing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import * as marker from './respondent-marker';
import { addQuestions, createSurvey, SURVEY_CAST } from './test-support';

const t = useTestApp(SURVEY_CAST);
const { admin, editor, staff } = t.users;

afterEach(() => {
  vi.restoreAllMocks();
});

async function anonymousSurvey() {
  const s = await createSurvey(t.db, admin.user.id, { isAnonymous: true });
  const [mood] = await addQuestions(t.db, s.id, { Mood: [{ title: 'Mood', options: ['Good', 'Bad'] }] });
  return { id: s.id, answers: [{ surveyQuestionId: mood, textAnswer: 'Good' }] };
}

const answer = async (survey: { id: number; answers: object[] }) => {
  const res = await t.call('POST', '/v1/api/surveys/instances', staff, {
    surveyId: survey.id,
    answers: survey.answers,
  });
  expect(res.statusCode, res.body).toBe(201);
};

const stateOf = async (surveyId: number, asker = admin, about = staff) => {
  const res = await t.get(`/v1/api/surveys/for-user/${about.user.id}`, asker);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number; state: number }[]).find((s) => s.id === surveyId)?.state;
};

describe("GET /surveys/for-user/{userId} about someone else's anonymous survey", () => {
  it('answers state 0 to an administrator whether or not the person answered', async () => {
    const survey = await anonymousSurvey();
    expect(await stateOf(survey.id)).toBe(0);
    await answer(survey);
    expect(await stateOf(survey.id)).toBe(0);
    // The respondent still learns their own state.
    expect(await stateOf(survey.id, staff, staff)).toBe(1);
  });

  it('does not compute the marker of the person asked about (no timing difference either)', async () => {
    const survey = await anonymousSurvey();
    await answer(survey);
    const spy = vi.spyOn(marker, 'respondentMarker');
    await stateOf(survey.id);
    expect(spy.mock.calls.filter(([, , userId]) => userId === staff.user.id)).toEqual([]);
    // Asking about oneself does compute it (so the spy sees the calls it should).
    await stateOf(survey.id, staff, staff);
    expect(spy.mock.calls.some(([, , userId]) => userId === staff.user.id)).toBe(true);
  });

  it('still answers the state of a named survey (its report names its respondents anyway)', async () => {
    const s = await createSurvey(t.db, admin.user.id);
    const [q] = await addQuestions(t.db, s.id, { One: [{ title: 'Name?' }] });
    await answer({ id: s.id, answers: [{ surveyQuestionId: q, textAnswer: 'Me' }] });
    expect(await stateOf(s.id)).toBe(1);
  });
});

describe('every other surface an administrator or a post manager can call', () => {
  it('survey-instances naming the person lists no anonymous response', async () => {
    const survey = await anonymousSurvey();
    const listed = () =>
      t.get(`/v1/api/survey-instances?createdById=${staff.user.id}&surveyId=${survey.id}`, admin);
    const before = await listed();
    await answer(survey);
    const after = await listed();
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toEqual(before.json().data);
    expect(after.json().data).toEqual([]);
  });

  it("the form answers the caller's own state, whatever user it is asked about", async () => {
    const survey = await anonymousSurvey();
    await answer(survey);
    for (const asker of [admin, editor]) {
      // The endpoint takes no user: a userId in the query is ignored, the caller's own marker is read.
      const form = await t.get(`/v1/api/surveys/${survey.id}/form?userId=${staff.user.id}`, asker);
      expect(form.statusCode).toBe(200);
      expect(form.json().data.answered).toBe(false);
    }
  });

  it('the user records and the user activity report and CSV count no anonymous response', async () => {
    const survey = await anonymousSurvey();
    const look = async () => {
      const user = await t.get(`/v1/api/users/${staff.user.id}`, admin);
      const activity = await t.get(
        `/v1/api/reports/user-activity?search=${encodeURIComponent(staff.user.email)}`,
        admin,
      );
      const csv = await t.get(
        `/v1/api/reports/user-activity/csv?search=${encodeURIComponent(staff.user.email)}&tz=UTC`,
        admin,
      );
      expect([user.statusCode, activity.statusCode, csv.statusCode]).toEqual([200, 200, 200]);
      // Last Active moves with any request; everything else must not move with the answer.
      const { lastActiveAt: _a, ...row } = activity.json().data.rows[0];
      const { lastLoggedInAt: _l, refreshTokenExp: _r, ...record } = user.json().data;
      const lines = csv.body.split('\n').map((l) => l.split(',').slice(0, 8).join(','));
      return { row, record, lines };
    };
    const before = await look();
    await answer(survey);
    expect(await look()).toEqual(before);
  });

  it("the survey's report and CSV name no one and carry no time", async () => {
    const survey = await anonymousSurvey();
    await answer(survey);
    const report = await t.get(`/v1/api/surveys/${survey.id}/report`, admin);
    const csv = await t.get(`/v1/api/reports/survey-responses/${survey.id}/csv?tz=UTC`, admin);
    for (const body of [report.body, csv.body]) {
      expect(body).not.toContain(staff.user.email);
      expect(body).not.toContain(`"createdById":${staff.user.id}`);
    }
    expect(report.json().data.instances).toEqual([
      { id: 1, isComplete: true, completedAt: null, createdBy: null },
    ]);
  });
});
