// The report queries' options (ADR 046), one factory per query: the hooks (api.ts) and the route loaders
// (loaders.ts) use the same key and options. Administrators only: the server answers 403 to anyone else.
import { type PostActivitySort, reportsEndpoints, type UserActivitySort } from '@hearth/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, idQuery } from '../../lib/query-helpers';

/** The table's query (the contract's userActivityQuery, as the page holds it). */
export type UserActivityParams = {
  page: number;
  pageSize: number;
  sort: UserActivitySort;
  order: 'asc' | 'desc';
  search?: string;
  locationId?: number;
  departmentId?: number;
  roleId?: number;
};

/** The post table's query (the contract's postActivityQuery, as the page holds it). */
export type PostActivityParams = {
  page: number;
  pageSize: number;
  sort: PostActivitySort;
  order: 'asc' | 'desc';
  search?: string;
};

/** Group ids go as text, as the query schema reads them (the same URL as the number would give). */
const idText = (id: number | undefined) => (id === undefined ? undefined : String(id));

export const reportKeys = {
  all: ['reports'] as const,
  userActivity: (query: UserActivityParams) => ['reports', 'user-activity', query] as const,
  activeUsers: (weeks: number) => ['reports', 'active-users', weeks] as const,
  postActivity: (query: PostActivityParams) => ['reports', 'post-activity', query] as const,
  topPosts: (limit: number) => ['reports', 'top-posts', limit] as const,
  surveys: () => ['reports', 'surveys'] as const,
  survey: (id: number) => ['reports', 'survey', id] as const,
};

export const userActivityQuery = (query: UserActivityParams) =>
  queryOptions({
    queryKey: reportKeys.userActivity(query),
    queryFn: ({ signal }) =>
      call(
        reportsEndpoints.getUserActivityReport,
        {
          query: {
            ...query,
            locationId: idText(query.locationId),
            departmentId: idText(query.departmentId),
          },
        },
        { signal },
      ),
    // Keep the current page on screen while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  });

export const activeUsersQuery = (weeks = 12) =>
  queryOptions({
    queryKey: reportKeys.activeUsers(weeks),
    queryFn: ({ signal }) => call(reportsEndpoints.getActiveUsersReport, { query: { weeks } }, { signal }),
  });

export const postActivityQuery = (query: PostActivityParams) =>
  queryOptions({
    queryKey: reportKeys.postActivity(query),
    queryFn: ({ signal }) => call(reportsEndpoints.getPostActivityReport, { query }, { signal }),
    // Keep the current page on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

/** The posts with the most likes plus comments, most first (the server ranks them). */
export const topPostsQuery = (limit = 10) =>
  queryOptions({
    queryKey: reportKeys.topPosts(limit),
    queryFn: ({ signal }) => call(reportsEndpoints.getTopPostsReport, { query: { limit } }, { signal }),
  });

export const surveyReportListQuery = () =>
  queryOptions({
    queryKey: reportKeys.surveys(),
    queryFn: ({ signal }) => call(reportsEndpoints.listSurveyReports, undefined, { signal }),
  });

export const surveyReportQuery = (id: number | undefined) =>
  idQuery(id, reportKeys.survey, byId(reportsEndpoints.getSurveyReport));
