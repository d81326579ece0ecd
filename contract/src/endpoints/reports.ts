// Reports (issue 7; product.md sections 2, 3, 7 and 9): administrators only. Tables answer `{ data }`; the
// CSV downloads stream the columns under the file names of product.md section 9.
import { z } from 'zod';
import { get, type RawAnswer, ROLES, tagged } from '../endpoint';
import { idParam, ok } from '../schemas/common';
import { postReportRow } from '../schemas/feed';
import {
  activeUsersQuery,
  activeUsersWeek,
  csvTzQuery,
  postActivityPage,
  postActivityQuery,
  surveyReport,
  surveyReportListRow,
  topPostsQuery,
  userActivityCsvQuery,
  userActivityPage,
  userActivityQuery,
} from '../schemas/reports';

// A CSV body is a stream (never serialised): the document names its media type, and the summaries its form.
const csvFile = {
  description: 'The CSV file',
  content: { 'text/csv': { schema: z.string() } },
} satisfies RawAnswer;
const csvSummary = 'Streamed text/csv (UTF-8 with a byte-order mark), Content-Disposition: attachment';

export const reportsEndpoints = tagged('reports', {
  getUserActivityReport: get({
    path: '/v1/api/reports/user-activity',
    access: ROLES.admins,
    query: userActivityQuery,
    responses: ok(userActivityPage),
  }),
  downloadUserActivityCsv: get({
    path: '/v1/api/reports/user-activity/csv',
    access: ROLES.admins,
    summary: csvSummary,
    query: userActivityCsvQuery,
    responses: { 200: csvFile },
  }),
  getActiveUsersReport: get({
    path: '/v1/api/reports/active-users',
    access: ROLES.admins,
    query: activeUsersQuery,
    responses: ok(z.array(activeUsersWeek)),
  }),
  getPostActivityReport: get({
    path: '/v1/api/reports/post-activity',
    access: ROLES.admins,
    query: postActivityQuery,
    responses: ok(postActivityPage),
  }),
  getTopPostsReport: get({
    path: '/v1/api/reports/top-posts',
    access: ROLES.admins,
    query: topPostsQuery,
    responses: ok(z.array(postReportRow)),
  }),
  downloadPostActivityCsv: get({
    path: '/v1/api/reports/post-activity/csv',
    access: ROLES.admins,
    summary: csvSummary,
    query: csvTzQuery,
    responses: { 200: csvFile },
  }),
  listSurveyReports: get({
    path: '/v1/api/reports/survey-responses',
    access: ROLES.admins,
    responses: ok(z.array(surveyReportListRow)),
  }),
  getSurveyReport: get({
    path: '/v1/api/surveys/:id/report',
    access: ROLES.admins,
    params: idParam,
    responses: ok(surveyReport),
  }),
  downloadSurveyResponsesCsv: get({
    path: '/v1/api/reports/survey-responses/:id/csv',
    access: ROLES.admins,
    summary: csvSummary,
    params: idParam,
    query: csvTzQuery,
    responses: { 200: csvFile },
  }),
});
