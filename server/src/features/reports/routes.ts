// /v1/api reports (issue 7): administrators only, checked at onRequest (401/403 before the query is looked
// at). Tables answer `{ data }`; CSV downloads stream (platform/csv.ts) with SPEC's columns and file names.
import {
  activeUsersQuery,
  activeUsersWeek,
  envelope,
  errorBody,
  idParam,
  POST_ACTIVITY_CSV_COLUMNS,
  postActivityPage as postActivityPageSchema,
  postActivityQuery,
  postReportRow,
  REPORT_FILE_STEMS,
  ROLE,
  surveyReport,
  surveyReportListRow,
  topPostsQuery,
  USER_ACTIVITY_CSV_COLUMNS,
  userActivityPage as userActivityPageSchema,
  userActivityQuery,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth/guards';
import { csvHeaders, csvStream, fileTimestamp } from '../../platform/csv';
import { notFound } from '../../platform/errors';
import { activeUsersPerWeek } from './active-users';
import { tableDateFormatter, tzParam } from './dates';
import { postActivityCsvRows, postActivityPage, topPosts } from './post-activity';
import {
  findSurvey,
  surveyReport as loadSurveyReport,
  surveyReportList,
  surveyResponsesCsv,
} from './survey-report';
import { userActivityCsvRows, userActivityPage } from './user-activity';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['reports'];
// A CSV body is a stream (never serialised): the document names its media type, and the summaries its form.
// Its schema is text, typed as unknown so that the handler may send the stream.
const csvText: z.ZodType<unknown> = z.string();
const csvResponse = {
  200: { description: 'The CSV file', content: { 'text/csv': { schema: csvText } } },
  ...errors,
};
const csvSummary = 'Streamed text/csv (UTF-8 with a byte-order mark), Content-Disposition: attachment';

/** The CSV takes the table's filters and order (not its page) and the viewer's time zone. */
const userActivityCsvQuery = userActivityQuery.omit({ page: true, pageSize: true }).extend({ tz: tzParam });
const tzQuery = z.object({ tz: tzParam });

export async function reportRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole(ROLE.ADMIN);

  app.get(
    '/reports/user-activity',
    {
      schema: {
        tags,
        querystring: userActivityQuery,
        response: { 200: envelope(userActivityPageSchema), ...errors },
      },
      onRequest: admin,
    },
    async (request) => ({ data: await userActivityPage(app.db, request.query) }),
  );

  app.get(
    '/reports/user-activity/csv',
    {
      schema: { tags, summary: csvSummary, querystring: userActivityCsvQuery, response: csvResponse },
      onRequest: admin,
    },
    async (request, reply) => {
      const { tz, sort, order, ...filters } = request.query;
      const name = `${REPORT_FILE_STEMS.userActivity}-${fileTimestamp(new Date())}.csv`;
      const rows = userActivityCsvRows(app.db, filters, { sort, order }, tableDateFormatter(tz));
      return reply.headers(csvHeaders(name)).send(csvStream(USER_ACTIVITY_CSV_COLUMNS, rows));
    },
  );

  app.get(
    '/reports/active-users',
    {
      schema: {
        tags,
        querystring: activeUsersQuery,
        response: { 200: envelope(z.array(activeUsersWeek)), ...errors },
      },
      onRequest: admin,
    },
    async (request) => ({ data: await activeUsersPerWeek(app.db, request.query.weeks) }),
  );

  app.get(
    '/reports/post-activity',
    {
      schema: {
        tags,
        querystring: postActivityQuery,
        response: { 200: envelope(postActivityPageSchema), ...errors },
      },
      onRequest: admin,
    },
    async (request) => ({ data: await postActivityPage(app.db, request.query) }),
  );

  app.get(
    '/reports/top-posts',
    {
      schema: {
        tags,
        querystring: topPostsQuery,
        response: { 200: envelope(z.array(postReportRow)), ...errors },
      },
      onRequest: admin,
    },
    async (request) => ({ data: await topPosts(app.db, request.query.limit) }),
  );

  app.get(
    '/reports/post-activity/csv',
    { schema: { tags, summary: csvSummary, querystring: tzQuery, response: csvResponse }, onRequest: admin },
    async (request, reply) => {
      const name = `${REPORT_FILE_STEMS.postActivity}-${fileTimestamp(new Date())}.csv`;
      const rows = postActivityCsvRows(app.db, tableDateFormatter(request.query.tz));
      return reply.headers(csvHeaders(name)).send(csvStream(POST_ACTIVITY_CSV_COLUMNS, rows));
    },
  );

  app.get(
    '/reports/survey-responses',
    {
      schema: { tags, response: { 200: envelope(z.array(surveyReportListRow)), ...errors } },
      onRequest: admin,
    },
    async () => ({ data: await surveyReportList(app.db) }),
  );

  app.get(
    '/surveys/:id/report',
    {
      schema: { tags, params: idParam, response: { 200: envelope(surveyReport), ...errors } },
      onRequest: admin,
    },
    async (request) => {
      const report = await loadSurveyReport(app.db, request.params.id);
      if (!report) throw notFound();
      return { data: report };
    },
  );

  app.get(
    '/reports/survey-responses/:id/csv',
    {
      schema: { tags, summary: csvSummary, params: idParam, querystring: tzQuery, response: csvResponse },
      onRequest: admin,
    },
    async (request, reply) => {
      const { id } = request.params;
      // Checked before the stream starts: once the header is sent, the status can no longer change.
      if (!(await findSurvey(app.db, id))) throw notFound();
      const name = `${REPORT_FILE_STEMS.surveyResponses}-${id}-${fileTimestamp(new Date())}.csv`;
      const csv = await surveyResponsesCsv(app.db, id, tableDateFormatter(request.query.tz));
      return reply.headers(csvHeaders(name)).send(csvStream(csv.header, csv.rows));
    },
  );
}
