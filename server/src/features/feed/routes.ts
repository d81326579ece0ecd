// The feed feature's HTTP surface: the handlers of contract/src/endpoints/feed.ts (news feed, feed posts
// and categories, comments), one file per part, registered together so a missing handler fails at start.
import { feedEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../platform/http/route-kit';
import { commentHandlers } from './comment-routes';
import { newsfeedHandlers } from './news-routes';
import { feedPostHandlers } from './post-routes';

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  routes(app, feedEndpoints, {
    ...newsfeedHandlers(app),
    ...feedPostHandlers(app),
    ...commentHandlers(app),
  });
}
