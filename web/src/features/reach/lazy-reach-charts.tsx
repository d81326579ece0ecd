// The reach charts load on their own (recharts is the heaviest part of the page): the numbers and tables
// show while the chart code arrives.
import { Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';

const charts = () => import('./reach-charts');
const Funnel = lazy(() => charts().then((m) => ({ default: m.FunnelChart })));
const Days = lazy(() => charts().then((m) => ({ default: m.DaysChart })));

type Charts = typeof import('./reach-charts');

const fallback = <Skeleton.Node active style={{ width: '100%', height: 200 }} />;

export function FunnelChart(props: ComponentProps<Charts['FunnelChart']>) {
  return (
    <Suspense fallback={fallback}>
      <Funnel {...props} />
    </Suspense>
  );
}

export function DaysChart(props: ComponentProps<Charts['DaysChart']>) {
  return (
    <Suspense fallback={fallback}>
      <Days {...props} />
    </Suspense>
  );
}
