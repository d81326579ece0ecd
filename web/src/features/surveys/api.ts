// The staff survey screens' API hooks (product.md section 7: Surveys): the caller's Surveys list, a survey's
// form, the caller's instances (responses) of a survey and submitting one. The admin screens have their own
// hooks in admin-api.ts.
import { type InstanceBody, surveysEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, useIdQuery, validId } from '../../lib/query-helpers';

export const surveyKeys = {
  forUserAll: ['surveys', 'for-user'] as const,
  forUser: (userId: number) => ['surveys', 'for-user', userId] as const,
  form: (id: number) => ['surveys', 'form', id] as const,
  instancesAll: ['survey-instances'] as const,
  instances: (surveyId: number, userId: number) => ['survey-instances', surveyId, userId] as const,
};

/** The surveys open to the user, each with its state flag (0 no instance yet, 1 one exists). */
export function useSurveysForUser(userId: number | undefined) {
  return useIdQuery(userId, surveyKeys.forUser, byId(surveysEndpoints.listSurveysForUser, 'userId'));
}

/** The survey's categories and questions, as the staff form shows them. */
export function useSurveyForm(surveyId: number) {
  return useQuery({
    queryKey: surveyKeys.form(surveyId),
    queryFn: ({ signal }) => call(surveysEndpoints.getSurveyForm, { params: { id: surveyId } }, { signal }),
    enabled: validId(surveyId),
    retry: false,
  });
}

/** The user's instances of the survey; only asked when the state flag did not come with the link. */
export function useMyInstances(surveyId: number, userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: surveyKeys.instances(surveyId, userId ?? 0),
    queryFn: ({ signal }) =>
      call(
        surveysEndpoints.listSurveyInstances,
        {
          // Ids go as text, as the query schema reads them (the same URL as the numbers would give).
          query: {
            surveyId: String(surveyId),
            createdById: userId === undefined ? undefined : String(userId),
            fields: 'id,isComplete',
          },
        },
        { signal },
      ),
    enabled: enabled && validId(surveyId) && validId(userId),
    retry: false,
    staleTime: 0,
  });
}

export function useSubmitSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InstanceBody) => call(surveysEndpoints.submitSurveyInstance, { body }),
    onSettled: () => {
      // The list's state flags and the instance lookups change (a 409 means they were already stale).
      void queryClient.invalidateQueries({ queryKey: surveyKeys.forUserAll });
      void queryClient.invalidateQueries({ queryKey: surveyKeys.instancesAll });
    },
  });
}
