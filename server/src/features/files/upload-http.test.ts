// Uploads over a real socket: a large upload streams to storage without being held in memory, and an
// oversized one is answered 413 (the client reads the answer) with nothing stored.

import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LIMITS, MSG, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { files } from '../../db/schema';
import { MP4_HEADER, streamedMultipart } from './test-kit';

const t = useTestApp();
let headers: Record<string, string>;
let port = 0;

beforeAll(async () => {
  headers = (await userWithSession(t.app, t.db, { roleId: ROLE.STAFF })).headers;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

type Answer = { status: number; body: string; error?: string };

/** POSTs a streamed body; answers the status and body the client read, or the socket error it got. */
function post(body: Readable, extra: Record<string, string>): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/api/files/upload',
        headers: { ...headers, ...extra },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', (err) => resolve({ status: res.statusCode ?? 0, body: '', error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, body: '', error: err.message }));
    body.on('error', () => undefined);
    body.pipe(req);
  });
}

/** The blobs on disk (files and partial writes) under DATA_DIR/files/post. */
function blobs(): string[] {
  try {
    return readdirSync(join(t.config.dataDir, 'files', 'post')).sort();
  } catch {
    return [];
  }
}

const fileRows = async () => (await t.db.select({ n: count() }).from(files))[0]?.n ?? 0;

describe('uploads over HTTP', () => {
  it('streams a 120MB video to disk while memory grows by far less than the file', async () => {
    const padding = 120 * 1024 * 1024;
    const upload = streamedMultipart(
      { filename: 'long.mp4', resourceType: 'auto', folder: 'post' },
      { filename: 'long.mp4', contentType: 'video/mp4', head: MP4_HEADER, padding },
    );
    // Live memory, not garbage waiting for a collection: collect before each sample. (gc is not exposed
    // to tests by default; V8 can still be told to expose it.)
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = live();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, live());
    }, 200);
    const answer = await post(upload.body, upload.headers).finally(() => clearInterval(sampler));
    peak = Math.max(peak, live());

    expect(answer.status, answer.body).toBe(201);
    const data = JSON.parse(answer.body).data;
    expect(data.file).toMatchObject({ resourceType: 'video', mimeType: 'video/mp4' });
    expect(data.file.size).toBe(MP4_HEADER.length + padding);
    const stat = await t.app.storage.stat(data.payload.url.replace('/files/', ''));
    expect(stat?.size).toBe(MP4_HEADER.length + padding);
    const growth = peak - baseline;
    // Buffering the upload would take 120MB or more; streaming keeps a few chunks in flight on both ends of
    // the socket (the client is this process too). Under a loaded CI machine that was seen at up to 28MB.
    expect(growth, `memory grew by ${(growth / 1048576).toFixed(1)}MB`).toBeLessThan(48 * 1024 * 1024);
    // 5-10 s on an idle machine; a fully loaded one was seen past 30 s, the default.
  }, 60_000);

  it(`cuts an oversized image off at ${LIMITS.fileMaxBytes} bytes: the client reads 413, nothing is stored`, async () => {
    const rows = await fileRows();
    const before = blobs();
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const upload = streamedMultipart(
      { filename: 'huge.jpg' },
      { filename: 'huge.jpg', contentType: 'image/jpeg', head: jpegHead, padding: 40 * 1024 * 1024 },
    );
    const answer = await post(upload.body, upload.headers);
    expect(answer.status, answer.error).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: MSG.fileTooBig, code: 'too_large' });
    expect(await fileRows()).toBe(rows);
    const stored = await t.db.select().from(files).where(eq(files.originalName, 'huge.jpg'));
    expect(stored).toEqual([]);
    expect(blobs()).toEqual(before);
  });

  it(`cuts a video off past ${LIMITS.videoMaxBytes / 1048576}MB: 413 ${MSG.videoTooBig} or a hang-up, nothing stored`, async () => {
    const rows = await fileRows();
    const before = blobs();
    const upload = streamedMultipart(
      {},
      {
        filename: 'movie.mp4',
        contentType: 'video/mp4',
        head: MP4_HEADER,
        padding: LIMITS.videoMaxBytes + 80 * 1048576,
      },
    );
    const answer = await post(upload.body, upload.headers);
    // Far past the limit the server stops reading and closes the connection: the client may see the
    // answer or only the hang-up, depending on where its send was.
    if (answer.status === 413) expect(JSON.parse(answer.body).error).toBe(MSG.videoTooBig);
    else expect(answer.error).toMatch(/EPIPE|ECONNRESET|socket hang up/);
    expect(await fileRows()).toBe(rows);
    expect(blobs()).toEqual(before);
  }, 60_000);
});
