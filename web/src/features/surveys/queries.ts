// The survey screens' query options (ADR 046), one factory per query: the staff hooks (api.ts), the admin
// hooks (admin-api.ts) and the route loaders (loaders.ts) use the same key and options.
import { LIMITS, surveysEndpoints } from '@hearth/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { byId, FRESH, idQuery, JUST_ASKED_MS, validId } from '../../lib/query-helpers';

export const surveyKeys = {
  forUserAll: ['surveys', 'for-user'] as const,
  forUser: (userId: number) => ['surveys', 'for-user', userId] as const,
  form: (id: number) => ['surveys', 'form', id] as const,
  instancesAll: ['survey-instances'] as const,
  instances: (surveyId: number, userId: number) => ['survey-instances', surveyId, userId] as const,
};

export const adminSurveyKeys = {
  all: ['admin-surveys'] as const,
  list: () => ['admin-surveys', 'list'] as const,
  survey: (id: number) => ['admin-surveys', 'survey', id] as const,
  form: (id: number) => ['admin-surveys', 'form', id] as const,
};

// ---- staff screens ----------------------------------------------------------------------------------

/** The surveys open to the user, each with its state flag (0 no instance yet, 1 one exists). */
export const surveysForUserQuery = (userId: number | undefined) =>
  idQuery(userId, surveyKeys.forUser, byId(surveysEndpoints.listSurveysForUser, 'userId'));

/** The survey's categories and questions, as the staff form shows them. */
export const surveyFormQuery = (surveyId: number) =>
  queryOptions({
    queryKey: surveyKeys.form(surveyId),
    queryFn: ({ signal }) => call(surveysEndpoints.getSurveyForm, { params: { id: surveyId } }, { signal }),
    enabled: validId(surveyId),
    retry: false,
  });

/** The user's instances of the survey; only asked when the state flag did not come with the link. */
export const myInstancesQuery = (surveyId: number, userId: number | undefined, enabled: boolean) =>
  queryOptions({
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
    staleTime: JUST_ASKED_MS,
  });

// ---- administration ---------------------------------------------------------------------------------

const SURVEY_FIELDS =
  'id,title,description,isActive,isNotified,isRefillable,createdById,startAt,stateId,endAt,groups';

export const adminSurveysQuery = () =>
  queryOptions({
    queryKey: adminSurveyKeys.list(),
    queryFn: ({ signal }) =>
      call(surveysEndpoints.listSurveys, { query: { limit: LIMITS.surveyListLimit } }, { signal }),
  });

export const adminSurveyQuery = (id: number | undefined) =>
  idQuery(
    id,
    adminSurveyKeys.survey,
    (id, signal) =>
      call(surveysEndpoints.getSurvey, { params: { id }, query: { fields: SURVEY_FIELDS } }, { signal }),
    FRESH,
  );

/** The builder keeps its own working copy: a background refetch must not look like a change. */
export const surveyBuilderFormQuery = (id: number | undefined) =>
  idQuery(id, adminSurveyKeys.form, byId(surveysEndpoints.getSurveyForm), {
    ...FRESH,
    refetchOnWindowFocus: false,
  });
