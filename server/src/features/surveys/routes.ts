// Surveys and their responses: the handlers of contract/src/endpoints/surveys.ts. Administrators and post
// managers read any survey; staff only the surveys open to them (a survey that is not is 404 to them).
import { LIMITS, MSG, surveysEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { assertSelf } from '../../access/assert-self';
import { authorize, can } from '../../access/policy';
import { type CurrentUser, me } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { readAnonymousSurveysSetting, saveAnonymousSurveysSetting } from './anonymous-setting';
import { buildSurvey, loadForm } from './form';
import { listInstances, submitInstance } from './instances';
import { markerSecret } from './respondent-marker';
import {
  createSurvey,
  findSurvey,
  listSurveys,
  presentSurvey,
  presentSurveys,
  surveysForUser,
  updateSurvey,
} from './surveys';

/** `createdById` / `userId` naming someone else: administrators may, everyone else gets 403. */
function listedFor(caller: CurrentUser, userId: number | undefined): number {
  authorize(caller, 'user.listFor', { userId: userId ?? caller.id });
  return userId ?? caller.id;
}

export async function surveyRoutes(app: FastifyInstance): Promise<void> {
  const secret = markerSecret(app);
  /** A survey the caller may read: any for roles 1 and 3, an open one for staff; else 404. */
  const readable = async (id: number, caller: CurrentUser) => {
    const row = await findSurvey(app.db, id, can(caller, 'survey.manage') ? undefined : caller.id);
    if (!row) throw notFound();
    return row;
  };

  routes(app, surveysEndpoints, {
    listSurveys: async (request) => {
      const { limit, stateId } = request.query;
      const max = limit === undefined || limit <= 0 ? LIMITS.surveyListLimit : limit;
      const rows = await listSurveys(app.db, { limit: max, stateId });
      return { data: await presentSurveys(app.db, rows) };
    },
    listSurveysForUser: async (request) => {
      const caller = me(request);
      const userId = listedFor(caller, request.params.userId);
      // Only the respondent learns their state of an anonymous survey (ADR 035).
      return { data: await surveysForUser(app.db, userId, secret, userId === caller.id) };
    },
    getSurvey: async (request) => {
      const row = await readable(request.params.id, me(request));
      return { data: await presentSurvey(app.db, row) };
    },
    getSurveyForm: async (request) => {
      const row = await readable(request.params.id, me(request));
      const form = await loadForm(app.db, row.id, { userId: me(request).id, secret });
      if (!form) throw notFound();
      return { data: form };
    },
    createSurvey: async (request, reply) => {
      const caller = me(request);
      assertSelf(caller, request.body.createdById);
      const id = await createSurvey(app.db, caller.id, request.body);
      return reply.status(201).send({ data: id });
    },
    updateSurvey: async (request) => {
      await updateSurvey(app.db, request.params.id, request.body, me(request).id);
      const row = await findSurvey(app.db, request.params.id);
      if (!row) throw notFound();
      return { data: await presentSurvey(app.db, row) };
    },
    buildSurvey: async (request) => {
      await buildSurvey(app.db, request.body);
      return { data: { message: MSG.surveyBuilt } };
    },
    listSurveyInstances: async (request) => {
      const { createdById, surveyId } = request.query;
      const userId = listedFor(me(request), createdById);
      return { data: await listInstances(app.db, userId, surveyId) };
    },
    submitSurveyInstance: [
      async (request, reply) => {
        const caller = me(request);
        assertSelf(caller, request.body.createdById);
        const instance = await submitInstance(app.db, caller.id, request.body, secret);
        return reply.status(201).send({ data: instance });
      },
      // No access log line for a response (ADR 035): its time and client address, beside the same
      // connection's other requests (some name the user), would tie an anonymous response to its author.
      // Warnings and errors are still logged, and they name no one.
      { logLevel: 'warn' },
    ],
    getAnonymousSurveysSetting: async () => ({ data: await readAnonymousSurveysSetting(app.db) }),
    updateAnonymousSurveysSetting: async (request) => ({
      data: await saveAnonymousSurveysSetting(app.db, request.body),
    }),
  });
}
