// An anonymous survey's response leaves no access log line (ADR 035): its time and client address, beside
// the same connection's other requests (some name the user), would tie the response to its author. The
// server's own logger (as main.ts builds it, at the default level) still logs the requests around it. The
// same promise as anonymous-survey.spec.ts's reading of the journey server's log, here without a browser.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../../../test/log-capture';
import { useTestApp } from '../../../test/use-test-app';
import { buildApp } from '../../app';
import { addQuestions, createSurvey, SURVEY_CAST } from './test-support';

const t = useTestApp(SURVEY_CAST);
const { admin, staff } = t.users;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  app = await buildApp({
    config: t.app.config as Parameters<typeof buildApp>[0]['config'],
    database: t.app.database,
    mailer: t.app.mailer,
    storage: t.app.storage,
    // main.ts's default level, LOG_LEVEL=info (config.ts), which the journeys' server runs with too.
    logger: capturingLogger('info', (line) => lines.push(line)),
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the log of an anonymous survey’s response', () => {
  it('has no line of the answer, while the report the administrator reads is logged', async () => {
    const survey = await createSurvey(t.db, admin.user.id, { isAnonymous: true });
    const [mood] = await addQuestions(t.db, survey.id, { Mood: [{ title: 'Mood', options: ['Good'] }] });
    const answered = await app.inject({
      method: 'POST',
      url: '/v1/api/surveys/instances',
      headers: staff.headers,
      payload: { surveyId: survey.id, answers: [{ surveyQuestionId: mood, textAnswer: 'Good' }] },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const report = await app.inject({
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
