// Builds the Fastify instance: plugins, features, error handler. No listen(): main.ts and the tests do that.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { installAccountMail } from './features/auth/mail-jobs';
import { authRoutes } from './features/auth/routes';
import { installSessionEvents } from './features/auth/session-events';
import { communityAudiences } from './features/communities/notification-audiences';
import { communitiesRoutes } from './features/communities/routes';
import { feedAudiences } from './features/feed/notification-audiences';
import { feedRoutes } from './features/feed/routes';
import { installFilesCleanup } from './features/files/cleanup';
import { installRenditionsBackfill } from './features/files/renditions-backfill';
import { fileRoutes } from './features/files/routes';
import type { PushNetwork } from './features/notifications/push-network';
import { notificationRoutes } from './features/notifications/routes';
import { installNotifications } from './features/notifications/worker';
import { peopleRoutes } from './features/people/routes';
import { profileRoutes } from './features/profile/routes';
import { reachAudiences } from './features/reach/notification-audiences';
import { installAckReminders } from './features/reach/reminders';
import { reachRoutes } from './features/reach/routes';
import { reportRoutes } from './features/reports/routes';
import { searchRoutes } from './features/search/routes';
import { installSearchWords } from './features/search/spelling';
import { installProviderPictures, type PictureNetwork } from './features/sso/provider-picture';
import { ssoRoutes } from './features/sso/routes';
import { statsRoutes } from './features/stats/routes';
import { surveyAudiences } from './features/surveys/notification-audiences';
import { surveyRoutes } from './features/surveys/routes';
import { etagOf, publicConfigOf, withInlineConfig } from './features/system/public-config';
import { systemRoutes } from './features/system/routes';
import { userRoutes } from './features/users/routes';
import { AccessTokens } from './platform/auth/access-tokens';
import { clientErrorHandler } from './platform/http/client-errors';
import { installClosingRefusal } from './platform/http/closing';
import { installCompression } from './platform/http/compression';
import { installErrorHandler } from './platform/http/error-handler';
import { frameworkErrors } from './platform/http/framework-errors';
import { DEFAULT_BODY_LIMIT, installJsonBodies } from './platform/http/json-body';
import { installNulGuard } from './platform/http/nul-guard';
import { installOpenApiResponses } from './platform/http/openapi-responses';
import { installRequestIdHeader, requestIdGenerator, withRequestIdHeader } from './platform/http/request-id';
import { installSecurityHeaders } from './platform/http/security';
import { installRouteTimeouts, serverTimeoutOptions } from './platform/http/timeouts';
import { type JobOptions, type JobQueue, startJobQueue } from './platform/jobs';
import type { Mailer } from './platform/mail';
import { installMetrics, isMetricsUrl, metricsRoutes, watchNotifications } from './platform/metrics';
import type { Storage } from './platform/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    accessTokens: AccessTokens;
    /** The mail transport; features queue mail through `jobs` rather than calling it in a request. */
    mailer: Mailer;
    jobs: JobQueue;
    storage: Storage;
    /** Every route as `METHOD /path`, for the authorisation matrix test. */
    routeList: string[];
  }
}

