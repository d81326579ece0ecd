// The embedded database's part of a backup and of a restore. Saving is PGlite's dumpDataDir (a tarball of
// its data folder) taken inside a transaction: PGlite runs one transaction at a time and `transaction`
// holds that lock, so no transaction of the server (a request, the job queue) is half-way through while the
// folder is read, and the row counts are read from the same state. The server is paused for as long as
// the folder takes to read (the database's size at disk speed); compressing it happens after.
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions';
import { type BackupConfig, createBackupFolder, describeDatabaseFile, finishBackup } from './backup-folder';
import { type Manifest, PGLITE_DUMP_FILE } from './backup-manifest';
import { lastMigration } from './migration-tag';
import { countRows, type RunQuery } from './table-counts';

const gunzipAsync = promisify(gunzip);

/** The rows of a statement run through `run` (PGlite itself or one of its transactions). */
const rowsOf =
  (run: { query<T>(text: string): Promise<{ rows: T[] }> }): RunQuery =>
  async (text) =>
    (await run.query<Record<string, unknown>>(text)).rows;

/** Writes a whole backup of this PGlite database, its files and secrets into `folder` (new or empty). */
export async function writePgliteBackup(
  pglite: PGlite,
  config: BackupConfig,
  folder: string,
): Promise<Manifest> {
  await createBackupFolder(folder);
  // Data files brought up to date first, so the copy opens without replaying much of the write-ahead log.
  await pglite.exec('CHECKPOINT');
  const snapshot = await pglite.transaction(async (tx) => {
    const query = rowsOf(tx);
    return {
      createdAt: new Date(),
      tables: await countRows(query),
      lastMigration: await lastMigration(query),
      // Not compressed under the lock: gzip runs below, with the server going again.
      tar: await pglite.dumpDataDir('none'),
    };
  });
  await pipeline(
    Readable.fromWeb(snapshot.tar.stream() as WebReadableStream),
    createGzip(),
    createWriteStream(join(folder, PGLITE_DUMP_FILE), { mode: 0o600 }),
  );
  return finishBackup(config, folder, {
    kind: 'pglite',
    createdAt: snapshot.createdAt,
    tables: snapshot.tables,
    lastMigration: snapshot.lastMigration,
    database: await describeDatabaseFile(folder, PGLITE_DUMP_FILE),
  });
}

/** Creates DATA_DIR/db from the backup's tarball; answers the restored database's counts and migration. */
export async function restorePgliteDatabase(
  folder: string,
  dataDir: string,
): Promise<{ tables: Record<string, number>; lastMigration: string | null }> {
  const tar = await gunzipAsync(await readFile(join(folder, PGLITE_DUMP_FILE)));
  await mkdir(dataDir, { recursive: true });
  // PGlite unpacks the tarball into the empty folder and starts on it, recovering as after a crash: what
  // was committed when the backup was taken is there, nothing else.
  const pglite = new PGlite(join(dataDir, 'db'), {
    loadDataDir: new Blob([tar]),
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    await pglite.waitReady;
    const query = rowsOf(pglite);
    return { tables: await countRows(query), lastMigration: await lastMigration(query) };
  } finally {
    await pglite.close();
  }
}
