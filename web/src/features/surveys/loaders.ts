// The survey pages' route loaders (ADR 046): each starts the requests its page asks for on its first
// render, with the arguments the page reads from the same address.

import { parseRouteId, prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { currentProfile } from '../../lib/session';
import { groupsQuery } from '../../shared/people/groups';
import {
  adminSurveyQuery,
  adminSurveysQuery,
  myInstancesQuery,
  surveyBuilderFormQuery,
  surveyFormQuery,
  surveysForUserQuery,
} from './queries';
import { parseSurveyId } from './route-params';

export const surveysLoaders: RouteLoaders = {
  surveys: ({ queryClient }) => prefetch(queryClient, surveysForUserQuery(currentProfile()?.id)),
  surveyFill: ({ params, search, queryClient }) => {
    const surveyId = parseSurveyId(params.surveyId);
    prefetch(queryClient, surveyFormQuery(surveyId));
    // The page asks for the caller's instances unless the list's click said whether one exists. That is in
    // the router's state, which a loader does not see; but the list's links also carry it in the address
    // (`?state=`), so an address without it (a notification's or an e-mail's link) was not the list's.
    if (search.get('state') === null)
      prefetch(queryClient, myInstancesQuery(surveyId, currentProfile()?.id, true));
  },
  adminSurveysList: ({ queryClient }) => prefetch(queryClient, adminSurveysQuery()),
  surveyForm: ({ params, queryClient }) => {
    // Create shows the empty form at once; edit loads the survey first (a bad id: "not found").
    if (params.surveyId !== undefined) prefetch(queryClient, adminSurveyQuery(parseRouteId(params.surveyId)));
    else prefetch(queryClient, groupsQuery());
  },
  surveyBuilder: ({ params, queryClient }) =>
    prefetch(queryClient, surveyBuilderFormQuery(parseRouteId(params.surveyId))),
};
