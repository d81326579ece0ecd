// The feed feature's HTTP surface: the handlers of contract/src/endpoints/feed.ts (news feed, feed posts
// and categories, comments), one file per part, registered together so a missing handler fails at start.
import { feedEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { type Handlers, routes } from '../../platform/http/route-kit';
import { commentHandlers } from './comment-routes';
import { newsfeedHandlers } from './news-routes';
import { feedPostHandlers } from './post-routes';

/** A handler for each operation of the feed's table; each part file fills in its own. */
export type FeedHandlers = Handlers<typeof feedEndpoints>;

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  routes(app, feedEndpoints, {
    ...newsfeedHandlers(app),
    ...feedPostHandlers(app),
    ...commentHandlers(app),
  });
}
