// Which files of a post are banner media and which are attachments (product.md section 3), and the picture a
// card shows. Pure functions, so the rules are unit-tested.
import type { FileInfo } from '@hearth/contract';

export function isPdf(file: Pick<FileInfo, 'mimeType'>): boolean {
  return file.mimeType === 'application/pdf';
}

export function isAudio(file: Pick<FileInfo, 'mimeType'>): boolean {
  return file.mimeType.startsWith('audio/');
}

/** Banner media: images and videos (audio included, stored as resourceType video) that are not PDF. */
export function isBannerMedia(file: FileInfo): boolean {
  return (file.resourceType === 'image' || file.resourceType === 'video') && !isPdf(file);
}

export function splitPostFiles(files: readonly FileInfo[]): { media: FileInfo[]; attachments: FileInfo[] } {
  const media: FileInfo[] = [];
  const attachments: FileInfo[] = [];
  for (const file of files) (isBannerMedia(file) ? media : attachments).push(file);
  return { media, attachments };
}

/** An `<img>`'s sources: the plain URL, and the sizes a browser may choose from when there are some. */
export type Picture = { src: string; srcSet?: string; width?: number; height?: number };

/**
 * `srcset` of an image: its WebP renditions, and the original when it is narrower than the widest
 * rendition would have been (a large screen still gets every pixel). Undefined for files without
 * renditions (videos, uploads from before them).
 */
export function imageSrcSet(file: Pick<FileInfo, 'sourceUrl' | 'width' | 'variants'>): string | undefined {
  if (file.variants.length === 0) return undefined;
  const candidates = file.variants.map((v) => `${v.url} ${v.width}w`);
  const widest = Math.max(...file.variants.map((v) => v.width));
  if (file.width && file.width > widest && widest < MAX_RENDITION_WIDTH) {
    candidates.push(`${file.sourceUrl} ${file.width}w`);
  }
  return candidates.join(', ');
}

/** A post's banner and the featured carousel: the content column, at most about 1000 px wide. */
export const BANNER_SIZES = '(max-width: 1000px) 100vw, 1000px';

/** The widest rendition the server makes (platform/image-renditions.ts). */
const MAX_RENDITION_WIDTH = 1600;

/**
 * The picture for a card: the first image (its thumbnail when there is one, or the full image when
 * `large`, either way with its renditions to choose from) or a video's poster frame.
 */
export function postPicture(files: readonly FileInfo[], large = false): Picture | null {
  for (const file of files) {
    if (!isBannerMedia(file) || isAudio(file)) continue;
    if (file.resourceType === 'image') {
      const src = large ? file.sourceUrl : (file.thumbnailUrl ?? file.sourceUrl);
      return {
        src,
        srcSet: imageSrcSet(file),
        width: file.width ?? undefined,
        height: file.height ?? undefined,
      };
    }
    if (file.thumbnailUrl) return { src: file.thumbnailUrl };
  }
  return null;
}

export function postThumbnail(files: readonly FileInfo[], large = false): string | null {
  return postPicture(files, large)?.src ?? null;
}

const UNITS = ['B', 'KB', 'MB', 'GB'];

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export function fileLabel(file: Pick<FileInfo, 'originalName' | 'sourceUrl'>): string {
  if (file.originalName) return file.originalName;
  const tail = file.sourceUrl.split(/[?#]/, 1)[0]?.split('/').pop();
  return tail || 'File';
}
