// `npm run restore -- <backup>`: puts a backup back into an empty place (an empty or missing DATA_DIR for
// PGlite; an empty database at DATABASE_URL for PostgreSQL) and refuses any other, so nothing is
// overwritten. Everything that can be checked is checked before anything is written: the manifest, the
// database file's checksum, the migration, the target. Afterwards the restored rows are counted and every
// restored file hashed, and both compared with the backup.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from '../platform/data-dir-lock';
import { sha256Of } from './backup-folder';
import { FILES_DIR, FILES_LIST, type Manifest, readManifest } from './backup-manifest';
import { restoreSecrets, secretsInTheWay } from './backup-secrets';
import { copyBlobs, listingDifferences } from './blob-copy';
import { knownMigrations } from './migration-tag';
import type { PgTools } from './pg-tools';
import { restorePgliteDatabase } from './pglite-backup';
import { databaseContents, restorePostgresDatabase } from './postgres-backup';
import { countDifferences } from './table-counts';

export type RestoreOptions = {
  config: Config;
  /** The backup's folder, absolute. */
  folder: string;
  tools: PgTools;
};

/** `notes`: what the operator must still do, as sentences. */
export type RestoreDone = { manifest: Manifest; target: string; restoredSecrets: string[]; notes: string[] };

const entriesOf = (dir: string) =>
  readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });

/** What a failed restore leaves, and what to do about it. */
const LEFT_BEHIND = {
  pglite: 'DATA_DIR holds what was restored so far: empty it before trying again.',
  postgres:
    'pg_restore runs in one transaction, so a database it could not fill is still empty; files and secrets restored into DATA_DIR so far are still there: remove them before trying again.',
} as const;

const list = (items: string[]) =>
  items.length > 5 ? `${items.slice(0, 5).join(', ')}, …` : items.join(', ');

/** Throws a plain explanation unless the backup can go into the configured place. */
async function checkTarget(manifest: Manifest, config: Config): Promise<void> {
  if (manifest.kind === 'pglite' && config.databaseUrl)
    throw new Error(
      'This is a backup of the embedded database (PGlite), but DATABASE_URL is set: unset it to restore into DATA_DIR.',
    );
  if (manifest.kind === 'postgres' && !config.databaseUrl)
    throw new Error(
      'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
    );
  if (manifest.files.storage === 'local' && config.s3)
    throw new Error(
      `The backup holds its files, but S3_BUCKET is set, and the server would look for them in the bucket: restore without S3_BUCKET, or copy the backup's ${FILES_DIR}/ into the bucket under the same keys yourself.`,
    );
  if (manifest.kind === 'pglite') {
    const there = await entriesOf(config.dataDir);
    if (there.length > 0)
      throw new Error(
        `DATA_DIR ${config.dataDir} is not empty (it holds ${list(there)}): a restore goes into an empty or missing folder, so nothing is overwritten. Move it aside, or set DATA_DIR to a new folder.`,
      );
    return;
  }
  const inDatabase = await databaseContents(config.databaseUrl as string);
  if (inDatabase.length > 0)
    throw new Error(
      `The database at DATABASE_URL is not empty (it has ${inDatabase.length} tables, sequences or schemas, such as ${list(inDatabase.slice(0, 3))}): a restore goes into an empty database, so nothing is overwritten. Create one (createdb) and point DATABASE_URL at it.`,
    );
  const inTheWay = secretsInTheWay(manifest, config.dataDir);
  if (manifest.files.storage === 'local' && (await entriesOf(join(config.dataDir, FILES_DIR))).length > 0)
    inTheWay.push(join(config.dataDir, FILES_DIR));
  if (inTheWay.length > 0)
    throw new Error(
      `DATA_DIR already holds ${list(inTheWay)}, which the restore would overwrite: move them aside, or set DATA_DIR to a new folder.`,
    );
}

