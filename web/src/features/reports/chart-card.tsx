// A card holding a chart: titled, with a text summary for screen readers (charts are pictures of the
// numbers the tables already give) and the loading, error and empty states.
import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../lib/query-states';

type Props = {
  title: string;
  /** One sentence saying what the chart shows, read by screen readers. */
  summary: string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
};

export function ChartCard({ title, summary, loading, error, onRetry, empty, emptyText, children }: Props) {
  let body: ReactNode;
  if (error) body = <LoadError error={error} onRetry={onRetry} />;
  else if (loading) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (empty) body = <Empty description={emptyText ?? 'No data to show yet'} />;
  else
    body = (
      <figure className="report-chart" aria-label={`${title}: ${summary}`}>
        {children}
        <figcaption className="visually-hidden">{summary}</figcaption>
      </figure>
    );
  return (
    <Card title={title} className="report-chart-card">
      {body}
    </Card>
  );
}
