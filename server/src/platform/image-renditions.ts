// Thumbnails and WebP renditions of images (sharp), and where they are stored beside the original: the
// thumbnail under the original's key with .jpg (product.md section 9), renditions with `-w{width}.webp`.
// Used by uploads (features/files/thumbnails.ts) and the demo seed.
import type { Sharp } from 'sharp';
import { type Storage, thumbnailKeyOf, variantKeyOf } from './storage';

export const THUMBNAIL_WIDTH = 640;
/** Rotated upright by EXIF, at most 640 px wide, metadata (GPS) dropped, transparency on white. */
export function toThumbnail(input: Sharp): Promise<Buffer> {
  return input
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** Rendition widths: a phone (1x and 2x), a tablet or a 2x phone, a desktop banner. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

export type ImageRenditions = {
  thumbnail: Buffer;
  /** Upright (EXIF rotation applied). */
  width: number;
  height: number;
  /** WebP renditions no wider than the image itself, narrowest first. */
  variants: { width: number; webp: Buffer }[];
};

/** Decodes `input` once and makes the thumbnail and the WebP renditions from it. */
export async function imageRenditions(input: Sharp): Promise<ImageRenditions> {
  const meta = await input.metadata();
  // Orientations 5 to 8 turn the picture a quarter: width and height trade places once upright.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  const upright = input.rotate();
  const widths = VARIANT_WIDTHS.filter((w) => w <= width);
  const [thumbnail, ...webps] = await Promise.all([
    toThumbnail(upright.clone()),
    ...widths.map((w) => upright.clone().resize({ width: w }).webp({ quality: 78 }).toBuffer()),
  ]);
  if (!thumbnail) throw new Error('no thumbnail');
  return {
    thumbnail,
    width,
    height,
    variants: widths.map((w, i) => ({ width: w, webp: webps[i] as Buffer })),
  };
}

/** What storeThumbnail stored beside an upload (the columns of its files row). */
export type StoredRenditions = {
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  variantWidths: number[];
};

/** Stores an image's thumbnail and renditions beside `key`; the keys written are in `written`. */
export async function putImageRenditions(
  storage: Storage,
  key: string,
  made: ImageRenditions,
  written: string[] = [],
): Promise<StoredRenditions> {
  // A .jpg original would be its own thumbnail: it keeps none.
  const thumbnailKey = thumbnailKeyOf(key) === key ? null : thumbnailKeyOf(key);
  if (thumbnailKey) {
    await storage.putAt(thumbnailKey, made.thumbnail, 'image/jpeg');
    written.push(thumbnailKey);
  }
  for (const v of made.variants) {
    const variantKey = variantKeyOf(key, v.width);
    await storage.putAt(variantKey, v.webp, 'image/webp');
    written.push(variantKey);
  }
  return {
    thumbnailKey,
    width: made.width,
    height: made.height,
    variantWidths: made.variants.map((v) => v.width),
  };
}
