// Recording and removing stored files. A blob is served only when a files row names it, so every upload
// goes through recordFile; removal takes the row and the blob together.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import type { Storage } from '../../platform/storage';

export type NewFile = {
  storageKey: string;
  mimeType: string;
  resourceType: 'image' | 'video' | 'raw';
  size: number;
  originalName?: string | null;
  createdById?: number | null;
};

export async function recordFile(db: Db, file: NewFile): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({ ...file, originalName: file.originalName?.slice(0, 200) ?? null })
    .returning({ id: files.id });
  if (!row) throw new Error('file row not inserted');
  return row.id;
}

/** Deletes the row and answers its storage key; call storage.remove(key) once the transaction committed. */
export async function deleteFileRow(db: Db, fileId: number): Promise<string | undefined> {
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning({ key: files.storageKey });
  return row?.key;
}

export async function findFileByKey(db: Db, storageKey: string) {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey));
  return row;
}

/** Removes a blob, never failing the request that asked: an orphan blob is harmless, a 500 is not. */
export async function removeBlob(storage: Storage, key: string | undefined): Promise<void> {
  if (key) await storage.remove(key).catch(() => undefined);
}
