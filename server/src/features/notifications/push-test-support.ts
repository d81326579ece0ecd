// Test helpers for web push: a browser's key pair, a self-signed certificate made at test time (openssl),
// and a local HTTPS push service that records what it receives and answers a chosen status.
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { settled } from '../../../test/jobs';
import { feedPostForm } from '../feed/test-support';

/** A browser's push keys: the P-256 pair (to decrypt) and the auth secret, plus the registration body. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    mkey: ecdh.getPublicKey().toString('base64url'),
    authSecret: auth.toString('base64url'),
  };
}

/** A self-signed certificate (P-256) for `host`, valid for a day. */
export function selfSignedCertificate(host: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Received = { headers: IncomingMessage['headers']; body: Buffer; url: string };

export type PushService = {
  server: Server;
  port: number;
  received: Received[];
  /** What the next requests are answered: a status, and headers (a redirect's location). */
  answer: { status: number; headers?: Record<string, string> };
  close(): Promise<void>;
};

/** An HTTPS push service on 127.0.0.1 with this certificate. */
export async function startPushService(tls: { key: string; cert: string }): Promise<PushService> {
  const service: PushService = {
    server: createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        service.received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' });
        res.writeHead(service.answer.status, service.answer.headers).end();
      });
    }),
    port: 0,
    received: [],
    answer: { status: 201 },
    close: () => new Promise((ok) => service.server.close(() => ok())),
  };
  await new Promise<void>((ok) => service.server.listen(0, '127.0.0.1', ok));
  service.port = (service.server.address() as AddressInfo).port;
  return service;
}

/**
 * Publishes a feed post for everyone as `headers`' user and waits until its web push went out: the fan-out
 * queues the push as a job, sent by the queue's worker. Answers the post's id.
 */
export async function publishAndPush(
  app: FastifyInstance,
  headers: Record<string, string>,
  categoryId: number,
  title: string,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/api/feed-posts',
    headers,
    payload: feedPostForm(categoryId, { title }),
  });
  expect(res.statusCode).toBe(201);
  const data = res.json().data as number | { id: number };
  await app.notifications.drain();
  await settled(app, 'push');
  return typeof data === 'number' ? data : data.id;
}
