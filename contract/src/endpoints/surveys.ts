// Surveys and their responses (product.md section 7, Surveys). Administrators and post managers create, edit
// and build any survey; staff read and answer only the surveys open to them (a survey that is not is 404 to
// them: the service decides, ADR 027). Naming another user is the policy's (administrators only). Anonymous
// surveys (ADR 035): responses without their respondent, and the administrators' smallest-group setting.
import { z } from 'zod';
import { get, post, put, ROLES, tagged } from '../endpoint';
import {
  created,
  envelope,
  errorBody,
  fieldsQuery,
  idParam,
  messageResult,
  ok,
  userIdParam,
} from '../schemas/common';
import {
  anonymousSurveysSetting,
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

export const surveysEndpoints = tagged('surveys', {
  listSurveys: get({
    path: '/v1/api/surveys',
    access: ROLES.contentAdmins,
    summary: 'Every survey (drafts too), newest created first; at most 1000 (limit=-1 means that many)',
    query: surveysQuery,
    responses: ok(z.array(survey)),
  }),
  listSurveysForUser: get({
    path: '/v1/api/surveys/for-user/:userId',
    access: ROLES.known,
    summary:
      'The surveys open to the user, soonest end first, with the state flag (1: a response exists; always 0 for an anonymous survey asked about someone else)',
    params: userIdParam,
    responses: ok(z.array(userSurvey)),
  }),
  getSurvey: get({
    path: '/v1/api/surveys/:id',
    access: ROLES.known,
    params: idParam,
    query: fieldsQuery,
    responses: ok(survey),
  }),
  getSurveyForm: get({
    path: '/v1/api/surveys/:id/form',
    access: ROLES.known,
    summary: 'Categories, questions and options in order; hasResponses freezes the builder (ADR 011)',
    params: idParam,
    responses: ok(surveyForm),
  }),
  createSurvey: post({
    path: '/v1/api/surveys',
    access: ROLES.contentAdmins,
    summary: 'Creates a survey (draft with isActive 1 unless sent); data is the new id',
    body: surveyCreateBody,
    responses: created(z.number()),
  }),
  updateSurvey: put({
    path: '/v1/api/surveys/:id',
    access: ROLES.contentAdmins,
    summary: 'Replaces the edit form: title, description, refillable, state, audience, start and end',
    params: idParam,
    body: surveyUpdateBody,
    responses: ok(survey),
  }),
  buildSurvey: post({
    path: '/v1/api/surveys/build-survey',
    access: ROLES.contentAdmins,
    summary: 'Replaces all categories and questions; 409 once the survey has responses (ADR 011)',
    body: buildSurveyBody,
    responses: { 200: envelope(messageResult), 409: errorBody },
  }),
  listSurveyInstances: get({
    path: '/v1/api/survey-instances',
    access: ROLES.known,
    summary: "The caller's responses (an administrator may name another user), newest first",
    query: instancesQuery,
    responses: ok(z.array(surveyInstance)),
  }),
  submitSurveyInstance: post({
    path: '/v1/api/surveys/instances',
    access: ROLES.known,
    summary: 'Submits a response to a survey open to the caller; 409 when a non-refillable one is answered',
    body: instanceBody,
    responses: { 201: envelope(surveyInstance), 409: errorBody },
  }),
  getAnonymousSurveysSetting: get({
    path: '/v1/api/settings/anonymous-surveys',
    access: ROLES.admins,
    summary: 'The smallest location or department group the splits of an anonymous survey show (ADR 035)',
    responses: ok(anonymousSurveysSetting),
  }),
  updateAnonymousSurveysSetting: put({
    path: '/v1/api/settings/anonymous-surveys',
    access: ROLES.admins,
    body: anonymousSurveysSetting,
    responses: ok(anonymousSurveysSetting),
  }),
});
