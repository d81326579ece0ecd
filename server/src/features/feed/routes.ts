// The feed feature's HTTP surface (all under /v1/api): news feed, feed posts and categories, comments.
import type { FastifyInstance } from 'fastify';
import { commentRoutes } from './comment-routes';
import { newsfeedRoutes } from './news-routes';
import { feedPostRoutes } from './post-routes';

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  await newsfeedRoutes(app);
  await feedPostRoutes(app);
  await commentRoutes(app);
}
