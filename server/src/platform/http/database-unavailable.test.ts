// @engine: onPostgres: the pool through a cut connection
// Losing the database answers 503 with Retry-After and logs one line without the statement (issue 16):
// the classification of errors, the error handler on a bare Fastify app, and on PostgreSQL the real app
// whose connections run through a proxy that is cut and restored.
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../../../test/log-capture';
import { useTestApp } from '../../../test/use-test-app';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { databaseUnavailable, UNAVAILABLE_MESSAGE } from './database-unavailable';
import { installErrorHandler } from './error-handler';

/** An error as node-postgres or node's net module makes them: a message and a code. */
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
/** Drizzle's wrapper: the statement and its parameters in the message, the driver's error as the cause. */
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select "email" from "users" where "id" = $1', ['secret-value'], cause);

describe('databaseUnavailable', () => {
  it.each([
    [
      'an administrator shutdown (57P01)',
      coded('terminating connection due to administrator command', '57P01'),
    ],
    [
      'a crash shutdown (57P02)',
      coded('terminating connection due to crash of another server process', '57P02'),
    ],
    ['a server starting up (57P03)', coded('the database system is starting up', '57P03')],
    ['a server out of connections (53300)', coded('sorry, too many clients already', '53300')],
    [
      'a statement cancelled by statement_timeout (57014)',
      coded('canceling statement due to statement timeout', '57014'),
    ],
    ['a connection exception (class 08)', coded('connection failure', '08006')],
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', coded('read ECONNRESET', 'ECONNRESET')],
    ['a timed out connection', coded('connect ETIMEDOUT 10.0.0.1:5432', 'ETIMEDOUT')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect', new Error('timeout exceeded when trying to connect')],
  ])('recognises %s, bare or wrapped by Drizzle', (_, err) => {
    expect(databaseUnavailable(err)).toEqual({ reason: expect.any(String) });
    expect(databaseUnavailable(wrapped(err))).toEqual(databaseUnavailable(err));
    expect(databaseUnavailable(new Error('outer', { cause: wrapped(err) }))).toBeDefined();
  });

  it('recognises the refusals of every address of a host (an AggregateError)', () => {
    const both = new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect');
    expect(databaseUnavailable(both)).toEqual({ reason: 'ECONNREFUSED' });
  });

  it('leaves other errors alone, and its reason never holds the statement', () => {
    for (const err of [
      coded('duplicate key value violates unique constraint', '23505'),
      coded('relation "x" does not exist', '42P01'),
      new Error('Connection terminated'), // we ended it ourselves, at shutdown
      wrapped(coded('syntax error', '42601')),
      'a string',
      undefined,
    ])
      expect(databaseUnavailable(err)).toBeUndefined();
    expect(JSON.stringify(databaseUnavailable(wrapped(coded('x', '57P01'))))).not.toMatch(/select|secret/);
  });

  it('follows a cycle of causes without hanging', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = new Error('b', { cause: a });
    expect(databaseUnavailable(a)).toBeUndefined();
  });
});

/** A logger as main.ts builds it, writing its lines into `lines`. */
const loggerInto = (lines: string[]) => capturingLogger('info', (line) => lines.push(line));

describe('the error handler', () => {
  it('answers 503 with Retry-After, the request id and a sentence, and logs one line without SQL', async () => {
    const lines: string[] = [];
    const app = Fastify({ loggerInstance: loggerInto(lines) as FastifyBaseLogger });
    installErrorHandler(app);
    app.get('/lost', async () => {
      throw wrapped(coded('terminating connection due to administrator command', '57P01'));
    });
    app.get('/broken', async () => {
      throw wrapped(coded('syntax error', '42601'));
    });
    const res = await app.inject({ method: 'GET', url: '/lost' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: UNAVAILABLE_MESSAGE,
      code: 'unavailable',
      requestId: expect.any(String),
    });
    const logged = lines.filter((l) => JSON.parse(l).level >= 40);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] as string)).toMatchObject({ level: 40, reason: '57P01' });
    expect(logged[0]).not.toMatch(/select|secret-value/);

    // Any other failure is still a 500, logged whole.
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});

/** A TCP proxy to `target` that can be cut (open connections dropped, new ones refused) and restored. */
async function cuttableProxy(target: URL) {
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    /** The database server gone: every connection dropped, new ones refused. */
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of open) s.destroy();
      }),
    restore: () => listen(port),
  };
}

/** The connections of the proxied pool (openDatabase's default). */
const POOL_SIZE = 5;

// Only PostgreSQL has connections to lose; PGlite runs in the process.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('an app whose database goes away', () => {
  const t = useTestApp();
  const lines: string[] = [];
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let proxied: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    proxy = await cuttableProxy(new URL(t.app.database.url as string));
    proxied = await openDatabase({ databaseUrl: proxy.url });
    app = await buildApp({
      config: t.app.config as Parameters<typeof buildApp>[0]['config'],
      // Only the request pool goes through the proxy: the job queue and the event bus keep the direct
      // address, so what the test reads is the requests' own handling.
      database: { ...proxied, url: t.app.database.url },
      mailer: t.app.mailer,
      storage: t.app.storage,
      logger: loggerInto(lines),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    // Waits for every client to be back: a slot leaked by a lost connection would hang it.
    await proxied?.close();
    await proxy?.cut();
  });

  /** A public read that always asks the database. */
  const read = () => app.inject({ method: 'GET', url: '/v1/auth/register-groups?limit=-1' });

  it('answers 503 with Retry-After while it is gone, logs no SQL, and recovers when it is back', async () => {
    expect((await read()).statusCode).toBe(200);
    await proxy.cut();
    const before = lines.length;

    const res = await read();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: UNAVAILABLE_MESSAGE,
      code: 'unavailable',
      requestId: expect.any(String),
    });
    // The request's lines (background workers log their own failures).
    const logged = lines.slice(before).filter((l) => JSON.parse(l).reqId === res.json().requestId);
    const warnings = logged.filter((l) => JSON.parse(l).level >= 40);
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] as string)).toMatchObject({ msg: 'database unavailable: answered 503' });
    expect(logged.join('\n')).not.toMatch(/select|Failed query|params/i);

    // Liveness does not ask the database; readiness says which check failed.
    expect((await app.inject({ method: 'GET', url: '/v1/health/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toMatchObject({ database: 'failed', migrations: 'failed' });

    await proxy.restore();
    expect((await read()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/health/ready' })).statusCode).toBe(200);
  });

  it('gives back the connections of transactions whose BEGIN met a lost connection', async () => {
    const select1 = () => proxied.db.execute(sql`select 1`);
    const transaction = () => proxied.db.transaction(async (tx) => void (await tx.execute(sql`select 1`)));
    await Promise.all(Array.from({ length: POOL_SIZE }, select1));
    // Cut while the pool still takes its idle connections for alive: each BEGIN goes out on a dead one.
    const cut = proxy.cut();
    const attempts = await Promise.allSettled(Array.from({ length: POOL_SIZE }, transaction));
    expect(attempts.every((a) => a.status === 'rejected')).toBe(true);
    await cut;
    await proxy.restore();
    // Every slot is free again: as many transactions at once as the pool holds.
    await Promise.all(Array.from({ length: POOL_SIZE }, transaction));
  });
});
