import { z } from 'zod';
import { INT4_MAX } from '../constants';
import { MSG } from '../messages';

/**
 * Company key statistics (product.md section 3). Amounts are whole numbers; statsRelevance says "as at when".
 */
export const keyStats = z.object({
  id: z.number(),
  statsRelevance: z.string(),
  turnover: z.number(),
  newAccounts: z.number(),
  debtorsBook: z.number(),
  activeAccounts: z.number(),
  merchants: z.number(),
  totalStores: z.number(),
  acquirerStores: z.number(),
  transactorStores: z.number(),
});
export type KeyStats = z.infer<typeof keyStats>;

const amount = z.number({ error: MSG.invalidInput }).min(0, MSG.statNegative).max(1e15, MSG.invalidInput);
/** Counts are stored as PostgreSQL integers: bigger values are refused here, not by the database. */
const count = amount.int(MSG.invalidInput).max(INT4_MAX, MSG.invalidInput);

export const keyStatsUpdate = z.object({
  statsRelevance: z.string({ error: MSG.invalidInput }).trim().min(1, MSG.invalidInput).max(200),
  turnover: amount,
  newAccounts: count,
  debtorsBook: amount,
  activeAccounts: count,
  merchants: count,
  totalStores: count,
  acquirerStores: count,
  transactorStores: count,
});
export type KeyStatsUpdate = z.infer<typeof keyStatsUpdate>;
