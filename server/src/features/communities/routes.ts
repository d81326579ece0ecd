// The communities feature's HTTP surface (all under /v1/api): communities, membership and discussion
// boards (community-routes.ts), community posts with their comments and actions (post-routes.ts).
import type { FastifyInstance } from 'fastify';
import { communityRoutes } from './community-routes';
import { communityPostRoutes } from './post-routes';

export async function communitiesRoutes(app: FastifyInstance): Promise<void> {
  await communityRoutes(app);
  await communityPostRoutes(app);
}
