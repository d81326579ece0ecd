// The charts load on their own (recharts is the heaviest part of the report pages): tables show while the
// chart code arrives.
import { Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';

const charts = () => import('./charts');
const ActiveUsers = lazy(() => charts().then((m) => ({ default: m.ActiveUsersChart })));
const TopPosts = lazy(() => charts().then((m) => ({ default: m.TopPostsChart })));
const OptionCounts = lazy(() => charts().then((m) => ({ default: m.OptionCountsChart })));

type Charts = typeof import('./charts');

const fallback = <Skeleton.Node active style={{ width: '100%', height: 160 }} />;

export function ActiveUsersChart(props: ComponentProps<Charts['ActiveUsersChart']>) {
  return (
    <Suspense fallback={fallback}>
      <ActiveUsers {...props} />
    </Suspense>
  );
}

export function TopPostsChart(props: ComponentProps<Charts['TopPostsChart']>) {
  return (
    <Suspense fallback={fallback}>
      <TopPosts {...props} />
    </Suspense>
  );
}

export function OptionCountsChart(props: ComponentProps<Charts['OptionCountsChart']>) {
  return (
    <Suspense fallback={fallback}>
      <OptionCounts {...props} />
    </Suspense>
  );
}
