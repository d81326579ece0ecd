// Key statistics: every known role reads them, administrators edit them (product.md section 7, Statistics).
import { get, put, ROLES, tagged } from '../endpoint';
import { idParam, ok } from '../schemas/common';
import { keyStats, keyStatsUpdate } from '../schemas/stats';

export const statsEndpoints = tagged('statistics', {
  getStatistics: get({
    path: '/v1/api/statistics',
    access: ROLES.known,
    responses: ok(keyStats),
  }),
  updateStatistics: put({
    path: '/v1/api/statistics/:id',
    access: ROLES.admins,
    params: idParam,
    body: keyStatsUpdate,
    responses: ok(keyStats),
  }),
});
