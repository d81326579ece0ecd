// The report charts (recharts). Only the report pages import this file, so recharts stays in their lazy
// chunks and never reaches the staff pages. Colours come from the antd theme.
import type { ActiveUsersWeek } from '@hearth/contract';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useChartColours } from '../../lib/chart-colours';
import { formatDate } from '../../lib/dates';
import { useIsMobile } from '../../lib/use-is-mobile';
import { type OptionCount, shortLabel, type TopPost } from './report-logic';

type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/** A one-line category label (recharts would wrap it), shortened, with the whole text as a tooltip. */
function CategoryTick({
  x,
  y,
  payload,
  max,
  fill,
  fontSize,
}: TickProps & { max: number; fill: string; fontSize: number }) {
  const text = String(payload?.value ?? '');
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fill={fill} fontSize={fontSize}>
      <title>{text}</title>
      {shortLabel(text, max)}
    </text>
  );
}

export function ActiveUsersChart({ weeks }: { weeks: ActiveUsersWeek[] }) {
  const c = useChartColours();
  const data = weeks.map((w) => ({ ...w, label: formatDate(w.weekStart, 'week') }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 16, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={c.grid} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: c.text, fontSize: c.fontSize }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={{ fill: c.text, fontSize: c.fontSize }} />
        <Tooltip
          labelFormatter={(_, payload) => {
            const week = payload?.[0]?.payload as ActiveUsersWeek | undefined;
            return week ? `Week of ${formatDate(week.weekStart, 'day')}` : '';
          }}
        />
        <Bar
          dataKey="activeUsers"
          name="Active users"
          fill={c.primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={48}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars, one row per category (a post, an option), with one-line labels cut to fit. */
/** The bar charts' sizes: each row's height, the smallest chart, and the label column. */
const BAR_SIZES = {
  topPosts: { categoryKey: 'title', rowHeight: 44, minHeight: 160, labelWidth: 210, labelChars: 26 },
  optionCounts: { categoryKey: 'option', rowHeight: 40, minHeight: 120, labelWidth: 180, labelChars: 28 },
};

function HorizontalBars({
  data,
  categoryKey,
  rowHeight,
  minHeight,
  labelWidth,
  labelChars,
  children,
}: {
  data: object[];
  /** The field of each row that names it. */
  categoryKey: string;
  rowHeight: number;
  minHeight: number;
  /** Label width and characters shown, on desktop; phones get 96 px and 10 characters. */
  labelWidth: number;
  labelChars: number;
  children: ReactNode;
}) {
  const c = useChartColours();
  const mobile = useIsMobile();
  return (
    <ResponsiveContainer width="100%" height={Math.max(minHeight, data.length * rowHeight + 50)}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 32, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={c.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fill: c.text, fontSize: c.fontSize }} />
        <YAxis
          type="category"
          dataKey={categoryKey}
          width={mobile ? 96 : labelWidth}
          tick={<CategoryTick max={mobile ? 10 : labelChars} fill={c.text} fontSize={c.fontSize} />}
        />
        {children}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function TopPostsChart({ posts }: { posts: TopPost[] }) {
  const c = useChartColours();
  return (
    <HorizontalBars data={posts} {...BAR_SIZES.topPosts}>
      <Tooltip />
      <Legend itemSorter={null} />
      <Bar dataKey="likes" name="Likes" stackId="a" fill={c.primary} maxBarSize={24} />
      <Bar dataKey="comments" name="Comments" stackId="a" fill={c.warning} maxBarSize={24} />
    </HorizontalBars>
  );
}

export function OptionCountsChart({ counts }: { counts: OptionCount[] }) {
  const c = useChartColours();
  return (
    <HorizontalBars data={counts} {...BAR_SIZES.optionCounts}>
      <Tooltip
        labelFormatter={(_, payload) => (payload?.[0]?.payload as OptionCount | undefined)?.option ?? ''}
      />
      <Bar dataKey="count" name="Responses" fill={c.primary} maxBarSize={24}>
        <LabelList dataKey="count" position="right" fill={c.text} fontSize={c.fontSize} />
      </Bar>
    </HorizontalBars>
  );
}
