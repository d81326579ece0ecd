// The parts of a backup that are the same for PGlite and PostgreSQL: the folder itself, the copy of the
// local files, the generated secrets, the database file's checksum, and the manifest written last.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import {
  BACKUP_FORMAT,
  backupNotes,
  FILES_DIR,
  FILES_LIST,
  type Manifest,
  writeManifest,
} from './backup-manifest';
import { backUpSecrets } from './backup-secrets';
import { copyBlobs } from './blob-copy';

export type BackupConfig = Pick<Config, 'dataDir' | 'jwtSecret' | 'vapid' | 's3'>;

/** Refuses a backup folder that already holds anything. */
export async function checkBackupFolder(folder: string): Promise<void> {
  const existing = await readdir(folder).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  if (existing.length > 0)
    throw new Error(
      `${folder} is not empty: a backup goes into a new or empty folder, so none is overwritten.`,
    );
}

/** Creates the backup folder (mode 0700: it may hold secrets); refuses one that already holds anything. */
export async function createBackupFolder(folder: string): Promise<void> {
  await checkBackupFolder(folder);
  await mkdir(folder, { recursive: true, mode: 0o700 });
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The database file's entry of the manifest: its name, size and checksum. */
export async function describeDatabaseFile(folder: string, file: string): Promise<Manifest['database']> {
  const path = join(folder, file);
  return { file, bytes: (await stat(path)).size, sha256: await sha256Of(path) };
}

/** Local storage: copies DATA_DIR/files; S3: names the bucket, whose own versioning keeps the files. */
async function backUpFiles(config: BackupConfig, folder: string): Promise<Manifest['files']> {
  if (config.s3) return { storage: 's3', bucket: config.s3.bucket };
  const copy = await copyBlobs(join(config.dataDir, FILES_DIR), join(folder, FILES_DIR));
  await writeFile(join(folder, FILES_LIST), copy.listing);
  return { storage: 'local', count: copy.count, bytes: copy.bytes };
}

/**
 * After the database is saved: the files (copied after the database, so every blob the saved rows name is
 * there: blobs are removed only after their rows, by a job), the secrets, then the manifest.
 */
export async function finishBackup(
  config: BackupConfig,
  folder: string,
  database: Pick<Manifest, 'kind' | 'database' | 'tables' | 'lastMigration'> & { createdAt: Date },
): Promise<Manifest> {
  const files = await backUpFiles(config, folder);
  const secrets = await backUpSecrets(config, folder);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app: 'hearth',
    kind: database.kind,
    createdAt: database.createdAt.toISOString(),
    lastMigration: database.lastMigration,
    database: database.database,
    tables: database.tables,
    files,
    secrets,
    notes: backupNotes({ files, secrets }),
  };
  await writeManifest(folder, manifest);
  return manifest;
}
