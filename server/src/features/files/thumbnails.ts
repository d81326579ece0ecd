// JPEG thumbnails of images (sharp) and poster frames of videos (ffmpeg), stored beside the original under
// its key with the extension swapped to .jpg (SPEC section 9). ffmpeg is optional: without it a video simply
// has no poster (thumbnailKey null) and the cards show a placeholder.
import { spawn } from 'node:child_process';
import sharp, { type Sharp } from 'sharp';
import type { Storage } from '../../platform/storage';
import { thumbnailKeyOf } from '../../platform/storage';
import type { Sniffed } from './sniff';

export const THUMBNAIL_WIDTH = 640;
const FFMPEG_TIMEOUT_MS = 60_000;
const MAX_FRAME_BYTES = 32 * 1024 * 1024;

/** Rotated upright by EXIF, at most 640 px wide, metadata (GPS) dropped, transparency on white. */
function toThumbnail(input: Sharp): Promise<Buffer> {
  return input
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

export class NotAnImageError extends Error {}
export class TooManyPixelsError extends Error {}

/** A small file can decode to a huge bitmap (a "decompression bomb"); 64 megapixels covers any camera. */
export const MAX_IMAGE_PIXELS = 64_000_000;

/** The thumbnail of a stored image; NotAnImageError when its bytes do not decode (a forged header). */
export async function imageThumbnail(storage: Storage, key: string): Promise<Buffer> {
  const opened = await storage.open(key);
  if (!opened) throw new NotAnImageError('blob missing');
  // sharp reads the stream as it comes; only the decoded bitmap (bounded by limitInputPixels) is in memory.
  const pipeline = sharp({ failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  opened.stream.pipe(pipeline);
  opened.stream.once('error', (err) => pipeline.destroy(err));
  try {
    return await toThumbnail(pipeline);
  } catch (err) {
    opened.stream.destroy();
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw new TooManyPixelsError(message);
    throw new NotAnImageError(message);
  }
}

let ffmpegChecked: Promise<boolean> | undefined;

/** Whether an ffmpeg binary answers on PATH (asked once per process). */
export function ffmpegAvailable(): Promise<boolean> {
  ffmpegChecked ??= new Promise((resolve) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  return ffmpegChecked;
}

/** One frame as PNG on stdout, or null when ffmpeg found none (audio without cover art, a broken file). */
function grabFrame(path: string, demuxer: string, seekSeconds: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      // Only the file itself: a crafted container must not make ffmpeg open URLs or other files.
      '-protocol_whitelist',
      'file',
      '-f',
      demuxer,
      ...(seekSeconds > 0 ? ['-ss', String(seekSeconds)] : []),
      '-i',
      path,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ];
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let bytes = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_FRAME_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.once('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && bytes > 0 && bytes <= MAX_FRAME_BYTES ? Buffer.concat(chunks) : null);
    });
  });
}

/** The poster frame of a stored video (a second in, or the first frame of a shorter clip), or null. */
export async function videoPoster(storage: Storage, key: string, sniffed: Sniffed): Promise<Buffer | null> {
  if (!sniffed.demuxer || !(await ffmpegAvailable())) return null;
  const demuxer = sniffed.demuxer;
  const frame = await storage.withLocalFile(
    key,
    async (path) => (await grabFrame(path, demuxer, 1)) ?? (await grabFrame(path, demuxer, 0)),
  );
  if (!frame) return null;
  try {
    return await toThumbnail(sharp(frame));
  } catch {
    return null;
  }
}

/**
 * Makes and stores the thumbnail (image) or poster (video, audio with cover art) of a stored upload.
 * Answers its key, or null when there is none. Images that do not decode throw NotAnImageError, images
 * over MAX_IMAGE_PIXELS TooManyPixelsError.
 */
export async function storeThumbnail(
  storage: Storage,
  key: string,
  sniffed: Sniffed,
): Promise<string | null> {
  let jpeg: Buffer | null = null;
  if (sniffed.kind === 'image') jpeg = await imageThumbnail(storage, key);
  else if (sniffed.kind === 'video' || sniffed.kind === 'audio')
    jpeg = await videoPoster(storage, key, sniffed);
  if (!jpeg) return null;
  const thumbKey = thumbnailKeyOf(key);
  if (thumbKey === key) return null;
  await storage.putAt(thumbKey, jpeg, 'image/jpeg');
  return thumbKey;
}
