// Which files of a post are banner media and which are attachments (SPEC section 3), and the picture a
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

/**
 * The picture for a card: the first image (its thumbnail when there is one, or the full image when
 * `large`) or a video's poster frame.
 */
export function postThumbnail(files: readonly FileInfo[], large = false): string | null {
  for (const file of files) {
    if (!isBannerMedia(file) || isAudio(file)) continue;
    if (file.resourceType === 'image') return large ? file.sourceUrl : (file.thumbnailUrl ?? file.sourceUrl);
    if (file.thumbnailUrl) return file.thumbnailUrl;
  }
  return null;
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
