// Key statistics: every known role reads them, administrators edit them (product.md section 7, Statistics).
import { endpoint, ROLES } from '../endpoint';
import { envelope, idParam } from '../schemas/common';
import { keyStats, keyStatsUpdate } from '../schemas/stats';

const tag = 'statistics';

export const statsEndpoints = {
  getStatistics: endpoint({
    method: 'GET',
    path: '/v1/api/statistics',
    access: ROLES.known,
    tag,
    responses: { 200: envelope(keyStats) },
  }),
  updateStatistics: endpoint({
    method: 'PUT',
    path: '/v1/api/statistics/:id',
    access: ROLES.admins,
    tag,
    params: idParam,
    body: keyStatsUpdate,
    responses: { 200: envelope(keyStats) },
  }),
};
