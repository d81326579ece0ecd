// Key statistics, the company figures of features/stats.
import { sql } from 'drizzle-orm';
import { doublePrecision, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const keyStatistics = pgTable('key_statistics', {
  id: serial('id').primaryKey(),
  statsRelevance: text('stats_relevance').notNull(),
  turnover: doublePrecision('turnover').notNull().default(0),
  newAccounts: integer('new_accounts').notNull().default(0),
  debtorsBook: doublePrecision('debtors_book').notNull().default(0),
  activeAccounts: integer('active_accounts').notNull().default(0),
  merchants: integer('merchants').notNull().default(0),
  totalStores: integer('total_stores').notNull().default(0),
  acquirerStores: integer('acquirer_stores').notNull().default(0),
  transactorStores: integer('transactor_stores').notNull().default(0),
  updatedAt: ts('updated_at').notNull().default(sql`now()`),
});
