// Authorisation matrix rows of the survey routes (see ../authz-matrix.test.ts). The survey is published, in
// its window and for everyone, so staff may read it and its form; hiding surveys from staff (404) is covered by
// src/features/surveys/surveys.test.ts.
import { addQuestions, createSurvey } from '../../src/features/surveys/test-support';
import type { TestApp } from '../app';
import { adminOnly, contentAdmins, knownRoles, type MatrixContext, type Rows } from './shared';

export async function surveysRows(t: TestApp, ctx: MatrixContext): Promise<Rows> {
  const { id } = await createSurvey(t.db, ctx.adminId);
  await addQuestions(t.db, id, { 'Category 1': [{ title: 'How are you?' }] });
  return {
    'GET /v1/api/surveys': ['/v1/api/surveys?limit=1000', contentAdmins(200)],
    'GET /v1/api/surveys/:id': [`/v1/api/surveys/${id}`, knownRoles(200)],
    'GET /v1/api/surveys/:id/form': [`/v1/api/surveys/${id}/form`, knownRoles(200)],
    'POST /v1/api/surveys': ['/v1/api/surveys', contentAdmins(400)],
    'PUT /v1/api/surveys/:id': [`/v1/api/surveys/${id}`, contentAdmins(400)],
    // Each caller asks for the administrator's list: the administrator may, staff and editors get 403.
    'GET /v1/api/surveys/for-user/:userId': [
      `/v1/api/surveys/for-user/${ctx.adminId}`,
      [401, 200, 403, 403, 403],
    ],
    'POST /v1/api/surveys/build-survey': ['/v1/api/surveys/build-survey', contentAdmins(400)],
    'GET /v1/api/survey-instances': [`/v1/api/survey-instances?surveyId=${id}`, knownRoles(200)],
    'POST /v1/api/surveys/instances': ['/v1/api/surveys/instances', knownRoles(400)],
    // The anonymous surveys' smallest-group setting (ADR 035); its validation is in
    // src/features/reports/anonymous-survey-report.test.ts. An empty body: 400 for the administrator.
    'GET /v1/api/settings/anonymous-surveys': ['/v1/api/settings/anonymous-surveys', adminOnly(200)],
    'PUT /v1/api/settings/anonymous-surveys': ['/v1/api/settings/anonymous-surveys', adminOnly(400)],
  };
}