/** Sentences on the secrets the backup left to the environment, given what this environment sets. */
function secretNotes(manifest: Manifest, config: Config): string[] {
  const notes: string[] = [];
  const { jwtSecret, vapidKeys } = manifest.secrets;
  if (jwtSecret === 'environment' && !config.jwtSecret)
    notes.push(
      "The backup's JWT secret was set by JWT_SECRET: start the server with that same value, or every user is logged out.",
    );
  if (jwtSecret === 'included' && config.jwtSecret)
    notes.push(
      'JWT_SECRET is set, so the server will use it instead of the restored DATA_DIR/jwt-secret: unset it to keep the sessions of the backup.',
    );
  if (vapidKeys === 'environment' && !config.vapid)
    notes.push(
      "The backup's VAPID key pair was set by VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: start the server with that same pair, or web push stops for every subscribed browser.",
    );
  if (vapidKeys === 'included' && config.vapid)
    notes.push(
      'VAPID_PUBLIC_KEY is set, so the server will use it instead of the restored DATA_DIR/vapid.json: unset the pair to keep the push subscriptions of the backup.',
    );
  if (manifest.files.storage === 's3' && config.s3?.bucket !== manifest.files.bucket)
    notes.push(
      `The files stayed in the S3 bucket ${manifest.files.bucket}: start the server with S3_BUCKET=${manifest.files.bucket} (and its S3_* settings), or the pictures and attachments answer 404.`,
    );
  return notes;
}

export async function runRestore(opts: RestoreOptions): Promise<RestoreDone> {
  const { config, folder, tools } = opts;
  const manifest = await readManifest(folder);
  if (manifest.lastMigration && !knownMigrations().some((m) => m.tag === manifest.lastMigration))
    throw new Error(
      `The backup's database has migration ${manifest.lastMigration}, which this version of Hearth does not know: restore it with the version that made it, or a newer one.`,
    );
  if ((await sha256Of(join(folder, manifest.database.file)).catch(() => '')) !== manifest.database.sha256)
    throw new Error(
      `${join(folder, manifest.database.file)} is missing or damaged: its checksum is not the one in the manifest.`,
    );
  await checkTarget(manifest, config);

  // PGlite: the lock keeps a server from starting on the folder while it is being filled.
  const unlock = manifest.kind === 'pglite' ? lockDataDir(config.dataDir) : () => undefined;
  const target = manifest.kind === 'pglite' ? `DATA_DIR ${config.dataDir}` : 'the database at DATABASE_URL';
  const problems: string[] = [];
  let restoredSecrets: string[];
  try {
    const restored =
      manifest.kind === 'pglite'
        ? await restorePgliteDatabase(folder, config.dataDir)
        : await restorePostgresDatabase(folder, config.databaseUrl as string, tools);
    problems.push(...countDifferences(manifest.tables, restored.tables));
    if (restored.lastMigration !== manifest.lastMigration)
      problems.push(
        `migration: ${manifest.lastMigration} in the backup, ${restored.lastMigration ?? 'none'} restored`,
      );
    if (manifest.files.storage === 'local') {
      const copy = await copyBlobs(join(folder, FILES_DIR), join(config.dataDir, FILES_DIR));
      const listed = await readFile(join(folder, FILES_LIST), 'utf8');
      problems.push(...listingDifferences(listed, copy.listing).map((p) => `file ${p}`));
      if (copy.count !== manifest.files.count || copy.bytes !== manifest.files.bytes)
        problems.push(
          `files: ${manifest.files.count} files of ${manifest.files.bytes} bytes in the backup, ${copy.count} of ${copy.bytes} restored`,
        );
    }
    restoredSecrets = await restoreSecrets(manifest, folder, config.dataDir);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`The restore into ${target} failed: ${message}\n${LEFT_BEHIND[manifest.kind]}`);
  } finally {
    unlock();
  }
  if (problems.length > 0)
    throw new Error(
      `The restore into ${target} does not match the backup:\n  ${problems.slice(0, 20).join('\n  ')}${problems.length > 20 ? `\n  and ${problems.length - 20} more` : ''}\nWhat was restored is still there: remove it before trying again.`,
    );
  return { manifest, target, restoredSecrets, notes: secretNotes(manifest, config) };
}
