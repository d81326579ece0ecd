// Vitest global setup of the server suite: prepares one migrated database per run, which each test file's
// database starts from (database.ts), instead of every file initialising and migrating its own.
// - PGlite: a data folder saved as a tarball; a file loads it in about 0.55 s instead of the 3.5 s a fresh
//   PGlite takes to initialise and migrate.
// - PostgreSQL (TEST_DATABASE_URL): a template database; CREATE DATABASE ... TEMPLATE copies it in 0.1 s
//   instead of 0.7 s of migrations.
// Migrations, reference data and the job queue's schema are applied as the app applies them. `migrate()`
// still runs in every test file and finds nothing to do, so the real path stays covered.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';
import { startJobQueue } from '../src/platform/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the tarball of a migrated data folder. PostgreSQL: the name of a migrated template database. */
    databaseTemplate: string;
  }
}

async function prepare(database: Database): Promise<void> {
  await database.migrate();
  await ensureReferenceData(database.db);
  const silent = { warn() {}, info() {}, error() {} } as never;
  const jobs = await startJobQueue(database, silent);
  await jobs.stop();
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `hearth_template_${randomBytes(6).toString('hex')}`;
    await onServer(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await prepare(database);
    await database.close();
    project.provide('databaseTemplate', name);
    return () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({ memory: true });
  await prepare(database);
  // Without PostgreSQL's own template databases (no test creates a database on PGlite), the data folder
  // holds a third fewer files, and loading it in each test file takes 0.55 s instead of 0.8 s.
  for (const statement of [
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    'DROP DATABASE template0', // not in a transaction block: one statement a call
    'DROP DATABASE template1',
    'CHECKPOINT',
  ])
    await database.pglite?.exec(statement);
  const tarball = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!tarball) throw new Error('PGlite gave no data folder to save');
  const file = join(tmpdir(), `hearth-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('databaseTemplate', file);
  return async () => rmSync(file, { force: true });
}
