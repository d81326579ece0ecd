// Shapes a files row as posts and uploads show it (contract fileInfo): URLs, never storage internals.
import type { FileInfo } from '@hearth/contract';
import { variantKeyOf } from '../../platform/storage';
import type { FileRow } from './service';

export const fileSourceUrl = (storageKey: string): string => `/files/${storageKey}`;

/** A picture's URL when there is one (an avatar, a community image), else null. */
export const fileUrl = (storageKey: string | null | undefined) =>
  storageKey ? fileSourceUrl(storageKey) : null;

const RESOURCE_TYPES: readonly string[] = ['image', 'video', 'raw'];

type PresentedColumns =
  | 'id'
  | 'storageKey'
  | 'thumbnailKey'
  | 'width'
  | 'height'
  | 'variantWidths'
  | 'resourceType'
  | 'mimeType'
  | 'originalName'
  | 'size';

export function presentFile(row: Pick<FileRow, PresentedColumns>): FileInfo {
  return {
    id: row.id,
    sourceUrl: fileSourceUrl(row.storageKey),
    thumbnailUrl: row.thumbnailKey ? fileSourceUrl(row.thumbnailKey) : null,
    width: row.width,
    height: row.height,
    variants: row.variantWidths.map((width) => ({
      url: fileSourceUrl(variantKeyOf(row.storageKey, width)),
      width,
    })),
    resourceType: RESOURCE_TYPES.includes(row.resourceType)
      ? (row.resourceType as FileInfo['resourceType'])
      : 'raw',
    mimeType: row.mimeType,
    originalName: row.originalName,
    size: row.size,
  };
}
