// Authorisation matrix rows of the report routes (see ../authz-matrix.test.ts): administrators only.
import { createSurvey } from '../../src/features/surveys/test-support';
import type { TestApp } from '../app';
import { adminOnly, type MatrixContext, type Rows } from './shared';

export async function reportsRows(t: TestApp, ctx: MatrixContext): Promise<Rows> {
  const { id } = await createSurvey(t.db, ctx.adminId);
  return {
    'GET /v1/api/reports/user-activity': ['/v1/api/reports/user-activity', adminOnly(200)],
    'GET /v1/api/reports/user-activity/csv': ['/v1/api/reports/user-activity/csv', adminOnly(200)],
    'GET /v1/api/reports/active-users': ['/v1/api/reports/active-users', adminOnly(200)],
    'GET /v1/api/reports/post-activity': ['/v1/api/reports/post-activity', adminOnly(200)],
    'GET /v1/api/reports/top-posts': ['/v1/api/reports/top-posts', adminOnly(200)],
    'GET /v1/api/reports/post-activity/csv': ['/v1/api/reports/post-activity/csv', adminOnly(200)],
    'GET /v1/api/reports/survey-responses': ['/v1/api/reports/survey-responses', adminOnly(200)],
    'GET /v1/api/surveys/:id/report': [`/v1/api/surveys/${id}/report`, adminOnly(200)],
    'GET /v1/api/reports/survey-responses/:id/csv': [
      `/v1/api/reports/survey-responses/${id}/csv`,
      adminOnly(200),
    ],
  };
}
