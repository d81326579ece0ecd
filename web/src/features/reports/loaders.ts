// The report pages' route loaders (ADR 046): each starts the requests its page asks for on its first
// render. A report table opens on its first page, default sort, no search and no filter: the constants
// below, which the pages and their table state (use-report-table.ts) start from too.
import type { PostActivitySort, UserActivitySort } from '@hearth/contract';
import { prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { groupsQuery } from '../../shared/people/groups';
import {
  activeUsersQuery,
  postActivityQuery,
  surveyReportListQuery,
  surveyReportQuery,
  topPostsQuery,
  userActivityQuery,
} from './queries';
import type { TableSorting } from './report-logic';

/** Where every report table starts. */
export const FIRST_PAGE = { page: 1, pageSize: 20 } as const;
export const USER_ACTIVITY_SORT: TableSorting<UserActivitySort> = { sort: 'lastName', order: 'asc' };
export const POST_ACTIVITY_SORT: TableSorting<PostActivitySort> = { sort: 'startAt', order: 'desc' };
/** The active users chart's weeks, and the top posts chart's posts. */
export const ACTIVE_USER_WEEKS = 12;
export const TOP_POSTS = 10;

/** /reports/survey-responses/:surveyId's id (NaN, and nothing asked, when it is not a number). */
export const surveyReportId = (value: string | undefined) => Number(value);

export const reportsLoaders: RouteLoaders = {
  userActivityReport: ({ queryClient }) => {
    prefetch(queryClient, activeUsersQuery(ACTIVE_USER_WEEKS));
    // The location and department filters' options.
    prefetch(queryClient, groupsQuery());
    prefetch(queryClient, userActivityQuery({ ...FIRST_PAGE, ...USER_ACTIVITY_SORT }));
  },
  surveyResponsesReport: ({ queryClient }) => prefetch(queryClient, surveyReportListQuery()),
  surveyResponseReport: ({ params, queryClient }) =>
    prefetch(queryClient, surveyReportQuery(surveyReportId(params.surveyId))),
  postActivityReport: ({ queryClient }) => {
    prefetch(queryClient, topPostsQuery(TOP_POSTS));
    prefetch(queryClient, postActivityQuery({ ...FIRST_PAGE, ...POST_ACTIVITY_SORT }));
  },
};
