// The survey administration hooks (product.md section 7: Surveys), one per endpoint: the admin list, one
// survey for the edit form, create, update, the builder's form and build-survey. Roles 1 and 3 only.
import {
  type BuildSurveyBody,
  type SurveyCreateBody,
  type SurveyUpdateBody,
  surveysEndpoints,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { useInvalidatingMutation } from '../../lib/query-helpers';
import { adminSurveyKeys, adminSurveyQuery, adminSurveysQuery, surveyBuilderFormQuery } from './queries';

/** The staff-side survey caches (the Surveys list and form) change when an admin saves: reload them. */
const STAFF_SURVEY_KEY = ['surveys'] as const;

export function useAdminSurveys() {
  return useQuery(adminSurveysQuery());
}

export function useAdminSurvey(id: number | undefined) {
  return useQuery(adminSurveyQuery(id));
}

/** The answer's data is the new survey's id. */
export function useCreateSurvey() {
  return useInvalidatingMutation(
    (body: SurveyCreateBody) => call(surveysEndpoints.createSurvey, { body }),
    [adminSurveyKeys.list()],
  );
}

export function useUpdateSurvey(id: number) {
  return useInvalidatingMutation(
    (body: SurveyUpdateBody) => call(surveysEndpoints.updateSurvey, { params: { id }, body }),
    [adminSurveyKeys.all, STAFF_SURVEY_KEY],
  );
}

export function useSurveyBuilderForm(id: number | undefined) {
  return useQuery(surveyBuilderFormQuery(id));
}

export function useBuildSurvey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    /** The answer's `message` is shown (product.md section 7). */
    mutationFn: (body: BuildSurveyBody) => call(surveysEndpoints.buildSurvey, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminSurveyKeys.form(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: STAFF_SURVEY_KEY });
    },
  });
}
