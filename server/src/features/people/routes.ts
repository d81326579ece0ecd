// The people feature's HTTP surface: contract/src/endpoints/people.ts. The directory, a colleague's profile
// and the administrators' setting of which profile fields colleagues see (ADR 032).
import { peopleEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { colleagueFieldsFor, readProfileFields } from '../../access/profile-fields';
import { me } from '../../platform/auth/guards';
import { routes } from '../../platform/http/route-kit';
import { listPeople } from './directory';
import { getPerson } from './profile';
import { saveProfileFields } from './settings';

export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  routes(app, peopleEndpoints, {
    listPeople: async (request) => {
      const fields = await colleagueFieldsFor(app.db, me(request));
      return { data: await listPeople(app.db, request.query, fields) };
    },
    getPerson: async (request) => ({ data: await getPerson(app.db, me(request), request.params.id) }),
    getProfileFields: async () => ({ data: await readProfileFields(app.db) }),
    updateProfileFields: async (request) => ({ data: await saveProfileFields(app.db, request.body) }),
  });
}