export type AppDeps = {
  config: Config & { jwtSecret: string };
  database: Database;
  mailer: Mailer;
  storage: Storage;
  /** Job queue timing (tests shorten retry delays). */
  jobs?: JobOptions;
  /** How web push reaches push services; production passes none (public https addresses only). */
  push?: PushNetwork;
  /** How pictures named by an identity provider are fetched; production passes none (as push). */
  providerPictures?: PictureNetwork;
  /** A pino logger; tests pass none and log nothing. */
  logger?: FastifyBaseLogger;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: requestIdGenerator(deps.config.trustProxy),
    trustProxy: deps.config.trustProxy,
    // JSON bodies: small unless a route needs more (json-body.ts); the avatar route sets its own limit.
    bodyLimit: DEFAULT_BODY_LIMIT,
    ...serverTimeoutOptions(deps.config.httpTimeouts),
    clientErrorHandler,
    frameworkErrors: withRequestIdHeader(frameworkErrors),
    // Refused in the envelope instead (closing.ts).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installRequestIdHeader(app);
  installClosingRefusal(app);

  // Before any route: it attaches itself to each route as the route is added.
  await installCompression(app);
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('accessTokens', new AccessTokens(deps.config.jwtSecret));
  app.decorate('mailer', deps.mailer);
  app.decorate('storage', deps.storage);
  installMetrics(app);
  const jobs = await startJobQueue(deps.database, app.log, deps.jobs);
  app.decorate('jobs', jobs);
  // Added before the notification worker's hook: Fastify runs onClose hooks in reverse order of addition,
  // so the worker stops (and stops queueing pushes) before the queue does.
  app.addHook('onClose', () => jobs.stop());
  await installAccountMail(app);
  await installRenditionsBackfill(app);
  await installFilesCleanup(app);
  await installProviderPictures(app, deps.providerPictures);
  await installSearchWords(app);

  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push(`${method} ${route.url}`);
  });

  // Whom each event notifies: the features that record events say it (notifications/audiences.ts).
  await installNotifications(
    app,
    { ...feedAudiences, ...communityAudiences, ...surveyAudiences, ...reachAudiences },
    deps.push,
  );
  installAckReminders(app);
  watchNotifications(app.metrics, app);
  installSessionEvents(app);
  installErrorHandler(app);
  installJsonBodies(app);
  installRouteTimeouts(app, deps.config.httpTimeouts);
  installNulGuard(app);
  await installSecurityHeaders(app);
  installOpenApiResponses(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `${deps.config.brandName} API`, version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(userRoutes);
  await app.register(profileRoutes);
  await app.register(peopleRoutes);
  await app.register(statsRoutes);
  await app.register(feedRoutes);
  await app.register(communitiesRoutes);
  await app.register(surveyRoutes);
  await app.register(notificationRoutes);
  await app.register(reachRoutes);
  await app.register(reportRoutes);
  await app.register(searchRoutes);
  await app.register(fileRoutes);
  await app.register(metricsRoutes);

  await serveWeb(app, deps.config.webDist);
  return app;
}

/** What the page is kept compressed in, best first; identity is the page as it is. */
const PAGE_ENCODINGS: ('br' | 'gzip' | 'identity')[] = ['br', 'gzip', 'identity'];

/** Serves the built SPA with history fallback: any GET outside /v1 and /files answers index.html. */
async function serveWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // web/vite-precompress.ts wrote .br and .gz beside each asset; the plain file is the fallback.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed assets never change; index.html must always be revalidated.
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // The page of every client route, read once, with the public settings written in (system/public-config.ts).
  const page = hasWeb
    ? withInlineConfig(readFileSync(join(webDist, 'index.html'), 'utf8'), publicConfigOf(app.config))
    : '';
  const pageTag = etagOf(page);
  // Compressed once, as the build compresses the assets (the not-found handler is no route, so the
  // compression plugin's hooks do not see it).
  const encoded = { br: brotliCompressSync(page), gzip: gzipSync(page) };
  app.setNotFoundHandler((request, reply) => {
    const apiLike =
      request.url.startsWith('/v1/') || request.url.startsWith('/files/') || isMetricsUrl(request.url);
    if (!apiLike && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache').header('ETag', pageTag).header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === pageTag) return reply.status(304).send();
      reply.type('text/html; charset=utf-8');
      // Weighed as the assets' and the API's encodings are: the same negotiator, after the same reading
      // of the header as @fastify/static's and @fastify/compress's (`*` and x-gzip are gzip). `br;q=0`
      // refuses brotli.
      const accepted = String(request.headers['accept-encoding'] ?? '')
        .toLowerCase()
        .replace(/\*|x-gzip/g, 'gzip');
      const encoding = negotiate(accepted, PAGE_ENCODINGS);
      if (encoding === null || encoding === 'identity') return reply.send(page);
      return reply.header('Content-Encoding', encoding).send(encoded[encoding]);
    }
    return reply.status(404).send({ error: 'Not found', code: 'not_found' });
  });
}
