// Health for load balancers, the public settings the web needs before login, and robots.txt: no login.
import { z } from 'zod';
import { get, tagged } from '../endpoint';
import { publicConfig } from '../schemas/auth';
import { envelope, errorBody, ok } from '../schemas/common';

export const systemEndpoints = tagged('system', {
  getHealth: get({
    path: '/v1/health',
    access: 'public',
    responses: {
      200: envelope(z.object({ status: z.string() })),
      503: errorBody.describe('The database does not answer'),
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
