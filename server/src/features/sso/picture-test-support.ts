// A picture server for the provider picture tests: HTTPS on 127.0.0.1 with a certificate made at test time
// (push-test-support.ts), answering by path: a PNG, a PNG behind redirects, text, a non-image called PNG,
// bodies over the limit (announced or not), and requests it never answers or answers only in part.
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { LIMITS } from '@hearth/contract';
import sharp from 'sharp';

export type PictureServer = {
  port: number;
  /** The paths (with query) requested, in order. */
  requested: string[];
  close(): Promise<void>;
};

/** A 1200x900 PNG: wider than tall, so the stored 800x800 square proves the crop. */
export const samplePng = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

export async function startPictureServer(
  tls: { key: string; cert: string },
  redirectHosts: { private: string; http: string },
): Promise<PictureServer> {
  const png = await samplePng();
  const over = LIMITS.profileImageMaxBytes + 1024;
  const held = new Set<ServerResponse>();
  const routes: Record<string, (res: ServerResponse, port: number) => void> = {
    '/avatar.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    '/one-hop': (res) => res.writeHead(302, { location: '/avatar.png' }).end(),
    '/two-hops': (res) => res.writeHead(301, { location: '/one-hop' }).end(),
    '/three-hops': (res) => res.writeHead(307, { location: '/two-hops' }).end(),
    '/to-http': (res, port) =>
      res.writeHead(302, { location: `http://${redirectHosts.http}:${port}/avatar.png` }).end(),
    '/to-private': (res, port) =>
      res.writeHead(302, { location: `https://${redirectHosts.private}:${port}/avatar.png` }).end(),
    '/page.html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a picture</p>'),
    '/svg': (res) =>
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    '/not-a.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end('GIF? no: plain text'),
    '/announced-huge.png': (res) =>
      res
        .writeHead(200, { 'content-type': 'image/png', 'content-length': String(over) })
        .end(Buffer.alloc(over)),
    // No Content-Length: chunked, so only counting while reading can stop it.
    '/huge.png': (res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png.subarray(0, 8));
      res.end(Buffer.alloc(over));
    },
    '/never': (res) => {
      held.add(res);
    },
    '/stalls': (res) => {
      held.add(res);
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png.subarray(0, 100));
    },
  };
  const server: Server = createServer(tls, (req, res) => {
    picture.requested.push(req.url ?? '');
    const route = routes[new URL(req.url ?? '/', 'https://x').pathname];
    if (route) route(res, picture.port);
    else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const picture: PictureServer = {
    port: (server.address() as AddressInfo).port,
    requested: [],
    close: () =>
      new Promise((ok) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
  return picture;
}
