// The report calls (product.md section 7; issue 7), one TanStack Query hook per endpoint, each with its
// factory in queries.ts. Administrators only: the server answers 403 to anyone else.
import { fillPath, reportsEndpoints } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import {
  activeUsersQuery,
  type PostActivityParams,
  postActivityQuery,
  surveyReportListQuery,
  surveyReportQuery,
  topPostsQuery,
  type UserActivityParams,
  userActivityQuery,
} from './queries';

export type { PostActivityParams, UserActivityParams } from './queries';

/** The CSV downloads' paths, from the endpoint table: the download button fetches them (lib/download.ts). */
export const REPORT_PATHS = {
  userActivityCsv: reportsEndpoints.downloadUserActivityCsv.path,
  postActivityCsv: reportsEndpoints.downloadPostActivityCsv.path,
  surveyResponsesCsv: (id: number) => fillPath(reportsEndpoints.downloadSurveyResponsesCsv.path, { id }),
} as const;

export function useUserActivity(query: UserActivityParams) {
  return useQuery(userActivityQuery(query));
}

export function useActiveUsers(weeks = 12) {
  return useQuery(activeUsersQuery(weeks));
}

export function usePostActivity(query: PostActivityParams) {
  return useQuery(postActivityQuery(query));
}

/** The posts with the most likes plus comments, most first (the server ranks them). */
export function useTopPosts(limit = 10) {
  return useQuery(topPostsQuery(limit));
}

export function useSurveyReportList() {
  return useQuery(surveyReportListQuery());
}

export function useSurveyReport(id: number | undefined) {
  return useQuery(surveyReportQuery(id));
}
