// Recording and removing stored files. A blob is served only when a files row names it (as the file itself
// or as its thumbnail), so every upload goes through recordFile; removal takes the row and its blobs together.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import type { Storage } from '../../platform/storage';
import { THUMBNAILED_EXTENSIONS } from './sniff';

export type NewFile = {
  storageKey: string;
  /** The JPEG thumbnail or poster frame: storageKey with its extension swapped to .jpg. */
  thumbnailKey?: string | null;
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

/**
 * Deletes the row and answers its storage keys (the file and its thumbnail); call removeBlob(storage, keys)
 * once the transaction committed.
 */
export async function deleteFileRow(db: Db, fileId: number): Promise<string[]> {
  const [row] = await db
    .delete(files)
    .where(eq(files.id, fileId))
    .returning({ key: files.storageKey, thumbnailKey: files.thumbnailKey });
  return row ? [row.key, ...(row.thumbnailKey ? [row.thumbnailKey] : [])] : [];
}

export async function findFileByKey(db: Db, storageKey: string) {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey));
  return row;
}

/**
 * The row a /files/{key} request is for: the file stored under `key`, or the file whose thumbnail `key`
 * is. A thumbnail's original has the same name with another extension, one of the few we store, so the
 * lookup stays on the unique index of storage_key (thumbnail_key has none).
 */
export async function findServedFile(
  db: Db,
  key: string,
): Promise<{ row: FileRow; thumbnail: boolean } | undefined> {
  const stem = key.endsWith('.jpg') ? key.slice(0, -4) : null;
  const originals = stem ? THUMBNAILED_EXTENSIONS.map((ext) => `${stem}.${ext}`) : [];
  const rows = await db
    .select()
    .from(files)
    .where(
      originals.length > 0
        ? or(
            eq(files.storageKey, key),
            and(inArray(files.storageKey, originals), eq(files.thumbnailKey, key)),
          )
        : eq(files.storageKey, key),
    )
    .limit(2);
  const own = rows.find((r) => r.storageKey === key);
  if (own) return { row: own, thumbnail: false };
  const parent = rows.find((r) => r.thumbnailKey === key);
  return parent ? { row: parent, thumbnail: true } : undefined;
}

/** Removes blobs, never failing the request that asked: an orphan blob is harmless, a 500 is not. */
export async function removeBlob(storage: Storage, keys: string | string[] | undefined): Promise<void> {
  for (const key of [keys ?? []].flat()) await storage.remove(key).catch(() => undefined);
}
