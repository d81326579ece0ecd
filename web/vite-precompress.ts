// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the highest
// levels: the server sends them as they are (@fastify/static's preCompressed), so a phone downloads about
// a third of the bytes and the server spends no CPU compressing per request. Files under 1 KB gain
// nothing and are left alone (the server then sends the plain file).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hearth-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!TEXT.test(path)) continue;
        const body = readFileSync(path);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}
