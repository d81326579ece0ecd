// Rows the product cannot run without (role ids of product.md section 3). Idempotent: runs at every start.
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { roles } from './schema';

export const ROLE_NAMES: Record<number, string> = { 1: 'administrator', 2: 'staff', 3: 'post manager' };

export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name })))
    .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name` } });
}
