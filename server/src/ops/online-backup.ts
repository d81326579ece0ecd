// The running server's part of `npm run backup` on the embedded database (backup-request.ts says how the
// command asks): on SIGUSR2 it writes the backup into the folder the request names and then the result.
// On PostgreSQL there is nothing to install: pg_dump reads the database while the servers run.
import { isAbsolute } from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { totalRows } from './backup-manifest';
import { announceListener, BACKUP_SIGNAL, readRequest, writeResult } from './backup-request';
import { writePgliteBackup } from './pglite-backup';

type Log = {
  info(obj: object, msg: string): void;
  warn(msg: string): void;
  error(obj: object, msg: string): void;
};

/** Installs the backup signal's handler; answers a function that removes it (main.ts need not call it). */
export function installBackupSignal(deps: { database: Database; config: Config; log: Log }): () => void {
  const { database, config, log } = deps;
  const pglite = database.pglite;
  if (!pglite) return () => undefined;
  let running = false;
  const onSignal = async () => {
    const request = readRequest(config.dataDir);
    if (!request) return log.warn(`${BACKUP_SIGNAL} without a backup request in DATA_DIR: ignored`);
    if (!isAbsolute(request.folder)) return log.warn('a backup request without an absolute folder: ignored');
    // The command refuses to ask while a request is pending, so a second signal meanwhile is a stray one.
    if (running) return log.warn(`${BACKUP_SIGNAL} while a backup is being written: ignored`);
    running = true;
    const started = Date.now();
    try {
      const manifest = await writePgliteBackup(pglite, config, request.folder);
      log.info(
        {
          folder: request.folder,
          rows: totalRows(manifest.tables),
          files: manifest.files.storage === 'local' ? manifest.files.count : undefined,
          ms: Date.now() - started,
        },
        'backup written',
      );
      await writeResult(config.dataDir, { id: request.id, ok: true });
    } catch (err) {
      log.error({ err, folder: request.folder }, 'backup failed');
      const error = err instanceof Error ? err.message : String(err);
      await writeResult(config.dataDir, { id: request.id, ok: false, error }).catch(() => undefined);
    } finally {
      running = false;
    }
  };
  const handler = () => void onSignal();
  process.on(BACKUP_SIGNAL, handler);
  const withdraw = announceListener(config.dataDir);
  process.on('exit', withdraw);
  return () => {
    process.off(BACKUP_SIGNAL, handler);
    process.off('exit', withdraw);
    withdraw();
  };
}
