// The communities feature's HTTP surface: contract/src/endpoints/communities.ts, with the handlers of
// communities, membership and discussion boards (community-routes.ts) and of community posts with their
// comments and actions (post-routes.ts).
import { communitiesEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../platform/http/route-kit';
import { communityHandlers } from './community-routes';
import { communityPostHandlers } from './post-routes';

export async function communitiesRoutes(app: FastifyInstance): Promise<void> {
  routes(app, communitiesEndpoints, { ...communityHandlers(app), ...communityPostHandlers(app) });
}
