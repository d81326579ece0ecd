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

/**
 * A figure as the stats page shows it (antd's Statistic: thousands grouped with commas, no ".00" on a
 * whole amount), for the edit form's inputs: "1284500000.00" reads "1,284,500,000", 12.5 "12.50".
 */
export function figureText(value: string | number | undefined): string {
  const [whole = '', fraction] = String(value ?? '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction && /[1-9]/.test(fraction) ? `${grouped}.${fraction.padEnd(2, '0')}` : grouped;
}

/** What the edit form's input keeps of a typed figure: the digits, its sign and decimal point. */
export const figureValue = (text: string | undefined): string => (text ?? '').replace(/,/g, '');
