// The report calls (SPEC section 7; issue 7), one TanStack Query hook per endpoint. Administrators only:
// the server answers 403 to anyone else.
import type {
  ActiveUsersWeek,
  PostActivityPage,
  PostActivitySort,
  PostReportRow,
  SurveyReport,
  SurveyReportListRow,
  UserActivityPage,
  UserActivitySort,
} from '@hearth/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const REPORT_PATHS = {
  userActivity: '/v1/api/reports/user-activity',
  userActivityCsv: '/v1/api/reports/user-activity/csv',
  activeUsers: '/v1/api/reports/active-users',
  postActivity: '/v1/api/reports/post-activity',
  topPosts: '/v1/api/reports/top-posts',
  postActivityCsv: '/v1/api/reports/post-activity/csv',
  surveyResponses: '/v1/api/reports/survey-responses',
  surveyReport: (id: number) => `/v1/api/surveys/${id}/report`,
  surveyResponsesCsv: (id: number) => `/v1/api/reports/survey-responses/${id}/csv`,
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
    queryFn: ({ signal }) => api.get<UserActivityPage>(REPORT_PATHS.userActivity, query, { signal }),
    // Keep the current page on screen while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useActiveUsers(weeks = 12) {
  return useQuery({
    queryKey: reportKeys.activeUsers(weeks),
    queryFn: ({ signal }) => api.get<ActiveUsersWeek[]>(REPORT_PATHS.activeUsers, { weeks }, { signal }),
  });
}

export function usePostActivity(query: PostActivityParams) {
  return useQuery({
    queryKey: reportKeys.postActivity(query),
    queryFn: ({ signal }) => api.get<PostActivityPage>(REPORT_PATHS.postActivity, query, { signal }),
    // Keep the current page on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });
}

/** The posts with the most likes plus comments, most first (the server ranks them). */
export function useTopPosts(limit = 10) {
  return useQuery({
    queryKey: reportKeys.topPosts(limit),
    queryFn: ({ signal }) => api.get<PostReportRow[]>(REPORT_PATHS.topPosts, { limit }, { signal }),
  });
}

export function useSurveyReportList() {
  return useQuery({
    queryKey: reportKeys.surveys(),
    queryFn: ({ signal }) =>
      api.get<SurveyReportListRow[]>(REPORT_PATHS.surveyResponses, undefined, { signal }),
  });
}

export function useSurveyReport(id: number | undefined) {
  const valid = id !== undefined && Number.isInteger(id) && id > 0;
  return useQuery({
    queryKey: reportKeys.survey(id ?? 0),
    queryFn: ({ signal }) => api.get<SurveyReport>(REPORT_PATHS.surveyReport(id ?? 0), undefined, { signal }),
    enabled: valid,
  });
}
