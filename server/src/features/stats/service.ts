// Company key statistics (product.md section 2: /stats, /edit-stats). The newest row is the current one.
import type { KeyStats, KeyStatsUpdate } from '@hearth/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keyStatistics } from '../../db/schema';
import { notFound } from '../../platform/errors';

type Row = typeof keyStatistics.$inferSelect;

const present = ({ updatedAt: _updatedAt, ...stats }: Row): KeyStats => stats;

export async function currentStats(db: Db): Promise<KeyStats> {
  const [row] = await db.select().from(keyStatistics).orderBy(desc(keyStatistics.id)).limit(1);
  if (!row) throw notFound();
  return present(row);
}

export async function updateStats(db: Db, id: number, input: KeyStatsUpdate): Promise<KeyStats> {
  const [row] = await db
    .update(keyStatistics)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(keyStatistics.id, id))
    .returning();
  if (!row) throw notFound();
  return present(row);
}
