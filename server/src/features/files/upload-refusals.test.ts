// POST /v1/api/files/upload refused: executables, markup and unknown bytes whatever their name, broken and
// oversized images, wrong fields and callers without the right; a refusal leaves no row and no blob behind.
import { LIMITS, MSG, ROLE } from '@hearth/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import {
  blobsOnDisk as blobsUnder,
  fileParts,
  fileRows as rowsIn,
  upload as send,
} from '../../../test/uploads';
import { useTestApp } from '../../../test/use-test-app';
import { roles } from '../../db/schema';
import { bigJpeg, elfBinary, type Part, pdfDocument, peBinary, pngImage } from './test-kit';

const t = useTestApp();
let staff: Record<string, string>;
let editor: Record<string, string>;

beforeAll(async () => {
  staff = (await userWithSession(t.app, t.db, { roleId: ROLE.STAFF })).headers;
  editor = (await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR })).headers;
});

const upload = (headers: Record<string, string>, parts: Part[]) => send(t.app, headers, parts);
const blobsOnDisk = () => blobsUnder(t.config.dataDir);
const fileRows = () => rowsIn(t.db);

describe('POST /v1/api/files/upload: refusals leave nothing behind', () => {
  const text = (s: string) => () => Buffer.from(s);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>';
  const refused: [string, () => Buffer | Promise<Buffer>, string?][] = [
    ['a Linux executable renamed .png', elfBinary, 'image/png'],
    ['a Windows executable renamed .png', peBinary, 'image/png'],
    ['a Windows executable named .exe', peBinary, 'application/x-msdownload'],
    [
      'HTML named .jpg',
      text('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
      'image/jpeg',
    ],
    ['HTML after some text', text('hello\n<script>alert(document.cookie)</script>'), 'text/plain'],
    ['an SVG', text(svg), 'image/svg+xml'],
    [
      'an SVG with an XML prolog',
      text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    ],
    ['a shell script', text('#!/bin/sh\nrm -rf /\n'), 'text/plain'],
    [
      'a Mach-O binary',
      () => Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), Buffer.alloc(2048)]),
      'application/octet-stream',
    ],
    [
      'unknown binary bytes',
      () => Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 9, 9, 9, 0]),
      'application/octet-stream',
    ],
  ];

  for (const [what, make, type] of refused) {
    it(`refuses ${what} with 400 ${MSG.fileTypeRefused}`, async () => {
      const before = { rows: await fileRows(), blobs: blobsOnDisk() };
      const name = type === 'application/x-msdownload' ? 'setup.exe' : 'innocent.png';
      const res = await upload(staff, fileParts(name, await make(), type));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: MSG.fileTypeRefused, fields: { file: MSG.fileTypeRefused } });
      expect(await fileRows()).toBe(before.rows);
      expect(blobsOnDisk()).toEqual(before.blobs);
    });
  }

  it('refuses an image header over bytes that do not decode, and removes the blob', async () => {
    const before = blobsOnDisk();
    const png = await pngImage(300, 300);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(5000, 7)]);
    const res = await upload(staff, fileParts('broken.png', broken));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.fileTypeRefused);
    expect(blobsOnDisk()).toEqual(before);
  });

  it('refuses an image that would decode to a huge bitmap (a decompression bomb), and removes the blob', async () => {
    const before = { rows: await fileRows(), blobs: blobsOnDisk() };
    // 9000 x 9000 of one colour: a small PNG, 81 megapixels once decoded.
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(LIMITS.fileMaxBytes);
    const res = await upload(staff, fileParts('bomb.png', bomb));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.imageTooManyPixels);
    expect(await fileRows()).toBe(before.rows);
    expect(blobsOnDisk()).toEqual(before.blobs);
  });

  it(`refuses an 11MB image with 413 ${MSG.fileTooBig}: no row, no blob`, async () => {
    const big = await bigJpeg(11 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(LIMITS.fileMaxBytes);
    const before = { rows: await fileRows(), blobs: blobsOnDisk() };
    const res = await upload(staff, fileParts('huge.jpg', big, 'image/jpeg'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: MSG.fileTooBig, code: 'too_large' });
    expect(await fileRows()).toBe(before.rows);
    expect(blobsOnDisk()).toEqual(before.blobs);
  });

  it('refuses a file that is not the resourceType the caller asked for', async () => {
    const res = await upload(staff, [
      { name: 'resourceType', value: 'image' },
      { name: 'file', filename: 'a.pdf', data: pdfDocument() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.fileTypeRefused);
    // A field sent after the file is checked too.
    const late = await upload(staff, [
      { name: 'file', filename: 'a.pdf', data: pdfDocument() },
      { name: 'resourceType', value: 'video' },
    ]);
    expect(late.statusCode).toBe(400);
  });

  it('refuses an unknown folder or resourceType value, and a second file', async () => {
    const before = { rows: await fileRows(), blobs: blobsOnDisk() };
    const folder = await upload(staff, [
      { name: 'file', filename: 'a.pdf', data: pdfDocument() },
      { name: 'folder', value: '../etc' },
    ]);
    expect(folder.statusCode).toBe(400);
    expect(folder.json().fields).toHaveProperty('folder');
    const type = await upload(staff, [
      { name: 'resourceType', value: 'executable' },
      { name: 'file', filename: 'a.pdf', data: pdfDocument() },
    ]);
    expect(type.statusCode).toBe(400);
    const two = await upload(staff, [
      { name: 'file', filename: 'a.pdf', data: pdfDocument() },
      { name: 'file', filename: 'b.pdf', data: pdfDocument() },
    ]);
    expect(two.statusCode).toBe(400);
    expect(await fileRows()).toBe(before.rows);
    expect(blobsOnDisk()).toEqual(before.blobs);
  });

  it('answers 400 when the file part is missing, empty or not multipart at all', async () => {
    const none = await upload(staff, [
      { name: 'filename', value: 'x.png' },
      { name: 'folder', value: 'post' },
    ]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: MSG.fileRequired, fields: { file: MSG.fileRequired } });
    const empty = await upload(staff, fileParts('empty.png', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(MSG.fileRequired);
    const json = await t.app.inject({
      method: 'POST',
      url: '/v1/api/files/upload',
      headers: staff,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('POST /v1/api/files/upload: who may upload', () => {
  it('answers 401 without a token, 403 to an unknown role, 201 to roles 1, 2 and 3', async () => {
    const parts = fileParts('a.pdf', pdfDocument());
    expect((await upload({}, parts)).statusCode).toBe(401);
    await t.db.insert(roles).values({ id: 4, name: 'auditor' }).onConflictDoNothing();
    const other = (await userWithSession(t.app, t.db, { roleId: 4 })).headers;
    const before = await fileRows();
    expect((await upload(other, parts)).statusCode).toBe(403);
    expect(await fileRows()).toBe(before);
    const admin = (await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN })).headers;
    for (const headers of [admin, staff, editor]) expect((await upload(headers, parts)).statusCode).toBe(201);
  });
});
