// Recording and removing stored files. A blob is served only when a files row names it (as the file itself,
// its thumbnail or one of its renditions), so every upload goes through recordFile; removal takes the row and
// its blobs together.
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { parseVariantKey, type Storage, variantKeyOf } from '../../platform/storage';
import { THUMBNAILED_EXTENSIONS } from './sniff';

export type NewFile = {
  storageKey: string;
  /** The JPEG thumbnail or poster frame: storageKey with its extension swapped to .jpg. */
  thumbnailKey?: string | null;
  /** An image's upright size and the widths of its WebP renditions (thumbnails.ts). */
  width?: number | null;
  height?: number | null;
  variantWidths?: number[];
  mimeType: string;
  resourceType: 'image' | 'video' | 'raw';
  size: number;
  originalName?: string | null;
  createdById?: number | null;
};

export type FileRow = typeof files.$inferSelect;

export async function recordFile(db: Db, file: NewFile): Promise<number> {
  const row = await insertFile(db, file);
  return row.id;
}

export async function insertFile(db: Db, file: NewFile): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ ...file, originalName: file.originalName?.slice(0, 200) || null })
    .returning();
  if (!row) throw new Error('file row not inserted');
  return row;
}

/** Every blob a file row names: the file, its thumbnail and its renditions. */
export function storedKeys(
  row: Pick<FileRow, 'storageKey' | 'thumbnailKey'> & { variantWidths?: number[] },
): string[] {
  return [
    row.storageKey,
    ...(row.thumbnailKey ? [row.thumbnailKey] : []),
    ...(row.variantWidths ?? []).map((w) => variantKeyOf(row.storageKey, w)),
  ];
}

/**
 * Deletes the row and answers its storage keys (the file, its thumbnail and renditions); call
 * removeBlob(storage, keys) once the transaction committed.
 */
export async function deleteFileRow(db: Db, fileId: number): Promise<string[]> {
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning({
    storageKey: files.storageKey,
    thumbnailKey: files.thumbnailKey,
    variantWidths: files.variantWidths,
  });
  return row ? storedKeys(row) : [];
}

export async function findFileByKey(db: Db, storageKey: string) {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey));
  return row;
}

/**
 * The row a /files/{key} request is for, and the media type of the rendition asked for (null: the file
 * itself). `key` is the file's own, its thumbnail's (the same name with .jpg) or a rendition's
 * (`-w{width}.webp`). An original has the same stem with another extension, one of the few we store, so
 * the lookup stays on the unique index of storage_key (thumbnail_key has none).
 */
export async function findServedFile(
  db: Db,
  key: string,
): Promise<{ row: FileRow; rendition: 'image/jpeg' | 'image/webp' | null } | undefined> {
  const variant = parseVariantKey(key);
  const stem = variant?.stem ?? (key.endsWith('.jpg') ? key.slice(0, -4) : null);
  const originals = stem ? THUMBNAILED_EXTENSIONS.map((ext) => `${stem}.${ext}`) : [];
  const rows = await db
    .select()
    .from(files)
    .where(
      originals.length > 0
        ? or(eq(files.storageKey, key), inArray(files.storageKey, originals))
        : eq(files.storageKey, key),
    )
    .limit(THUMBNAILED_EXTENSIONS.length + 1);
  const own = rows.find((r) => r.storageKey === key);
  if (own) return { row: own, rendition: null };
  if (variant) {
    const parent = rows.find((r) => r.variantWidths.includes(variant.width));
    return parent ? { row: parent, rendition: 'image/webp' } : undefined;
  }
  const parent = rows.find((r) => r.thumbnailKey === key);
  return parent ? { row: parent, rendition: 'image/jpeg' } : undefined;
}

/** Removes blobs, never failing the request that asked: an orphan blob is harmless, a 500 is not. */
export async function removeBlob(storage: Storage, keys: string | string[] | undefined): Promise<void> {
  for (const key of [keys ?? []].flat()) await storage.remove(key).catch(() => undefined);
}
