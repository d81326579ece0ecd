// The statistics in display order, and which of them are whole counts (the rest are amounts).
import { KEY_STATS_LABELS, type KeyStats } from '@hearth/contract';

export type StatField = keyof typeof KEY_STATS_LABELS;

export const STAT_FIELDS = Object.keys(KEY_STATS_LABELS) as StatField[];

const AMOUNTS: ReadonlySet<StatField> = new Set<StatField>(['turnover', 'debtorsBook']);

export function isAmount(field: StatField): boolean {
  return AMOUNTS.has(field);
}

export function statValue(stats: KeyStats, field: StatField): number {
  return stats[field];
}
