// `npm run backup`: which way the backup is taken. PostgreSQL: pg_dump, whether servers run or not.
// PGlite: the process that holds DATA_DIR is the only one that may open its database, so when a live
// server holds it, the server writes the backup (backup-request.ts); otherwise this process takes the
// DATA_DIR lock, so no server starts meanwhile, and writes it itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions';
import { lockDataDir } from '../platform/data-dir-lock';
import { checkBackupFolder } from './backup-folder';
import { type Manifest, readManifest } from './backup-manifest';
import { requestOnlineBackup, serverHolding } from './backup-request';
import type { PgTools } from './pg-tools';
import { writePgliteBackup } from './pglite-backup';
import { writePostgresBackup } from './postgres-backup';

export type BackupOptions = {
  config: Config;
  /** Absolute path of a new or empty folder. */
  folder: string;
  tools: PgTools;
  /** How long to wait for a running server to write the backup. */
  timeoutMs: number;
};

/** `by`: who wrote it, for the command's output. */
export type BackupDone = { manifest: Manifest; by: string };

export async function runBackup(opts: BackupOptions): Promise<BackupDone> {
  const { config, folder, tools, timeoutMs } = opts;
  // Before asking a server: its answer would say the same, later.
  await checkBackupFolder(folder);
  if (config.databaseUrl)
    return {
      manifest: await writePostgresBackup({ ...config, databaseUrl: config.databaseUrl }, folder, tools),
      by: 'pg_dump',
    };
  const byServer = async (pid: number): Promise<BackupDone> => {
    await requestOnlineBackup({ dataDir: config.dataDir, pid, folder, timeoutMs });
    return { manifest: await readManifest(folder), by: `the running server (pid ${pid})` };
  };
  const pid = serverHolding(config.dataDir);
  if (pid) return byServer(pid);
  if (!existsSync(join(config.dataDir, 'db', 'PG_VERSION')))
    throw new Error(`There is no database in DATA_DIR ${config.dataDir}: nothing to back up.`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (e) {
    // A server started since we looked: it writes the backup.
    const started = serverHolding(config.dataDir);
    if (started) return byServer(started);
    throw e;
  }
  try {
    const pglite = new PGlite(join(config.dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
    try {
      await pglite.waitReady;
      return {
        manifest: await writePgliteBackup(pglite, config, folder),
        by: 'this command (no server was running)',
      };
    } finally {
      await pglite.close();
    }
  } finally {
    unlock();
  }
}
