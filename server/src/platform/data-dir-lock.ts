// PGlite does not lock its data directory; two servers on one DATA_DIR would corrupt it. We take a lock
// file holding our pid, and refuse to start while a live process holds it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another server (pid ${holder}). Two servers on one embedded database would corrupt it: stop the other one, or use DATABASE_URL for several instances.`,
        );
      }
      rmSync(file, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new Error(`could not lock ${file}`);
}
