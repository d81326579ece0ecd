// The reach page's numbers as the screen says them (issue 18): the funnel's steps, percentages of the
// targeted audience, one-sentence summaries for screen readers, and the table rows. Pure, tested.
import type { PostReach, ReachCounts } from '@hearth/contract';

export type StepKey = 'targeted' | 'seen' | 'opened' | 'liked' | 'commented' | 'acknowledged';

export const STEP_LABELS: Record<StepKey, string> = {
  targeted: 'Targeted',
  seen: 'Seen',
  opened: 'Opened',
  liked: 'Liked',
  commented: 'Commented',
  acknowledged: 'Acknowledged',
};

const ORDER: StepKey[] = ['targeted', 'seen', 'opened', 'liked', 'commented', 'acknowledged'];

/** The steps a post has: acknowledged only when it asks for it. */
export function stepsOf(requiresAck: boolean): StepKey[] {
  return requiresAck ? ORDER : ORDER.filter((k) => k !== 'acknowledged');
}

/** `part` as a whole percentage of `whole`; none (null) when there is no audience to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return Math.round((Math.max(0, part) / whole) * 100);
}

/** "40 (33%)", or the count alone when there is no audience. */
export function countWithPercent(count: number, targeted: number): string {
  const pct = percentOf(count, targeted);
  return pct === null ? String(count) : `${count} (${pct}%)`;
}

export type FunnelStep = { key: StepKey; label: string; count: number; percent: number | null; text: string };

export function funnelSteps(totals: ReachCounts, requiresAck: boolean): FunnelStep[] {
  return stepsOf(requiresAck).map((key) => {
    const count = totals[key] ?? 0;
    const percent =
      key === 'targeted' ? (totals.targeted > 0 ? 100 : null) : percentOf(count, totals.targeted);
    return {
      key,
      label: STEP_LABELS[key],
      count,
      percent,
      text: percent === null ? String(count) : `${count} (${percent}%)`,
    };
  });
}

const VERBS: Record<Exclude<StepKey, 'targeted'>, string> = {
  seen: 'saw it',
  opened: 'opened it',
  liked: 'liked it',
  commented: 'commented',
  acknowledged: 'acknowledged it',
};

/** The funnel in one sentence, for screen readers and anyone who prefers text to a chart. */
export function funnelSummary(steps: FunnelStep[]): string {
  const [targeted, ...rest] = steps;
  if (!targeted) return '';
  const parts = rest.map(
    (s) =>
      `${s.count} ${VERBS[s.key as Exclude<StepKey, 'targeted'>]}${s.percent === null ? '' : ` (${s.percent}%)`}`,
  );
  const people = targeted.count === 1 ? 'person' : 'people';
  return `${targeted.count} ${people} targeted: ${parts.join(', ')}.`;
}

export type DayPoint = PostReach['byDay'][number];

/** The per-day chart in one sentence: the span and the busiest day; `dayText` writes a day. */
export function daysSummary(
  days: DayPoint[],
  requiresAck: boolean,
  dayText: (day: string) => string = (day) => day,
): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No one has seen the post yet.';
  const busiest = days.reduce((a, b) => (b.seen > a.seen ? b : a), first);
  const totals = days.reduce(
    (t, d) => ({ seen: t.seen + d.seen, opened: t.opened + d.opened, ack: t.ack + d.acknowledged }),
    { seen: 0, opened: 0, ack: 0 },
  );
  const span =
    first.day === last.day
      ? `On ${dayText(first.day)}`
      : `From ${dayText(first.day)} to ${dayText(last.day)}`;
  const ack = requiresAck ? `, ${totals.ack} acknowledged` : '';
  return `${span}: ${totals.seen} seen, ${totals.opened} opened${ack}. Most seen on ${dayText(busiest.day)} (${busiest.seen}).`;
}

/**
 * The days anyone saw, opened or acknowledged the post, oldest first: the table under the chart lists only
 * these. The chart draws every day since the post started, so a post started years ago has thousands of
 * days, nearly all of them nothing, which as table rows weighed on the page and on screen readers.
 */
export function daysWithEvents(days: DayPoint[]): DayPoint[] {
  return sortedDays(days).filter((d) => d.seen > 0 || d.opened > 0 || d.acknowledged > 0);
}

/** Days in order, oldest first (the server's order, made sure). */
export function sortedDays(days: DayPoint[]): DayPoint[] {
  return [...days].sort((a, b) => a.day.localeCompare(b.day));
}

export type SplitRow = PostReach['byLocation'][number];

/** Table rows: those with people first by audience, "in none" last, each keyed for antd. */
export function splitRows(rows: SplitRow[]): (SplitRow & { key: string })[] {
  return [...rows]
    .sort((a, b) => {
      if ((a.groupId === null) !== (b.groupId === null)) return a.groupId === null ? 1 : -1;
      return b.targeted - a.targeted || a.name.localeCompare(b.name);
    })
    .map((r) => ({ ...r, key: r.groupId === null ? 'none' : String(r.groupId) }));
}
