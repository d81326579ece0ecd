// Surveys and their responses (SPEC section 7, Surveys). Administrators and post managers create, edit and
// build any survey; staff read and answer only the surveys open to them (a survey that is not is 404 to
// them: the service decides, ADR 027). Naming another user is the policy's (administrators only).
import { z } from 'zod';
import { endpoint, ROLES } from '../endpoint';
import { envelope, errorBody, idParam, messageResult, userIdParam } from '../schemas/common';
import {
  buildSurveyBody,
  instanceBody,
  instancesQuery,
  survey,
  surveyCreateBody,
  surveyForm,
  surveyInstance,
  surveysQuery,
  surveyUpdateBody,
  userSurvey,
} from '../schemas/surveys';

const tag = 'surveys';

export const surveysEndpoints = {
  listSurveys: endpoint({
    method: 'GET',
    path: '/v1/api/surveys',
    access: ROLES.contentAdmins,
    tag,
    summary: 'Every survey (drafts too), newest created first; at most 1000 (limit=-1 means that many)',
    query: surveysQuery,
    responses: { 200: envelope(z.array(survey)) },
  }),
  listSurveysForUser: endpoint({
    method: 'GET',
    path: '/v1/api/surveys/for-user/:userId',
    access: ROLES.known,
    tag,
    summary: 'The surveys open to the user, soonest end first, with the state flag (1: a response exists)',
    params: userIdParam,
    responses: { 200: envelope(z.array(userSurvey)) },
  }),
  getSurvey: endpoint({
    method: 'GET',
    path: '/v1/api/surveys/:id',
    access: ROLES.known,
    tag,
    params: idParam,
    query: surveysQuery.pick({ fields: true }),
    responses: { 200: envelope(survey) },
  }),
  getSurveyForm: endpoint({
    method: 'GET',
    path: '/v1/api/surveys/:id/form',
    access: ROLES.known,
    tag,
    summary: 'Categories, questions and options in order; hasResponses freezes the builder (ADR 011)',
    params: idParam,
    responses: { 200: envelope(surveyForm) },
  }),
  createSurvey: endpoint({
    method: 'POST',
    path: '/v1/api/surveys',
    access: ROLES.contentAdmins,
    tag,
    summary: 'Creates a survey (draft with isActive 1 unless sent); data is the new id',
    body: surveyCreateBody,
    responses: { 201: envelope(z.number()) },
  }),
  updateSurvey: endpoint({
    method: 'PUT',
    path: '/v1/api/surveys/:id',
    access: ROLES.contentAdmins,
    tag,
    summary: 'Replaces the edit form: title, description, refillable, state, audience, start and end',
    params: idParam,
    body: surveyUpdateBody,
    responses: { 200: envelope(survey) },
  }),
  buildSurvey: endpoint({
    method: 'POST',
    path: '/v1/api/surveys/build-survey',
    access: ROLES.contentAdmins,
    tag,
    summary: 'Replaces all categories and questions; 409 once the survey has responses (ADR 011)',
    body: buildSurveyBody,
    responses: { 200: envelope(messageResult), 409: errorBody },
  }),
  listSurveyInstances: endpoint({
    method: 'GET',
    path: '/v1/api/survey-instances',
    access: ROLES.known,
    tag,
    summary: "The caller's responses (an administrator may name another user), newest first",
    query: instancesQuery,
    responses: { 200: envelope(z.array(surveyInstance)) },
  }),
  submitSurveyInstance: endpoint({
    method: 'POST',
    path: '/v1/api/surveys/instances',
    access: ROLES.known,
    tag,
    summary: 'Submits a response to a survey open to the caller; 409 when a non-refillable one is answered',
    body: instanceBody,
    responses: { 201: envelope(surveyInstance), 409: errorBody },
  }),
};
