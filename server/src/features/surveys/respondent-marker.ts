// Anonymous surveys (issue 19, ADR 035): whether a person has answered is a keyed one-way hash of the survey
// and the person, never their id. The key is derived from the server's secret (JWT_SECRET, or the one
// generated in DATA_DIR) for this purpose alone, as the unsubscribe links do: without the secret a marker
// cannot be recomputed from a user id, so the markers table tells a reader of the database nothing about
// who answered. The same secret, under another purpose, orders the responses of an anonymous report in a
// way that is stable but is not the order of answering.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const MARKER_PURPOSE = 'hearth anonymous survey respondent marker v1';
const ORDER_PURPOSE = 'hearth anonymous survey response order v1';

const keyOf = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`key:${purpose}`).digest();

/** The marker of `userId` having answered `surveyId` (base64url of an HMAC-SHA256). */
export function respondentMarker(secret: string, surveyId: number, userId: number): string {
  return createHmac('sha256', keyOf(secret, MARKER_PURPOSE))
    .update(`${surveyId}\n${userId}`)
    .digest('base64url');
}

/**
 * A sort key of a response of an anonymous survey: responses listed by it come in an order unrelated to when
 * they were given, so "the first row is the first to answer" cannot be read off a report or its CSV.
 */
export function responseOrderKey(secret: string, instanceId: number): string {
  return createHmac('sha256', keyOf(secret, ORDER_PURPOSE)).update(String(instanceId)).digest('hex');
}

/** The server's secret the markers are keyed from (buildApp is always given one: JWT_SECRET or generated). */
export function markerSecret(app: FastifyInstance): string {
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('no server secret to key anonymous survey markers with');
  return secret;
}
