// `npm run restore -- <backup folder>`: restores a backup into an empty DATA_DIR (PGlite) or an empty
// database at DATABASE_URL, then checks every row count and file against the backup. See restore.ts.
import { loadConfig } from '../config';
import { summaryLines } from './backup-summary';
import { fromOperator, pgTools, runCommand } from './command-line';
import { runRestore } from './restore';

runCommand(async () => {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]?.startsWith('--'))
    throw new Error('Usage: npm run restore -- <backup folder>');
  const folder = fromOperator(args[0] as string);
  const { manifest, target, restoredSecrets, notes } = await runRestore({
    config: loadConfig(),
    folder,
    tools: pgTools(),
  });
  console.log(`Restored the backup of ${manifest.createdAt} from ${folder} into ${target}:`);
  for (const line of summaryLines(manifest)) console.log(line);
  console.log(
    `Every table has the rows the backup counted${manifest.files.storage === 'local' ? ', and every file its bytes' : ''}.`,
  );
  if (restoredSecrets.length > 0) console.log(`Restored into DATA_DIR: ${restoredSecrets.join(' and ')}.`);
  for (const note of notes) console.log(note);
  console.log('Start the server on it (npm start): it applies any newer migrations at start.');
});
