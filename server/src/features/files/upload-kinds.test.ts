// POST /v1/api/files/upload through the real app: real files of each kind, sniffed from their bytes, stored
// with thumbnails and poster frames served at the .jpg URL and WebP renditions; and the upload's document.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import { fileParts, upload as send, uploadOk as stored, type Uploaded } from '../../../test/uploads';
import { useTestApp } from '../../../test/use-test-app';
import { files } from '../../db/schema';
import { jpegImage, type Part, pdfDocument, pngImage } from './test-kit';
import { ffmpegAvailable } from './thumbnails';

const t = useTestApp();
let staff: Record<string, string>;
let staffId: number;
let editor: Record<string, string>;
let hasFfmpeg = false;
const fixture = (name: string) => readFileSync(join(__dirname, '../../../test/fixtures', name));

beforeAll(async () => {
  const staffSession = await userWithSession(t.app, t.db, { roleId: ROLE.STAFF });
  staff = staffSession.headers;
  staffId = staffSession.user.id;
  editor = (await userWithSession(t.app, t.db, { roleId: ROLE.EDITOR })).headers;
  hasFfmpeg = await ffmpegAvailable();
  // CI installs ffmpeg (.ci/run): there, a missing binary is a broken machine, not a degraded server.
  if (process.env.CI && !hasFfmpeg) throw new Error('ffmpeg is missing on a CI machine');
});

const upload = (headers: Record<string, string>, parts: Part[]) => send(t.app, headers, parts);
const uploadOk = (filename: string, data: Buffer, contentType?: string) =>
  stored(t.app, staff, fileParts(filename, data, contentType));

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Serves `url` as an inline image of this format, without EXIF; answers its metadata. */
async function servedImage(url: string, format: 'jpeg' | 'webp', width: number) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(`image/${format}`);
  expect(res.headers['content-disposition']).toBe('inline');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe(format);
  expect(meta.width).toBe(width);
  expect(meta.exif).toBeUndefined();
  return meta;
}

async function expectThumbnail(uploaded: Uploaded, width: number, height?: number) {
  const { sourceUrl, thumbnailUrl } = uploaded.file;
  expect(thumbnailUrl).toBe(sourceUrl.replace(/\.[a-z0-9]+$/, '.jpg'));
  const meta = await servedImage(thumbnailUrl as string, 'jpeg', width);
  if (height) expect(meta.height).toBe(height);
  return meta;
}

/** The WebP renditions: the widths asked for, each served as image/webp at its width and upright. */
async function expectVariants(uploaded: Uploaded, size: { width: number; height: number }, widths: number[]) {
  expect(uploaded.file).toMatchObject(size);
  const stem = uploaded.file.sourceUrl.replace(/\.[a-z0-9]+$/, '');
  expect(uploaded.file.variants).toEqual(widths.map((w) => ({ url: `${stem}-w${w}.webp`, width: w })));
  for (const { url, width } of uploaded.file.variants) {
    const meta = await servedImage(url, 'webp', width);
    expect(meta.height).toBe(Math.round((width * size.height) / size.width));
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
