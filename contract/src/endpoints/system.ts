// Health for load balancers and orchestrators, the public settings the web needs before login, and
// robots.txt: no login.
import { z } from 'zod';
import { get, tagged } from '../endpoint';
import { publicConfig } from '../schemas/auth';
import { envelope, errorBody, ok } from '../schemas/common';

const status = z.object({ status: z.string() });
/** Each readiness check's outcome. */
const readinessChecks = z.object({
  database: z.enum(['ok', 'failed']),
  migrations: z.enum(['ok', 'failed']),
  jobs: z.enum(['ok', 'failed']),
  /** The event bus listens, or has not been down for long: live events reach this instance's streams. */
  events: z.enum(['ok', 'failed']),
});

export const systemEndpoints = tagged('system', {
  getHealth: get({
    path: '/v1/health',
    access: 'public',
    summary: 'The process and its database answer (liveness with the database, as load balancers use it)',
    responses: {
      200: envelope(status),
      503: errorBody.describe('The database does not answer'),
    },
  }),
  getHealthLive: get({
    path: '/v1/health/live',
    access: 'public',
    summary: 'Liveness: the process answers; the database is not asked',
    responses: ok(status),
  }),
  getHealthReady: get({
    path: '/v1/health/ready',
    access: 'public',
    summary: 'Readiness: the database answers, its migrations are applied and the job queue answers',
    responses: {
      200: envelope(status.extend({ checks: readinessChecks })),
      503: errorBody
        .extend({ checks: readinessChecks })
        .describe('Not ready: `checks` says which check failed'),
    },
  }),
  getPublicConfig: get({
    path: '/v1/config',
    access: 'public',
    responses: ok(publicConfig),
  }),
  getRobotsTxt: get({
    path: '/robots.txt',
    access: 'public',
    summary: 'Tells crawlers to index nothing',
    responses: {
      200: { description: 'The robots file', content: { 'text/plain': { schema: z.string() } } },
    },
  }),
});
