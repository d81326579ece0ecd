// Shapes a files row as posts and uploads show it (contract fileInfo): URLs, never storage internals.
import type { FileInfo } from '@hearth/contract';
import type { FileRow } from './service';

export const fileSourceUrl = (storageKey: string): string => `/files/${storageKey}`;

export function presentFile(row: FileRow): FileInfo {
  return {
    id: row.id,
    sourceUrl: fileSourceUrl(row.storageKey),
    thumbnailUrl: row.thumbnailKey ? fileSourceUrl(row.thumbnailKey) : null,
    resourceType: row.resourceType as FileInfo['resourceType'],
    mimeType: row.mimeType,
    originalName: row.originalName,
    size: row.size,
  };
}
