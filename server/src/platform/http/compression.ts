// Compressed answers (issue 14): JSON, CSV, HTML and plain text over 1 KB go out as brotli or gzip, as the
// client accepts. Not compressed: the live notification stream (each event must leave at once, and a
// compressor buffers), stored files (media are compressed already, and byte ranges must stay byte ranges;
// those routes say `compress: false`) and the built web assets (compressed once at build time, served by
// @fastify/static as they are). Request bodies are never inflated: a small gzip body could expand far
// past the body limits.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** The answers worth compressing. Event streams and media are left out. */
const COMPRESSIBLE = /^(application\/json|text\/csv|text\/html|text\/plain)\b/;

export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: (type: string) => COMPRESSIBLE.test(type),
  });
}
