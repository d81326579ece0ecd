// The reach page's charts (recharts): the funnel as horizontal bars and the events per day as lines. Only
// the reach page imports this file, through lazy-reach-charts.tsx, so recharts never reaches /news.
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useChartColours } from '../../lib/chart-colours';
import { formatDate } from '../../lib/dates';
import { useIsMobile } from '../../lib/use-is-mobile';
import type { DayPoint, FunnelStep } from './reach-logic';

const ROW_HEIGHT = 40;

/** Targeted, seen, opened, liked, commented (and acknowledged): one bar each, "count (percent)" beside it. */
export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  const c = useChartColours();
  const mobile = useIsMobile();
  return (
    <ResponsiveContainer width="100%" height={steps.length * ROW_HEIGHT + 40}>
      <BarChart
        data={steps}
        layout="vertical"
        margin={{ top: 4, right: mobile ? 72 : 96, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={c.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fill: c.text, fontSize: c.fontSize }} />
        <YAxis
          type="category"
          dataKey="label"
          width={mobile ? 104 : 112}
          tick={{ fill: c.text, fontSize: c.fontSize }}
        />
        <Tooltip formatter={(_value, _name, item) => [(item.payload as FunnelStep).text, 'People']} />
        <Bar dataKey="count" name="People" fill={c.primary} maxBarSize={24} isAnimationActive={false}>
          <LabelList dataKey="text" position="right" fill={c.text} fontSize={c.fontSize} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Seen, opened (and acknowledged) per day since the post started. */
export function DaysChart({ days, requiresAck }: { days: DayPoint[]; requiresAck: boolean }) {
  const c = useChartColours();
  const data = days.map((d) => ({ ...d, label: formatDate(d.day, 'week') }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={c.grid} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: c.text, fontSize: c.fontSize }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={{ fill: c.text, fontSize: c.fontSize }} />
        <Tooltip
          labelFormatter={(_, payload) => formatDate((payload?.[0]?.payload as DayPoint)?.day, 'day')}
        />
        {/* The legend's words in the text colour (recharts would write them in each line's colour, too
            light to read); the lines differ by dash as well as by colour. */}
        <Legend itemSorter={null} formatter={(value) => <span style={{ color: c.text }}>{value}</span>} />
        <Line
          type="linear"
          dataKey="seen"
          name="Seen"
          stroke={c.primary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="linear"
          dataKey="opened"
          name="Opened"
          stroke={c.warning}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
        {requiresAck && (
          <Line
            type="monotone"
            dataKey="acknowledged"
            name="Acknowledged"
            stroke={c.success}
            strokeWidth={2}
            strokeDasharray="2 3"
            dot={false}
            isAnimationActive={false}
          />
        )}
      </LineChart>
    </ResponsiveContainer>
  );
}
