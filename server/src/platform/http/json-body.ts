// JSON request bodies: small by default, larger only on the routes whose forms need it, and never nested
// deeper than any form is. A 4 MB body of nested brackets used to hold the event loop for a third of a
// second in JSON.parse, sent by anyone (issue 13, finding 13); the depth is now checked by a linear scan
// of the text before it is parsed.

import { MSG } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Any route not named below: every ordinary form (login, comments, settings) is a few KB. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

/**
 * Routes whose forms need more (`METHOD url` as registered). Rich-text posts allow 200,000 characters of
 * HTML (up to 3 bytes each in UTF-8, quotes escaped), the survey builder saves the whole form, a response
 * sends every answer, a private community lists up to 10,000 member ids. The avatar route sets its own
 * limit (a 2 MB image as base64 in JSON) next to its handler; the upload route is multipart, streamed.
 */
export const BODY_LIMITS: Record<string, number> = {
  'POST /v1/api/feed-posts': 1024 * 1024,
  'PUT /v1/api/feed-posts/:id': 1024 * 1024,
  'POST /v1/api/community-posts': 1024 * 1024,
  'PUT /v1/api/community-posts/:id': 1024 * 1024,
  'POST /v1/api/surveys/build-survey': 1024 * 1024,
  'POST /v1/api/surveys/instances': 1024 * 1024,
  'POST /v1/api/communities': 256 * 1024,
  'PUT /v1/api/communities/:id': 256 * 1024,
};

/** Deeper than any form of ours (the survey builder's is 5 levels); JSON.parse would take thousands. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` opens more than `max` arrays or objects inside one another. Brackets inside strings do
 * not count. Malformed text may pass: JSON.parse still refuses it, at a depth now known to be small.
 */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string: a backslash escapes the next character, whatever it is.
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

export function installJsonBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    for (const method of [route.method].flat()) {
      const limit = BODY_LIMITS[`${method} ${route.url}`];
      if (limit !== undefined) route.bodyLimit = limit;
    }
  });

  // Fastify's own parser keeps its protection against __proto__ and constructor.prototype keys.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string)) {
      done(new AppError('invalid_input', 400, MSG.invalidInput), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
