// How `npm run backup` asks the running server for a backup of its embedded database. PGlite allows one
// process on its data folder, and the server holds it, so the server itself must write the backup. A
// signal carries no data: the command writes DATA_DIR/backup-request.json (the folder to write into), sends
// SIGUSR2, and waits for DATA_DIR/backup-result.json with the same id. The server says it takes these
// requests in DATA_DIR/backup-listener.json (its pid and start time): a server without it would be killed
// by SIGUSR2 (Node's default), so the command sends the signal only to a server that wrote that file.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { holderAlive, parseLock, processStartTime } from '../platform/data-dir-lock';

export const REQUEST_FILE = 'backup-request.json';
export const RESULT_FILE = 'backup-result.json';
export const LISTENER_FILE = 'backup-listener.json';
export const BACKUP_SIGNAL = 'SIGUSR2';

export type BackupRequest = { id: string; folder: string; requestedAt: string };
export type BackupResult = { id: string; ok: boolean; error?: string };
type Listener = { pid: number; startTime?: string };

const readJson = <T>(path: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** The pid of the live server that holds DATA_DIR (its server.lock), if one does. */
export function serverHolding(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(join(dataDir, 'server.lock'), 'utf8');
  } catch {
    return undefined;
  }
  const holder = parseLock(text);
  return holder && holderAlive(holder) ? holder.pid : undefined;
}

// --- the server's side -------------------------------------------------------------------------------

/** Says that this process takes backup requests; answers a function that takes it back. */
export function announceListener(dataDir: string): () => void {
  const file = join(dataDir, LISTENER_FILE);
  const me: Listener = { pid: process.pid, startTime: processStartTime(process.pid) };
  writeFileSync(file, JSON.stringify(me));
  return () => {
    if (readJson<Listener>(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}

export const readRequest = (dataDir: string): BackupRequest | undefined =>
  readJson<BackupRequest>(join(dataDir, REQUEST_FILE));

export async function writeResult(dataDir: string, result: BackupResult): Promise<void> {
  const file = join(dataDir, RESULT_FILE);
  await writeFile(`${file}.partial`, JSON.stringify(result));
  await rename(`${file}.partial`, file);
}

// --- the command's side ------------------------------------------------------------------------------

/** Whether the server `pid` wrote the listener file itself (and not an earlier process with its pid). */
function listens(dataDir: string, pid: number): boolean {
  const listener = readJson<Listener>(join(dataDir, LISTENER_FILE));
  if (listener?.pid !== pid) return false;
  return !listener.startTime || listener.startTime === processStartTime(pid);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the server `pid` to back up into `folder` (absolute) and waits for it, at most `timeoutMs`. */
export async function requestOnlineBackup(opts: {
  dataDir: string;
  pid: number;
  folder: string;
  timeoutMs: number;
}): Promise<void> {
  const { dataDir, pid, folder, timeoutMs } = opts;
  if (!listens(dataDir, pid))
    throw new Error(
      `The server running on DATA_DIR ${dataDir} (pid ${pid}) does not take backup requests: it is a version without online backups. Stop it and run the backup again, or update it.`,
    );
  const requestFile = join(dataDir, REQUEST_FILE);
  const resultFile = join(dataDir, RESULT_FILE);
  const pending = readJson<BackupRequest>(requestFile);
  if (pending && Date.now() - Date.parse(pending.requestedAt) < timeoutMs)
    throw new Error(
      `Another backup of DATA_DIR ${dataDir} is under way (asked for at ${pending.requestedAt}, into ${pending.folder}). Wait for it to finish; if no backup command is running, delete ${requestFile}.`,
    );
  const request: BackupRequest = { id: randomUUID(), folder, requestedAt: new Date().toISOString() };
  rmSync(resultFile, { force: true });
  writeFileSync(requestFile, JSON.stringify(request));
  try {
    try {
      process.kill(pid, BACKUP_SIGNAL);
    } catch (e) {
      throw new Error(
        (e as NodeJS.ErrnoException).code === 'EPERM'
          ? `The server (pid ${pid}) runs as another user: run the backup as that user.`
          : `The server (pid ${pid}) stopped before it could be asked for the backup.`,
      );
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = readJson<BackupResult>(resultFile);
      if (result?.id === request.id) {
        if (!result.ok) throw new Error(`The server could not write the backup: ${result.error}`);
        return;
      }
      if (serverHolding(dataDir) !== pid)
        throw new Error(`The server (pid ${pid}) stopped before it finished the backup.`);
      if (Date.now() > deadline)
        throw new Error(
          `The server did not finish the backup within ${Math.round(timeoutMs / 1000)} s; its log says why. ${folder} may hold an unfinished backup (it has no manifest.json): delete it.`,
        );
      await sleep(200);
    }
  } finally {
    rmSync(requestFile, { force: true });
    rmSync(resultFile, { force: true });
  }
}
