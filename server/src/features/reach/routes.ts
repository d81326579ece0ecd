// Reach and acknowledgement (issue 18, ADR 033): the handlers of contract/src/endpoints/reach.ts. Thin:
// the caller comes from the token (never from the body), the services say who may do what.
import { MSG, REPORT_FILE_STEMS, reachEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { me } from '../../platform/auth/guards';
import { csvHeaders, csvStream, fileTimestamp } from '../../platform/csv';
import { conflict } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { tableDateFormatter } from '../reports/dates';
import { NOT_ACKNOWLEDGED_CSV_COLUMNS, notAcknowledgedCsvRows } from './not-acknowledged-csv';
import { postReach, reachablePost } from './reach';
import { acknowledge, recordReads } from './reads';
import { listToAcknowledge } from './to-acknowledge';

export async function reachRoutes(app: FastifyInstance): Promise<void> {
  routes(app, reachEndpoints, {
    recordPostReads: [
      async (request) => ({
        data: { recorded: await recordReads(app.database.ingestDb, me(request), request.body) },
      }),
      { config: { recordsNoEvents: true } },
    ],
    acknowledgePost: async (request) => {
      const at = await acknowledge(app.db, me(request), request.params.id);
      return { data: { acknowledgedAt: at.toISOString() } };
    },
    listToAcknowledge: async (request) => ({ data: await listToAcknowledge(app.db, me(request).id) }),
    getPostReach: async (request) => ({ data: await postReach(app.db, me(request), request.params.id) }),
    downloadNotAcknowledgedCsv: async (request, reply) => {
      const { id } = request.params;
      // Checked before the stream starts: once the header is sent, the status can no longer change.
      const post = await reachablePost(app.db, me(request), id);
      if (!post.requiresAck) throw conflict(MSG.ackNotRequired);
      const name = `${REPORT_FILE_STEMS.notAcknowledged}-${id}-${fileTimestamp(new Date())}.csv`;
      const rows = notAcknowledgedCsvRows(app.db, id, tableDateFormatter(request.query.tz));
      return reply.headers(csvHeaders(name)).send(csvStream(NOT_ACKNOWLEDGED_CSV_COLUMNS, rows));
    },
  });
}
