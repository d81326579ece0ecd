// @engine: a stately job queue, batches from a cursor
// The backfill of renditions for images uploaded before renditions existed: through the job queue as a
// start runs it, batch by batch from a cursor, idempotent when a batch runs again after a crash, and
// passing over an image that does not decode without losing what it had.
import { ROLE } from '@hearth/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../test/jobs';
import { userWithSession } from '../../../test/sessions';
import { fileParts, uploadOk } from '../../../test/uploads';
import { useTestApp } from '../../../test/use-test-app';
import { files } from '../../db/schema';
import { variantKeyOf } from '../../platform/storage';
import { backfillRenditions } from './renditions-backfill';
import { pngImage } from './test-kit';

const t = useTestApp();
let staff: Record<string, string>;

beforeAll(async () => {
  staff = (await userWithSession(t.app, t.db, { roleId: ROLE.STAFF })).headers;
});

async function uploadPng(width: number, height: number): Promise<number> {
  const parts = fileParts('old.png', await pngImage(width, height), 'image/png');
  return (await uploadOk(t.app, staff, parts)).fileId;
}

/** Makes an uploaded image look as it did before migration 0010: no size, no renditions stored. */
async function asBeforeRenditions(id: number): Promise<string> {
  const [row] = await t.db.select().from(files).where(eq(files.id, id));
  if (!row) throw new Error('no row');
  for (const w of row.variantWidths) await t.app.storage.remove(variantKeyOf(row.storageKey, w));
  await t.db.update(files).set({ width: null, height: null, variantWidths: [] }).where(eq(files.id, id));
  return row.storageKey;
}

const rowsOf = (ids: number[]) =>
  t.db
    .select({ id: files.id, width: files.width, height: files.height, variantWidths: files.variantWidths })
    .from(files)
    .where(inArray(files.id, ids))
    .orderBy(files.id);

const served = (url: string) => t.app.inject({ method: 'GET', url });

describe('renditions backfill', () => {
  it('gives old images their size and renditions through the job queue, and serves them', async () => {
    const wide = await uploadPng(1200, 800);
    const small = await uploadPng(400, 300);
    const key = await asBeforeRenditions(wide);
    await asBeforeRenditions(small);
    expect((await served(`/files/${variantKeyOf(key, 480)}`)).statusCode).toBe(404);

    await t.app.jobs.send('renditions', { afterId: 0 });
    await settled(t.app, 'renditions');

    expect(await rowsOf([wide, small])).toEqual([
      { id: wide, width: 1200, height: 800, variantWidths: [480, 960] },
      { id: small, width: 400, height: 300, variantWidths: [] },
    ]);
    const res = await served(`/files/${variantKeyOf(key, 480)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(480);
  });

  it('works in batches from a cursor, and a batch run again changes nothing', async () => {
    const ids = [await uploadPng(600, 400), await uploadPng(600, 400), await uploadPng(600, 400)];
    for (const id of ids) await asBeforeRenditions(id);
    const before = (ids[0] as number) - 1;

    const next = await backfillRenditions(t.app, before, 2);
    expect(next).toBe(ids[1]);
    expect((await rowsOf(ids)).map((r) => r.width)).toEqual([600, 600, null]);
    // The crash case: the same batch again finds nothing left to do in it.
    expect(await backfillRenditions(t.app, before, 2)).toBe(null);
    expect(await backfillRenditions(t.app, next as number, 2)).toBe(null);
    expect((await rowsOf(ids)).map((r) => r.variantWidths)).toEqual([[480], [480], [480]]);
  });

  it('passes over an image that does not decode and keeps its original and thumbnail', async () => {
    const broken = await uploadPng(600, 400);
    const fine = await uploadPng(600, 400);
    const key = await asBeforeRenditions(broken);
    await asBeforeRenditions(fine);
    const [row] = await t.db.select().from(files).where(eq(files.id, broken));
    await t.app.storage.putAt(key, Buffer.from('not a picture at all'), 'image/png');

    expect(await backfillRenditions(t.app, broken - 1)).toBe(null);
    expect((await rowsOf([broken, fine])).map((r) => r.width)).toEqual([null, 600]);
    expect((await served(`/files/${key}`)).statusCode).toBe(200);
    expect((await served(`/files/${row?.thumbnailKey}`)).statusCode).toBe(200);
  });
});
