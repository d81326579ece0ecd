// The staff survey screens' API hooks (product.md section 7: Surveys): the caller's Surveys list, a survey's
// form, the caller's instances (responses) of a survey and submitting one. The admin screens have their own
// hooks in admin-api.ts.
import { type InstanceBody, surveysEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { myInstancesQuery, surveyFormQuery, surveyKeys, surveysForUserQuery } from './queries';

/** The surveys open to the user, each with its state flag (0 no instance yet, 1 one exists). */
export function useSurveysForUser(userId: number | undefined) {
  return useQuery(surveysForUserQuery(userId));
}

/** The survey's categories and questions, as the staff form shows them. */
export function useSurveyForm(surveyId: number) {
  return useQuery(surveyFormQuery(surveyId));
}

/** The user's instances of the survey; only asked when the state flag did not come with the link. */
export function useMyInstances(surveyId: number, userId: number | undefined, enabled: boolean) {
  return useQuery(myInstancesQuery(surveyId, userId, enabled));
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
