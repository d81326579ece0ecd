// GET /files/{key}: stored files with their recorded type. No login is needed, because <img> and <video>
// cannot send a bearer token; keys are random UUIDs, and only keys recorded in the files table are served.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors';
import { findFileByKey } from './service';

// Raster images, video and audio are shown by the page; anything else (PDF, raw) is downloaded, so a
// stored document never renders as a page of our origin. SVG can carry script: never inline.
const INLINE = /^(image\/(jpeg|png|gif|webp)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

/** RFC 6266 / 5987 filename, with a plain ASCII fallback. */
function attachment(name: string | null): string {
  if (!name) return 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { '*': string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!key || key.length > 300) throw notFound();
    const row = await findFileByKey(app.db, key);
    if (!row) throw notFound();
    const opened = await app.storage.open(key);
    if (!opened) throw notFound();
    const inline = INLINE.test(row.mimeType);
    return reply
      .header('Content-Type', row.mimeType)
      .header('Content-Length', opened.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=86400')
      .header('Content-Disposition', inline ? 'inline' : attachment(row.originalName))
      .send(opened.stream);
  });
}
