// An anonymous survey's response leaves no access log line (ADR 035): its time and client address, beside
// the same connection's other requests (some name the user), would tie the response to its author. The
// server's own logger (as main.ts builds it, at the default level) still logs the requests around it. The
// same promise as anonymous-survey.spec.ts's reading of the journey server's log, here without a browser.
import { describe, expect, it } from 'vitest';
import { useLoggingApp } from '../../../test/logging-app';
import { useTestApp } from '../../../test/use-test-app';
import { addQuestions, createSurvey, SURVEY_CAST } from './test-support';

const t = useTestApp(SURVEY_CAST);
const { admin, staff } = t.users;
// main.ts's default level, LOG_LEVEL=info (config.ts), which the journeys' server runs with too.
const logged = useLoggingApp(t, 'info');
const { lines } = logged;

describe('the log of an anonymous survey’s response', () => {
  it('has no line of the answer, while the report the administrator reads is logged', async () => {
    const survey = await createSurvey(t.db, admin.user.id, { isAnonymous: true });
    const [mood] = await addQuestions(t.db, survey.id, { Mood: [{ title: 'Mood', options: ['Good'] }] });
    const answered = await logged.app.inject({
      method: 'POST',
      url: '/v1/api/surveys/instances',
      headers: staff.headers,
      payload: { surveyId: survey.id, answers: [{ surveyQuestionId: mood, textAnswer: 'Good' }] },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const report = await logged.app.inject({
      method: 'GET',
      url: `/v1/api/surveys/${survey.id}/report`,
      headers: admin.headers,
    });
    expect(report.statusCode).toBe(200);

    expect(lines.some((l) => l.includes(`/v1/api/surveys/${survey.id}/report`))).toBe(true);
    expect(lines.filter((l) => l.includes('/v1/api/surveys/instances'))).toEqual([]);
    expect(lines.filter((l) => l.includes(staff.user.email))).toEqual([]);
  });
});
