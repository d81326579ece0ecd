// Display labels shared by screens; kept free of zod so pages that need only labels stay light.
import type { KeyStats } from './schemas/stats';

/** Labels of the stats cards, in display order. */
export const KEY_STATS_LABELS: Record<Exclude<keyof KeyStats, 'id' | 'statsRelevance'>, string> = {
  turnover: 'Turnover',
  newAccounts: 'New Accounts',
  debtorsBook: 'Debtors Book',
  activeAccounts: 'Active Accounts',
  merchants: 'Merchants',
  totalStores: 'Total Stores',
  acquirerStores: 'Acquirer Stores',
  transactorStores: 'Transactor Stores',
};

/**
 * Role names as screens and CSV files show them (the server's own role names are not shown:
 * product.md section 3).
 */
export const ROLE_LABELS: Record<number, string> = { 1: 'Administrator', 2: 'Staff', 3: 'Post manager' };
