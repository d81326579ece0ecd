// What a backup folder holds and the manifest that describes it. A backup is one folder:
//
//   manifest.json      written last: a folder without it is an unfinished backup
//   database.tar.gz    PGlite: its data folder (dumpDataDir), gzipped
//   database.dump      PostgreSQL: pg_dump --format=custom
//   files/             the blobs of DATA_DIR/files (local storage only), and files.sha256 listing their hashes
//   secrets/           the JWT secret and VAPID pair the server generated into DATA_DIR (not those set by env)
//
// The manifest is what the restore checks its result against, and what an operator reads to know what else
// to keep (secrets set in the environment, an S3 bucket).
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** Bumped when a change to the layout makes older restores unable to read a backup. */
export const BACKUP_FORMAT = 1;

export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_DUMP_FILE = 'database.tar.gz';
export const POSTGRES_DUMP_FILE = 'database.dump';
export const FILES_DIR = 'files';
/** One `sha256  path` line per blob, as `sha256sum` writes and checks them (`cd backup/files && sha256sum -c ../files.sha256`). */
export const FILES_LIST = 'files.sha256';
export const SECRETS_DIR = 'secrets';

/** Where a secret of the server comes from: copied into the backup, set in the environment, or not there yet. */
const secretSource = z.enum(['included', 'environment', 'absent']);
export type SecretSource = z.infer<typeof secretSource>;

const manifestSchema = z.object({
  format: z.number().int(),
  app: z.literal('hearth'),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  /** The tag of the newest migration the database had (server/migrations/meta/_journal.json). */
  lastMigration: z.string().nullable(),
  database: z.object({ file: z.string(), bytes: z.number().int(), sha256: z.string() }),
  /** Rows per table (`schema.table`): the application's, Drizzle's migrations and the job queue's. */
  tables: z.record(z.string(), z.number().int()),
  files: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('local'), count: z.number().int(), bytes: z.number().int() }),
    z.object({ storage: z.literal('s3'), bucket: z.string() }),
  ]),
  secrets: z.object({ jwtSecret: secretSource, vapidKeys: secretSource }),
  /** Plain sentences for the operator: what this backup leaves out and where that is kept. */
  notes: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  // Renamed into place, so a manifest is either whole or absent.
  const partial = join(folder, `${MANIFEST_FILE}.partial`);
  await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, join(folder, MANIFEST_FILE));
}

/** The folder's manifest, or an error that says what is wrong with the folder. */
export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(
      `${folder} has no ${MANIFEST_FILE}: it is not a Hearth backup, or the backup did not finish.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${join(folder, MANIFEST_FILE)} is not a Hearth backup manifest.`);
  if (parsed.data.format > BACKUP_FORMAT)
    throw new Error(
      `${folder} was made by a newer version of Hearth (backup format ${parsed.data.format}); restore it with that version.`,
    );
  return parsed.data;
}

/** What the operator must keep beside this backup, as sentences (also printed by the commands). */
export function backupNotes(m: Pick<Manifest, 'files' | 'secrets'>): string[] {
  const notes: string[] = [];
  if (m.secrets.jwtSecret === 'environment')
    notes.push(
      'The JWT secret comes from JWT_SECRET and is not in this backup: keep that value with it. A server restored with another secret logs every user out.',
    );
  if (m.secrets.vapidKeys === 'environment')
    notes.push(
      'The VAPID key pair comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY and is not in this backup: keep that pair with it. With another pair, the browsers subscribed to web push get no more notifications.',
    );
  if (m.files.storage === 's3')
    notes.push(
      `The files are in the S3 bucket ${m.files.bucket} and are not in this backup: the bucket's versioning and lifecycle rules (or its replication) keep them, as the README's Backups section says.`,
    );
  if (m.secrets.jwtSecret === 'included' || m.secrets.vapidKeys === 'included')
    notes.push(
      'This backup holds the secrets the server generated (secrets/): keep it as private as the server itself.',
    );
  return notes;
}

/** Total rows, for the commands' summaries. */
export const totalRows = (tables: Record<string, number>): number =>
  Object.values(tables).reduce((sum, n) => sum + n, 0);

/** Bytes as an operator reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
