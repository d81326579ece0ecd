// `npm run backup -- [folder] [--timeout=<seconds>]`: a backup of the database, the local files and the
// generated secrets into a new folder (default backups/hearth-<kind>-<time>). See backup.ts, README "Backups".
import { loadConfig } from '../config';
import { runBackup } from './backup';
import { summaryLines } from './backup-summary';
import { fromOperator, pgTools, runCommand } from './command-line';

const USAGE = 'Usage: npm run backup -- [folder] [--timeout=<seconds>]';
/** How long a running server may take to write the backup: the database is read, then every file copied. */
const DEFAULT_TIMEOUT_S = 30 * 60;

runCommand(async () => {
  const args = process.argv.slice(2);
  const timeoutArg = args.find((a) => a.startsWith('--timeout='));
  const timeoutS = timeoutArg ? Number(timeoutArg.slice('--timeout='.length)) : DEFAULT_TIMEOUT_S;
  const positional = args.filter((a) => !a.startsWith('--'));
  if (positional.length > 1 || args.length > positional.length + (timeoutArg ? 1 : 0) || !(timeoutS > 0))
    throw new Error(USAGE);
  const config = loadConfig();
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const folder = fromOperator(positional[0] ?? `backups/hearth-${kind}-${stamp}`);
  const { manifest, by } = await runBackup({ config, folder, tools: pgTools(), timeoutMs: timeoutS * 1000 });
  console.log(`Backup written to ${folder} by ${by}:`);
  for (const line of summaryLines(manifest)) console.log(line);
  for (const note of manifest.notes) console.log(note);
});
