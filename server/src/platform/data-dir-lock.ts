// PGlite does not lock its data directory; two servers on one DATA_DIR would corrupt it. We take a lock
// file naming ourselves, and refuse to start while the process it names is alive.
//
// A pid alone is not enough: after a crash in a container the restarted server often gets the same small
// pid, or another process does, and a bare pid check then refused to start for good. So the lock also
// records the kernel's boot id and the holder's start time (both from /proc): the holder counts as alive
// only on the same boot, with the pid alive and started at the recorded time. Without /proc (macOS) the
// pid check is all there is. Lock files of older versions held just the pid and are still read.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the lock file records; `bootId` and `startTime` are missing without /proc and in old files. */
export type LockHolder = { pid: number; bootId?: string; startTime?: string };

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** This boot of the kernel; containers share their host's. */
export const bootId = (): string | undefined => readText('/proc/sys/kernel/random/boot_id') || undefined;

/** When `pid` started, in clock ticks since boot (/proc/<pid>/stat field 22), or undefined. */
export function processStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // Field 2 is the command in parentheses and may itself hold spaces and parentheses: count after the last.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return rest[22 - 3];
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's content: JSON, or a bare pid as older versions wrote it. */
export function parseLock(text: string): LockHolder | undefined {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text) };
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(v.pid)) return undefined;
    return {
      pid: v.pid as number,
      bootId: typeof v.bootId === 'string' ? v.bootId : undefined,
      startTime: typeof v.startTime === 'string' ? v.startTime : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Whether the process the lock names may still be running a server on this directory. */
export function holderAlive(holder: LockHolder): boolean {
  // We are that pid, so it is not another server: a restart that got its old pid back (pid 1 in a container).
  if (holder.pid === process.pid || !pidAlive(holder.pid)) return false;
  const boot = bootId();
  if (!boot) return true; // no /proc: the pid is all we know
  // Another boot: every process of the old one is gone, whatever its pid is now.
  if (holder.bootId && holder.bootId !== boot) return false;
  if (!holder.startTime) return true; // an old lock file: the pid is all we know
  const started = processStartTime(holder.pid);
  // Unreadable (/proc mounted with hidepid): the pid is alive, so we take it as the holder.
  return started === undefined || started === holder.startTime;
}

function ourRecord(): string {
  const boot = bootId();
  const startTime = boot ? processStartTime(process.pid) : undefined;
  return JSON.stringify({ pid: process.pid, ...(boot && startTime ? { bootId: boot, startTime } : {}) });
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, ourRecord(), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const text = readText(file) ?? '';
      const holder = parseLock(text);
      if (holder && holderAlive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another server (pid ${holder.pid}, lock file ${file}). Two servers on one embedded database would corrupt it: stop the other one, or use DATABASE_URL for several instances. If no other server runs, delete ${file}.`,
        );
      }
      // Stale (its process is gone) or unreadable. Removed only if unchanged, so a server that took the
      // lock since we read it keeps it; the next attempt then finds that server.
      if ((readText(file) ?? '') === text) rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${file}`);
}
