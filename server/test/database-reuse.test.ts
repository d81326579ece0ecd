// @engine: the test database is opened differently on each engine (a reused PGlite, a new PostgreSQL database)
// The PGlite instance a file leaves is handed to the next file of the worker reset to the template
// (database.ts): rows gone, the template's rows back as they were, sequences from the start, new handles;
// a file that changed the schema leaves nothing to reuse.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { openTestDatabase } from './database';
import { createUser } from './factories';

const onPglite = process.env.TEST_DATABASE_URL ? undefined : it;

onPglite?.('hands the next file the same instance, reset to the template, behind new handles', async () => {
  const first = await openTestDatabase();
  const roles = await queryRows(first.db, sql`select id, name from roles order by id`);
  const user = await createUser(first.db);
  await first.db.execute(sql`update roles set name = 'changed' where id = 1`);
  await first.close();

  const second = await openTestDatabase();
  try {
    expect(second.pglite).toBe(first.pglite);
    expect(second.db).not.toBe(first.db);
    expect(await queryRows(second.db, sql`select id from users`)).toEqual([]);
    expect(await queryRows(second.db, sql`select id, name from roles order by id`)).toEqual(roles);
    // Sequences start again: the next user gets the first user's id.
    expect((await createUser(second.db)).id).toBe(user.id);
  } finally {
    await second.close();
  }
});

onPglite?.('gives a fresh instance after a file changed the schema', async () => {
  const first = await openTestDatabase();
  await first.db.execute(sql`create table reuse_probe (id int)`);
  await first.close();
  const second = await openTestDatabase();
  try {
    expect(second.pglite).not.toBe(first.pglite);
    expect(await queryRows(second.db, sql`select to_regclass('public.reuse_probe') as t`)).toEqual([
      { t: null },
    ]);
  } finally {
    await second.close();
  }
});

it('opens a database the app can use, on either engine', async () => {
  const database = await openTestDatabase();
  try {
    expect(await queryRows(database.db, sql`select count(*)::int as n from roles`)).toEqual([{ n: 3 }]);
  } finally {
    await database.close();
  }
});
