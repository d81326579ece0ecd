// The survey administration hooks (product.md section 7: Surveys), one per endpoint: the admin list, one
// survey for the edit form, create, update, the builder's form and build-survey. Roles 1 and 3 only.
import {
  type BuildSurveyBody,
  LIMITS,
  type SurveyCreateBody,
  type SurveyUpdateBody,
  surveysEndpoints,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, FRESH, useIdQuery, useInvalidatingMutation } from '../../lib/query-helpers';

export const adminSurveyKeys = {
  all: ['admin-surveys'] as const,
  list: () => ['admin-surveys', 'list'] as const,
  survey: (id: number) => ['admin-surveys', 'survey', id] as const,
  form: (id: number) => ['admin-surveys', 'form', id] as const,
};

/** The staff-side survey caches (the Surveys list and form) change when an admin saves: reload them. */
const STAFF_SURVEY_KEY = ['surveys'] as const;

const SURVEY_FIELDS =
  'id,title,description,isActive,isNotified,isRefillable,createdById,startAt,stateId,endAt,groups';

export function useAdminSurveys() {
  return useQuery({
    queryKey: adminSurveyKeys.list(),
    queryFn: ({ signal }) =>
      call(surveysEndpoints.listSurveys, { query: { limit: LIMITS.surveyListLimit } }, { signal }),
  });
}

export function useAdminSurvey(id: number | undefined) {
  return useIdQuery(
    id,
    adminSurveyKeys.survey,
    (id, signal) =>
      call(surveysEndpoints.getSurvey, { params: { id }, query: { fields: SURVEY_FIELDS } }, { signal }),
    FRESH,
  );
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
  // The builder keeps its own working copy: a background refetch must not look like a change.
  const options = { ...FRESH, refetchOnWindowFocus: false };
  return useIdQuery(id, adminSurveyKeys.form, byId(surveysEndpoints.getSurveyForm), options);
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
