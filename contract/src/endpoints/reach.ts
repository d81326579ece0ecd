// Seen, opened and acknowledged posts, and a post's reach (issue 18, ADR 033). Feed and community posts
// alike (ADR 010). Reach is for administrators, the post's author and, for feed posts, post managers (the
// policy's `post.seeReach`).
import { z } from 'zod';
import { get, post, ROLES, tagged } from '../endpoint';
import { envelope, errorBody, idParam, ok } from '../schemas/common';
import {
  acknowledgeResult,
  postReach,
  postReadsBody,
  postReadsResult,
  toAcknowledge,
} from '../schemas/reach';
import { csvTzQuery } from '../schemas/reports';

export const reachEndpoints = tagged('reach', {
  recordPostReads: post({
    path: '/v1/api/post-reads',
    access: ROLES.known,
    summary: 'Records, once each, the posts the caller saw (a card half visible for a second) and opened',
    body: postReadsBody,
    responses: ok(postReadsResult),
  }),
  acknowledgePost: post({
    path: '/v1/api/feed-posts/:id/acknowledge',
    access: ROLES.known,
    summary: '"I have read this": the caller acknowledges a post that asks for it (again: no change)',
    params: idParam,
    // 409: the post does not ask to be acknowledged.
    // Written out: a spread would turn the status 200 into the key "200", which the handler's type misses.
    responses: { 200: envelope(acknowledgeResult), 409: errorBody },
  }),
  listToAcknowledge: get({
    path: '/v1/api/newsfeed/to-acknowledge',
    access: ROLES.known,
    summary: 'The posts the caller must still acknowledge (at most 20, soonest due first) and their count',
    responses: ok(toAcknowledge),
  }),
  getPostReach: get({
    path: '/v1/api/feed-posts/:id/reach',
    access: ROLES.known,
    summary:
      'Targeted, seen, opened, liked, commented, acknowledged: totals, by location, by department, by day',
    params: idParam,
    responses: ok(postReach),
  }),
  downloadNotAcknowledgedCsv: get({
    path: '/v1/api/feed-posts/:id/reach/not-acknowledged/csv',
    access: ROLES.known,
    summary: 'Streamed text/csv of the targeted people who have not acknowledged the post',
    params: idParam,
    query: csvTzQuery,
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      409: errorBody,
    },
  }),
});
