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
