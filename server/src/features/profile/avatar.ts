// Profile images: the type is decided from the bytes (magic numbers, then sharp's own reading), never from
// the file name; the stored image is always an 800x800 JPEG, auto-rotated, with its metadata (GPS) dropped.
import { LIMITS, MSG } from '@hearth/contract';
import sharp, { type Metadata } from 'sharp';
import { badRequest, tooLarge } from '../../platform/errors';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);
// A small file can still decode to a huge bitmap (a "decompression bomb"); 64 megapixels covers any camera.
const MAX_PIXELS = 64_000_000;

/** Reads the `base64` field; a `data:image/...;base64,` prefix from a browser FileReader is allowed. */
export function decodeBase64Image(base64: string): Buffer {
  const comma = base64.startsWith('data:') ? base64.indexOf(',') : -1;
  const body = comma >= 0 ? base64.slice(comma + 1) : base64;
  // The body limit of the route bounds this decode; the 2MB rule applies to the decoded bytes.
  const buf = Buffer.from(body, 'base64');
  if (buf.length > LIMITS.profileImageMaxBytes) throw tooLarge(MSG.profileImageTooBig);
  return buf;
}

/** Only the four web image formats get as far as the decoder; SVG and anything else never do. */
function looksLikeImage(b: Buffer): boolean {
  const ascii = (start: number, end: number) => b.subarray(start, end).toString('latin1');
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    ascii(0, 6) === 'GIF87a' ||
    ascii(0, 6) === 'GIF89a' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
  );
}

export async function toProfileJpeg(input: Buffer): Promise<Buffer> {
  if (!looksLikeImage(input)) throw badRequest(MSG.imageTypeOnly);
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw badRequest(MSG.imageTypeOnly);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw badRequest(MSG.imageTypeOnly);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw tooLarge(MSG.profileImageTooBig);
  const size = LIMITS.profileImageSize;
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    // A header that parses over a body that does not (a truncated file) is still not an image.
    throw badRequest(MSG.imageTypeOnly);
  }
}
