// The live count over a real socket (inject cannot stream): the initial count at once, then a new count
// within 2 s of a notification; the access token may come as ?access_token=; 401 without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { userWithSession } from '../../../test/factories';
import { createPost } from '../feed/test-support';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Reads `data:` lines of an event stream as they arrive. */
function events(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(timeoutMs = 2000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) return JSON.parse(data);
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
        ]);
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('GET /v1/api/notifications/stream', () => {
  it('sends the unviewed count at once and again within 2 s of a new notification', async () => {
    const author = await userWithSession(t.app, t.db);
    const reader = await userWithSession(t.app, t.db);
    const controller = new AbortController();
    const res = await fetch(
      `${base}/v1/api/notifications/stream?access_token=${encodeURIComponent(reader.session.accessToken)}`,
      { signal: controller.signal },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    if (!res.body) throw new Error('no body');
    const stream = events(res.body);
    expect(await stream.next()).toEqual({ unviewed: 0 });

    const started = Date.now();
    await fetch(`${base}/v1/api/comments`, {
      method: 'POST',
      headers: { ...author.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        feedPostId: (await createPost(t.db, author.user.id, { notifiedAt: new Date() })).id,
        content: 'Hello',
        userIDs: [reader.user.id],
      }),
    });
    // The request's own kick fans it out; no drain needed.
    expect(await stream.next(2000)).toEqual({ unviewed: 1 });
    expect(Date.now() - started).toBeLessThan(2000);
    controller.abort();
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect((await fetch(`${base}/v1/api/notifications/stream`)).status).toBe(401);
    expect((await fetch(`${base}/v1/api/notifications/stream?access_token=nope`)).status).toBe(401);
  });
});
