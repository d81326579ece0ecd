// Reports: the handlers of contract/src/endpoints/reports.ts (administrators only). Tables answer
// `{ data }`; CSV downloads stream (platform/csv.ts) with product.md's columns and file names.
import {
  POST_ACTIVITY_CSV_COLUMNS,
  REPORT_FILE_STEMS,
  reportsEndpoints,
  USER_ACTIVITY_CSV_COLUMNS,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { csvHeaders, csvStream, fileTimestamp } from '../../platform/csv';
import { notFound } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { markerSecret } from '../surveys/respondent-marker';
import { activeUsersPerWeek } from './active-users';
import { tableDateFormatter } from './dates';
import { postActivityCsvRows, postActivityPage, topPosts } from './post-activity';
import {
  findSurvey,
  surveyReport as loadSurveyReport,
  surveyReportList,
  surveyResponsesCsv,
} from './survey-report';
import { userActivityCsvRows, userActivityPage } from './user-activity';

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  // Orders the responses of anonymous surveys (ADR 035).
  const secret = markerSecret(app);
  routes(app, reportsEndpoints, {
    getUserActivityReport: async (request) => ({ data: await userActivityPage(app.db, request.query) }),
    downloadUserActivityCsv: async (request, reply) => {
      const { tz, sort, order, ...filters } = request.query;
      const name = `${REPORT_FILE_STEMS.userActivity}-${fileTimestamp(new Date())}.csv`;
      const rows = userActivityCsvRows(app.db, filters, { sort, order }, tableDateFormatter(tz));
      return reply.headers(csvHeaders(name)).send(csvStream(USER_ACTIVITY_CSV_COLUMNS, rows));
    },
    getActiveUsersReport: async (request) => ({
      data: await activeUsersPerWeek(app.db, request.query.weeks),
    }),
    getPostActivityReport: async (request) => ({ data: await postActivityPage(app.db, request.query) }),
    getTopPostsReport: async (request) => ({ data: await topPosts(app.db, request.query.limit) }),
    downloadPostActivityCsv: async (request, reply) => {
      const name = `${REPORT_FILE_STEMS.postActivity}-${fileTimestamp(new Date())}.csv`;
      const rows = postActivityCsvRows(app.db, tableDateFormatter(request.query.tz));
      return reply.headers(csvHeaders(name)).send(csvStream(POST_ACTIVITY_CSV_COLUMNS, rows));
    },
    listSurveyReports: async () => ({ data: await surveyReportList(app.db) }),
    getSurveyReport: async (request) => {
      const report = await loadSurveyReport(app.db, request.params.id, secret);
      if (!report) throw notFound();
      return { data: report };
    },
    downloadSurveyResponsesCsv: async (request, reply) => {
      const { id } = request.params;
      // Checked before the stream starts: once the header is sent, the status can no longer change.
      const survey = await findSurvey(app.db, id);
      if (!survey) throw notFound();
      const name = `${REPORT_FILE_STEMS.surveyResponses}-${id}-${fileTimestamp(new Date())}.csv`;
      const csv = await surveyResponsesCsv(app.db, survey, tableDateFormatter(request.query.tz), secret);
      return reply.headers(csvHeaders(name)).send(csvStream(csv.header, csv.rows));
    },
  });
}
