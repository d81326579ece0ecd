// JPEG thumbnails of images (sharp) and poster frames of videos (ffmpeg), stored beside the original under
// its key with the extension swapped to .jpg (product.md section 9). ffmpeg is optional: without it a video
// simply has no poster (thumbnailKey null) and the cards show a placeholder.
// Images also get WebP renditions in a few widths (issue 14), so a phone downloads a picture the size of
// its screen (`srcset`), and their upright size, so pages reserve the picture's box before it loads.
import { spawn } from 'node:child_process';
import sharp from 'sharp';
import {
  type ImageRenditions,
  imageRenditions,
  putImageRenditions,
  type StoredRenditions,
  toThumbnail,
} from '../../platform/image-renditions';
import { type Storage, thumbnailKeyOf } from '../../platform/storage';
import type { Sniffed } from './sniff';

export type { StoredRenditions } from '../../platform/image-renditions';

const FFMPEG_TIMEOUT_MS = 60_000;
const MAX_FRAME_BYTES = 32 * 1024 * 1024;

export class NotAnImageError extends Error {}
export class TooManyPixelsError extends Error {}

/** A small file can decode to a huge bitmap (a "decompression bomb"); 64 megapixels covers any camera. */
export const MAX_IMAGE_PIXELS = 64_000_000;

/** The renditions of a stored image; NotAnImageError when its bytes do not decode (a forged header). */
export async function storedImageRenditions(storage: Storage, key: string): Promise<ImageRenditions> {
  const opened = await storage.open(key);
  if (!opened) throw new NotAnImageError('blob missing');
  // sharp reads the stream as it comes; only the decoded bitmap (bounded by limitInputPixels) is in memory.
  const pipeline = sharp({ failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  opened.stream.pipe(pipeline);
  opened.stream.once('error', (err) => pipeline.destroy(err));
  try {
    return await imageRenditions(pipeline);
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
 * Makes and stores the thumbnail and renditions (image) or poster (video, audio with cover art) of a
 * stored upload. Images that do not decode throw NotAnImageError, images over MAX_IMAGE_PIXELS
 * TooManyPixelsError; on any failure nothing it wrote stays stored.
 */
export async function storeThumbnail(
  storage: Storage,
  key: string,
  sniffed: Sniffed,
): Promise<StoredRenditions> {
  const none: StoredRenditions = { thumbnailKey: null, width: null, height: null, variantWidths: [] };
  if (sniffed.kind === 'image') {
    const made = await storedImageRenditions(storage, key);
    const written: string[] = [];
    try {
      return await putImageRenditions(storage, key, made, written);
    } catch (err) {
      for (const k of written) await storage.remove(k).catch(() => undefined);
      throw err;
    }
  }
  if (sniffed.kind !== 'video' && sniffed.kind !== 'audio') return none;
  const poster = await videoPoster(storage, key, sniffed);
  const thumbnailKey = thumbnailKeyOf(key);
  if (!poster || thumbnailKey === key) return none;
  await storage.putAt(thumbnailKey, poster, 'image/jpeg');
  return { ...none, thumbnailKey };
}
