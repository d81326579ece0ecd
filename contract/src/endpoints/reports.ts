// Reports (issue 7; SPEC sections 2, 3, 7 and 9): administrators only. Tables answer `{ data }`; the CSV
// downloads stream SPEC's columns under SPEC's file names.
import { z } from 'zod';
import { endpoint, type RawAnswer, ROLES } from '../endpoint';
import { envelope, idParam } from '../schemas/common';
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

const tag = 'reports';

// A CSV body is a stream (never serialised): the document names its media type, and the summaries its form.
const csvFile = {
  description: 'The CSV file',
  content: { 'text/csv': { schema: z.string() } },
} satisfies RawAnswer;
const csvSummary = 'Streamed text/csv (UTF-8 with a byte-order mark), Content-Disposition: attachment';

export const reportsEndpoints = {
  getUserActivityReport: endpoint({
    method: 'GET',
    path: '/v1/api/reports/user-activity',
    access: ROLES.admins,
    tag,
    query: userActivityQuery,
    responses: { 200: envelope(userActivityPage) },
  }),
  downloadUserActivityCsv: endpoint({
    method: 'GET',
    path: '/v1/api/reports/user-activity/csv',
    access: ROLES.admins,
    tag,
    summary: csvSummary,
    query: userActivityCsvQuery,
    responses: { 200: csvFile },
  }),
  getActiveUsersReport: endpoint({
    method: 'GET',
    path: '/v1/api/reports/active-users',
    access: ROLES.admins,
    tag,
    query: activeUsersQuery,
    responses: { 200: envelope(z.array(activeUsersWeek)) },
  }),
  getPostActivityReport: endpoint({
    method: 'GET',
    path: '/v1/api/reports/post-activity',
    access: ROLES.admins,
    tag,
    query: postActivityQuery,
    responses: { 200: envelope(postActivityPage) },
  }),
  getTopPostsReport: endpoint({
    method: 'GET',
    path: '/v1/api/reports/top-posts',
    access: ROLES.admins,
    tag,
    query: topPostsQuery,
    responses: { 200: envelope(z.array(postReportRow)) },
  }),
  downloadPostActivityCsv: endpoint({
    method: 'GET',
    path: '/v1/api/reports/post-activity/csv',
    access: ROLES.admins,
    tag,
    summary: csvSummary,
    query: csvTzQuery,
    responses: { 200: csvFile },
  }),
  listSurveyReports: endpoint({
    method: 'GET',
    path: '/v1/api/reports/survey-responses',
    access: ROLES.admins,
    tag,
    responses: { 200: envelope(z.array(surveyReportListRow)) },
  }),
  getSurveyReport: endpoint({
    method: 'GET',
    path: '/v1/api/surveys/:id/report',
    access: ROLES.admins,
    tag,
    params: idParam,
    responses: { 200: envelope(surveyReport) },
  }),
  downloadSurveyResponsesCsv: endpoint({
    method: 'GET',
    path: '/v1/api/reports/survey-responses/:id/csv',
    access: ROLES.admins,
    tag,
    summary: csvSummary,
    params: idParam,
    query: csvTzQuery,
    responses: { 200: csvFile },
  }),
};
