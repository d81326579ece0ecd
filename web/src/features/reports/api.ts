// The report calls (product.md section 7; issue 7), one TanStack Query hook per endpoint. Administrators
// only: the server answers 403 to anyone else.
import { fillPath, type PostActivitySort, reportsEndpoints, type UserActivitySort } from '@hearth/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, useIdQuery } from '../../lib/query-helpers';

/** The CSV downloads' paths, from the endpoint table: the download button fetches them (lib/download.ts). */
export const REPORT_PATHS = {
  userActivityCsv: reportsEndpoints.downloadUserActivityCsv.path,
  postActivityCsv: reportsEndpoints.downloadPostActivityCsv.path,
  surveyResponsesCsv: (id: number) => fillPath(reportsEndpoints.downloadSurveyResponsesCsv.path, { id }),
} as const;

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

export function useUserActivity(query: UserActivityParams) {
  return useQuery({
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
}

export function useActiveUsers(weeks = 12) {
  return useQuery({
    queryKey: reportKeys.activeUsers(weeks),
    queryFn: ({ signal }) => call(reportsEndpoints.getActiveUsersReport, { query: { weeks } }, { signal }),
  });
}

export function usePostActivity(query: PostActivityParams) {
  return useQuery({
    queryKey: reportKeys.postActivity(query),
    queryFn: ({ signal }) => call(reportsEndpoints.getPostActivityReport, { query }, { signal }),
    // Keep the current page on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });
}

/** The posts with the most likes plus comments, most first (the server ranks them). */
export function useTopPosts(limit = 10) {
  return useQuery({
    queryKey: reportKeys.topPosts(limit),
    queryFn: ({ signal }) => call(reportsEndpoints.getTopPostsReport, { query: { limit } }, { signal }),
  });
}

export function useSurveyReportList() {
  return useQuery({
    queryKey: reportKeys.surveys(),
    queryFn: ({ signal }) => call(reportsEndpoints.listSurveyReports, undefined, { signal }),
  });
}

export function useSurveyReport(id: number | undefined) {
  return useIdQuery(id, reportKeys.survey, byId(reportsEndpoints.getSurveyReport));
}
