// POST /v1/api/files/upload through the real app: real files of each kind, sniffed from their bytes,
// limits, refusals that leave nothing behind, thumbnails and poster frames served at the .jpg URL.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { LIMITS, MSG, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { userWithSession } from '../../../test/factories';
import { files, roles } from '../../db/schema';
import {
  bigJpeg,
  elfBinary,
  jpegImage,
  multipart,
  type Part,
  pdfDocument,
  peBinary,
  pngImage,
} from './test-kit';
import { ffmpegAvailable } from './thumbnails';

let t: TestApp;
let staff: Record<string, string>;
let staffId: number;
let editor: Record<string, string>;
let hasFfmpeg = false;
const fixture = (name: string) => readFileSync(join(__dirname, '../../../test/fixtures', name));

beforeAll(async () => {
  t = await createTestApp();
  const staffSession = await userWithSession(t.app, t.db, { roleId: ROLE.STAFF });
  staff = staffSession.headers;
  staffId = staffSession.user.id;
  editor = (await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR })).headers;
  hasFfmpeg = await ffmpegAvailable();
  // CI installs ffmpeg (.ci/run): there, a missing binary is a broken machine, not a degraded server.
  if (process.env.CI && !hasFfmpeg) throw new Error('ffmpeg is missing on a CI machine');
});
afterAll(() => t.close());

