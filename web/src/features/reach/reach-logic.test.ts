import type { ReachCounts } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  countWithPercent,
  daysSummary,
  daysWithEvents,
  funnelSteps,
  funnelSummary,
  percentOf,
  sortedDays,
  splitRows,
  stepsOf,
} from './reach-logic';

const totals: ReachCounts = { targeted: 3, seen: 2, opened: 1, liked: 0, commented: 0, acknowledged: 1 };

describe('reach numbers', () => {
  it('gives percentages of the targeted audience, none without an audience', () => {
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 3)).toBe(0);
    expect(percentOf(5, 0)).toBeNull();
    expect(countWithPercent(1, 3)).toBe('1 (33%)');
    expect(countWithPercent(4, 0)).toBe('4');
  });

  it('lists the acknowledged step only for a post that asks for it', () => {
    expect(stepsOf(false)).not.toContain('acknowledged');
    expect(stepsOf(true).at(-1)).toBe('acknowledged');
    const steps = funnelSteps(totals, true);
    expect(steps.map((s) => s.text)).toEqual([
      '3 (100%)',
      '2 (67%)',
      '1 (33%)',
      '0 (0%)',
      '0 (0%)',
      '1 (33%)',
    ]);
    expect(funnelSteps({ ...totals, acknowledged: null }, false)).toHaveLength(5);
  });

  it('says the funnel in a sentence', () => {
    expect(funnelSummary(funnelSteps(totals, true))).toBe(
      '3 people targeted: 2 saw it (67%), 1 opened it (33%), 0 liked it (0%), 0 commented (0%), 1 acknowledged it (33%).',
    );
    const none = funnelSteps({ ...totals, targeted: 1, seen: 0 }, false);
    expect(funnelSummary(none)).toMatch(/^1 person targeted: 0 saw it \(0%\)/);
  });

  it('says the days in a sentence', () => {
    const days = sortedDays([
      { day: '2026-11-02', seen: 5, opened: 1, acknowledged: 2 },
      { day: '2026-11-01', seen: 1, opened: 0, acknowledged: 0 },
    ]);
    expect(days[0]?.day).toBe('2026-11-01');
    expect(daysSummary(days, true)).toBe(
      'From 2026-11-01 to 2026-11-02: 6 seen, 1 opened, 2 acknowledged. Most seen on 2026-11-02 (5).',
    );
    expect(daysSummary([], false)).toBe('No one has seen the post yet.');
    expect(daysSummary(days.slice(1), false, (d) => `day ${d.slice(8)}`)).toBe(
      'On day 02: 5 seen, 1 opened. Most seen on day 02 (5).',
    );
  });

  it('tables only the days with anything seen, opened or acknowledged, oldest first', () => {
    const quiet = (day: string) => ({ day, seen: 0, opened: 0, acknowledged: 0 });
    const days = [
      quiet('2026-11-04'),
      { day: '2026-11-03', seen: 0, opened: 0, acknowledged: 1 },
      quiet('2026-11-02'),
      { day: '2026-11-01', seen: 2, opened: 1, acknowledged: 0 },
      quiet('2020-01-01'),
    ];
    expect(daysWithEvents(days).map((d) => d.day)).toEqual(['2026-11-01', '2026-11-03']);
    expect(daysWithEvents([quiet('2026-11-01')])).toEqual([]);
  });

  it('orders split rows by audience, the people in no group last', () => {
    const row = (groupId: number | null, name: string, targeted: number) => ({
      ...totals,
      groupId,
      name,
      targeted,
    });
    const rows = splitRows([
      row(null, 'None', 9),
      row(1, 'Berlin', 2),
      row(2, 'Accra', 5),
      row(3, 'Cork', 5),
    ]);
    expect(rows.map((r) => r.name)).toEqual(['Accra', 'Cork', 'Berlin', 'None']);
    expect(rows.at(-1)?.key).toBe('none');
  });
});
