// /v1/api/surveys and /v1/api/survey-instances (SPEC section 7, Surveys). Administrators and post managers
// create, edit and build any survey; staff read and answer only the surveys open to them (a survey that is not
// is 404 to them). Guards run at onRequest: who may call is settled before the query or body is looked at.
import {
  buildSurveyBody,
  envelope,
  errorBody,
  idParam,
  instanceBody,
  instancesQuery,
  LIMITS,
  MSG,
  messageResult,
  ROLE,
  survey,
  surveyCreateBody,
  surveyForm,
  surveyInstance,
  surveysQuery,
  surveyUpdateBody,
  userIdParam,
  userSurvey,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, type CurrentUser, me, requireRole } from '../../platform/auth/guards';
import { forbidden, notFound } from '../../platform/errors';
import { assertSelf } from '../feed/caller';
import { managesSurveys } from './access';
import { buildSurvey, loadForm } from './form';
import { listInstances, submitInstance } from './instances';
import {
  createSurvey,
  findSurvey,
  listSurveys,
  presentSurvey,
  presentSurveys,
  surveysForUser,
  updateSurvey,
} from './surveys';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['surveys'];

/** `createdById` / `userId` naming someone else: administrators may, everyone else gets 403. */
function assertSelfOrAdmin(caller: CurrentUser, userId: number | undefined): number {
  if (userId !== undefined && userId !== caller.id && caller.roleId !== ROLE.ADMIN) throw forbidden();
  return userId ?? caller.id;
}

export async function surveyRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const contentAdmins = requireRole(ROLE.ADMIN, ROLE.EDITOR);

  /** A survey the caller may read: any for roles 1 and 3, an open one for staff; else 404. */
  const readable = async (id: number, caller: CurrentUser) => {
    const row = await findSurvey(app.db, id, managesSurveys(caller) ? undefined : caller.id);
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/surveys',
    {
      schema: {
        tags,
        summary: 'Every survey (drafts too), newest created first; at most 1000 (limit=-1 means that many)',
        querystring: surveysQuery,
        response: { 200: envelope(z.array(survey)), ...errors },
      },
      onRequest: contentAdmins,
    },
    async (request) => {
      const { limit, stateId } = request.query;
      const max = limit === undefined || limit <= 0 ? LIMITS.surveyListLimit : limit;
      const rows = await listSurveys(app.db, { limit: max, stateId });
      return { data: await presentSurveys(app.db, rows) };
    },
  );

  app.get(
    '/surveys/for-user/:userId',
    {
      schema: {
        tags,
        summary:
          'The surveys open to the user, soonest end first, with the state flag (1: a response exists)',
        params: userIdParam,
        response: { 200: envelope(z.array(userSurvey)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const userId = assertSelfOrAdmin(me(request), request.params.userId);
      return { data: await surveysForUser(app.db, userId) };
    },
  );

  app.get(
    '/surveys/:id',
    {
      schema: {
        tags,
        params: idParam,
        querystring: surveysQuery.pick({ fields: true }),
        response: { 200: envelope(survey), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const row = await readable(request.params.id, me(request));
      return { data: await presentSurvey(app.db, row) };
    },
  );

  app.get(
    '/surveys/:id/form',
    {
      schema: {
        tags,
        summary: 'Categories, questions and options in order; hasResponses freezes the builder (ADR 011)',
        params: idParam,
        response: { 200: envelope(surveyForm), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const row = await readable(request.params.id, me(request));
      const form = await loadForm(app.db, row.id);
      if (!form) throw notFound();
      return { data: form };
    },
  );

  app.post(
    '/surveys',
    {
      schema: {
        tags,
        summary: 'Creates a survey (draft with isActive 1 unless sent); data is the new id',
        body: surveyCreateBody,
        response: { 201: envelope(z.number()), ...errors },
      },
      onRequest: contentAdmins,
    },
    async (request, reply) => {
      const caller = me(request);
      assertSelf(caller, request.body.createdById);
      const id = await createSurvey(app.db, caller.id, request.body);
      return reply.status(201).send({ data: id });
    },
  );

  app.put(
    '/surveys/:id',
    {
      schema: {
        tags,
        summary: 'Replaces the edit form: title, description, refillable, state, audience, start and end',
        params: idParam,
        body: surveyUpdateBody,
        response: { 200: envelope(survey), ...errors },
      },
      onRequest: contentAdmins,
    },
    async (request) => {
      await updateSurvey(app.db, request.params.id, request.body, me(request).id);
      const row = await findSurvey(app.db, request.params.id);
      if (!row) throw notFound();
      return { data: await presentSurvey(app.db, row) };
    },
  );

  app.post(
    '/surveys/build-survey',
    {
      schema: {
        tags,
        summary: 'Replaces all categories and questions; 409 once the survey has responses (ADR 011)',
        body: buildSurveyBody,
        response: { 200: envelope(messageResult), ...errors },
      },
      onRequest: contentAdmins,
    },
    async (request) => {
      await buildSurvey(app.db, request.body);
      return { data: { message: MSG.surveyBuilt } };
    },
  );

  app.get(
    '/survey-instances',
    {
      schema: {
        tags,
        summary: "The caller's responses (an administrator may name another user), newest first",
        querystring: instancesQuery,
        response: { 200: envelope(z.array(surveyInstance)), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const { createdById, surveyId } = request.query;
      const userId = assertSelfOrAdmin(me(request), createdById);
      return { data: await listInstances(app.db, userId, surveyId) };
    },
  );

  app.post(
    '/surveys/instances',
    {
      schema: {
        tags,
        summary:
          'Submits a response to a survey open to the caller; 409 when a non-refillable one is answered',
        body: instanceBody,
        response: { 201: envelope(surveyInstance), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request, reply) => {
      const caller = me(request);
      assertSelf(caller, request.body.createdById);
      const instance = await submitInstance(app.db, caller.id, request.body);
      return reply.status(201).send({ data: instance });
    },
  );
}
