// Uploads as the web sends them (a multipart POST to /v1/api/files/upload), what an upload answers, and the
// blobs a test can check were left behind or not.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { files } from '../src/db/schema';
import { multipart, type Part } from '../src/features/files/test-kit';

export type Uploaded = {
  fileId: number;
  payload: { url: string };
  file: {
    id: number;
    sourceUrl: string;
    thumbnailUrl: string | null;
    width: number | null;
    height: number | null;
    variants: { url: string; width: number }[];
    resourceType: string;
    mimeType: string;
    originalName: string | null;
    size: number;
  };
};

/** POST /v1/api/files/upload with these parts, as the caller of `headers` (anonymous with none). */
export function upload(app: FastifyInstance, headers: Record<string, string>, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/v1/api/files/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The web's call: file, filename, resourceType auto, folder post. */
export const fileParts = (filename: string, data: Buffer, contentType?: string): Part[] => [
  { name: 'file', filename, data, contentType },
  { name: 'filename', value: filename },
  { name: 'resourceType', value: 'auto' },
  { name: 'folder', value: 'post' },
];

/** Uploads as the web does and expects it stored (201); answers the upload's data. */
export async function uploadOk(
  app: FastifyInstance,
  headers: Record<string, string>,
  parts: Part[],
): Promise<Uploaded> {
  const res = await upload(app, headers, parts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Uploaded;
}

/** Every blob under DATA_DIR/files, to prove that refused uploads leave nothing behind. */
export function blobsOnDisk(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(join(dataDir, 'files'));
  return out.sort();
}

export const fileRows = async (db: Db) => (await db.select({ n: count() }).from(files))[0]?.n ?? 0;