type Uploaded = {
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

function upload(headers: Record<string, string>, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/v1/api/files/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The web's call: file, filename, resourceType auto, folder post. */
const fileParts = (filename: string, data: Buffer, contentType?: string): Part[] => [
  { name: 'file', filename, data, contentType },
  { name: 'filename', value: filename },
  { name: 'resourceType', value: 'auto' },
  { name: 'folder', value: 'post' },
];

async function uploadOk(filename: string, data: Buffer, contentType?: string): Promise<Uploaded> {
  const res = await upload(staff, fileParts(filename, data, contentType));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Uploaded;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Every blob under DATA_DIR/files, to prove that refused uploads leave nothing behind. */
function blobsOnDisk(): string[] {
  const root = join(t.config.dataDir, 'files');
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
  walk(root);
  return out.sort();
}

const fileRows = async () => (await t.db.select({ n: count() }).from(files))[0]?.n ?? 0;

async function expectThumbnail(uploaded: Uploaded, width: number, height?: number) {
  const { sourceUrl, thumbnailUrl } = uploaded.file;
  expect(thumbnailUrl).toBe(sourceUrl.replace(/\.[a-z0-9]+$/, '.jpg'));
  const res = await get(thumbnailUrl as string);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['content-disposition']).toBe('inline');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.width).toBe(width);
  if (height) expect(meta.height).toBe(height);
  expect(meta.exif).toBeUndefined();
  return meta;
}

/** The WebP renditions: the widths asked for, each served as image/webp at its width and upright. */
async function expectVariants(uploaded: Uploaded, size: { width: number; height: number }, widths: number[]) {
  expect(uploaded.file).toMatchObject(size);
  const stem = uploaded.file.sourceUrl.replace(/\.[a-z0-9]+$/, '');
  expect(uploaded.file.variants).toEqual(widths.map((w) => ({ url: `${stem}-w${w}.webp`, width: w })));
  for (const { url, width } of uploaded.file.variants) {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-disposition']).toBe('inline');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(Math.round((width * size.height) / size.width));
    expect(meta.exif).toBeUndefined();
  }
}

/** A minimal stored (uncompressed) zip, enough for a .docx: its parts' names say what it is. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('POST /v1/api/files/upload: accepted kinds', () => {
  it('stores a PNG as an image with a 640px JPEG thumbnail, and answers fileId and payload.url', async () => {
    const png = await pngImage(1200, 800);
    const up = await uploadOk('photo.png', png, 'image/png');
    expect(up.fileId).toBe(up.file.id);
    expect(up.payload.url).toBe(up.file.sourceUrl);
    expect(up.payload.url).toMatch(/^\/files\/post\/[0-9a-f-]{36}\.png$/);
    expect(up.file).toMatchObject({
      resourceType: 'image',
      mimeType: 'image/png',
      originalName: 'photo.png',
      size: png.length,
    });
    await expectThumbnail(up, 640, 427);
    // 1600 px would enlarge a 1200 px picture: only the narrower renditions.
    await expectVariants(up, { width: 1200, height: 800 }, [480, 960]);
    const original = await get(up.payload.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
  });

  it('stores a JPEG under .jpeg (keeping .jpg for its thumbnail), rotated upright, EXIF dropped', async () => {
    const jpeg = await jpegImage(1600, 1200);
    const up = await uploadOk('camera.jpg', jpeg, 'image/jpeg');
    expect(up.payload.url).toMatch(/\.jpeg$/);
    expect(up.file).toMatchObject({ resourceType: 'image', mimeType: 'image/jpeg' });
    // Orientation 6: the 1600x1200 sensor image is 1200x1600 upright, so 640 wide is 853 high.
    const meta = await expectThumbnail(up, 640, 853);
    expect(meta.orientation).toBeUndefined();
    await expectVariants(up, { width: 1200, height: 1600 }, [480, 960]);
  });

  it('keeps a small image at its own size in the thumbnail (no enlargement)', async () => {
    const up = await uploadOk(
      'small.gif',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
        .gif()
        .toBuffer(),
    );
    expect(up.file.mimeType).toBe('image/gif');
    await expectThumbnail(up, 40, 30);
    await expectVariants(up, { width: 40, height: 30 }, []);
  });

  it('stores an MP4 as video with a JPEG poster frame', async () => {
    const mp4 = fixture('tiny.mp4');
    const up = await uploadOk('clip.mp4', mp4, 'video/mp4');
    expect(up.file).toMatchObject({ resourceType: 'video', mimeType: 'video/mp4', size: mp4.length });
    if (!hasFfmpeg) {
      // Without ffmpeg the server degrades: the video is stored, with no poster.
      expect(up.file.thumbnailUrl).toBeNull();
      return;
    }
    await expectThumbnail(up, 128, 96);
    const video = await get(up.payload.url);
    expect(video.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-disposition': 'inline' });
  });

  it('stores audio as resourceType video (audio counts as video), with no poster when it has no picture', async (ctx) => {
    if (!hasFfmpeg) ctx.skip();
    const out = join(t.config.dataDir, 'tone.m4a');
    const made = spawnSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=d=1',
      '-c:a',
      'aac',
      out,
    ]);
    expect(made.status).toBe(0);
    const up = await uploadOk('tone.m4a', readFileSync(out), 'audio/x-m4a');
    expect(up.file).toMatchObject({ resourceType: 'video', mimeType: 'audio/mp4', thumbnailUrl: null });
    expect(up.payload.url).toMatch(/\.m4a$/);
  });

  it('stores a PDF as raw, downloaded as an attachment with its name, and without a thumbnail', async () => {
    const pdf = pdfDocument();
    const up = await uploadOk('Minutes 2024.pdf', pdf, 'application/pdf');
    expect(up.file).toMatchObject({ resourceType: 'raw', mimeType: 'application/pdf', thumbnailUrl: null });
    const res = await get(up.payload.url);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Minutes 2024.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The .jpg beside a file that has no thumbnail is not served.
    expect((await get(up.payload.url.replace(/\.pdf$/, '.jpg'))).statusCode).toBe(404);
  });

  it('stores office documents, CSV and plain text as raw', async () => {
    const docx = zip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
      'word/document.xml': '<?xml version="1.0"?><w:document/>',
    });
    const doc = await uploadOk('report.docx', docx);
    expect(doc.file).toMatchObject({
      resourceType: 'raw',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const csv = await uploadOk('figures.csv', Buffer.from('name,amount\r\nÅsa,12\r\n'));
    expect(csv.file).toMatchObject({ resourceType: 'raw', mimeType: 'text/csv' });
    const txt = await uploadOk('notes.txt', Buffer.from('Remember the milk.\n'));
    expect(txt.file).toMatchObject({ resourceType: 'raw', mimeType: 'text/plain' });
    expect((await get(txt.payload.url)).headers['content-disposition']).toContain('attachment');
  });

  it('takes the original name from the file part when no filename field is sent', async () => {
    const res = await upload(editor, [{ name: 'file', filename: 'only-part.pdf', data: pdfDocument() }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file.originalName).toBe('only-part.pdf');
  });

  it('records the caller as the creator', async () => {
    const up = await uploadOk('mine.pdf', pdfDocument());
    const [row] = await t.db.select().from(files).where(eq(files.id, up.fileId));
    expect(row).toMatchObject({ createdById: staffId, storageKey: up.payload.url.replace('/files/', '') });
  });
});

describe('POST /v1/api/files/upload: refusals leave nothing behind', () => {
  const refused: [string, () => Buffer | Promise<Buffer>, string?][] = [
    ['a Linux executable renamed .png', elfBinary, 'image/png'],
    ['a Windows executable renamed .png', peBinary, 'image/png'],
    ['a Windows executable named .exe', peBinary, 'application/x-msdownload'],
    [
      'HTML named .jpg',
      () => Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
      'image/jpeg',
    ],
    [
      'HTML after some text',
      () => Buffer.from('hello\n<script>alert(document.cookie)</script>'),
      'text/plain',
    ],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>'),
      'image/svg+xml',
    ],
    [
      'an SVG with an XML prolog',
      () => Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    ],
    ['a shell script', () => Buffer.from('#!/bin/sh\nrm -rf /\n'), 'text/plain'],
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

describe('POST /v1/api/files/upload: documentation', () => {
  it('is in the OpenAPI document, answering 201 with the upload response', async () => {
    const doc = (await get('/v1/docs/json')).json();
    const op = doc.paths['/v1/api/files/upload'].post;
    expect(op.summary).toContain('multipart');
    expect(
      Object.keys(op.responses['201'].content['application/json'].schema.properties.data.properties),
    ).toEqual(['fileId', 'payload', 'file']);
    // Served files are documented too (issue 13, finding 15): any media type, whole or a range.
    expect(Object.keys(doc.paths['/files/{*}'].get.responses['200'].content)).toEqual(['*/*']);
  });
});
