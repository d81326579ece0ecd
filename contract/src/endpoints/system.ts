// Health for load balancers, the public settings the web needs before login, and robots.txt: no login.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { publicConfig } from '../schemas/auth';
import { envelope, errorBody } from '../schemas/common';

const tag = 'system';

export const systemEndpoints = {
  getHealth: endpoint({
    method: 'GET',
    path: '/v1/health',
    access: 'public',
    tag,
    responses: {
      200: envelope(z.object({ status: z.string() })),
      503: errorBody.describe('The database does not answer'),
    },
  }),
  getPublicConfig: endpoint({
    method: 'GET',
    path: '/v1/config',
    access: 'public',
    tag,
    responses: { 200: envelope(publicConfig) },
  }),
  getRobotsTxt: endpoint({
    method: 'GET',
    path: '/robots.txt',
    access: 'public',
    tag,
    summary: 'Tells crawlers to index nothing',
    responses: {
      200: { description: 'The robots file', content: { 'text/plain': { schema: z.string() } } },
    },
  }),
};
