// /post-reach/:postId (every role has the route; the server lets in administrators, the post's author, post
// managers for feed posts and a community's managers for its posts: the policy's post.seeReach, ADR 033): how far a post got. The funnel targeted -> seen -> opened -> liked -> commented
// (-> acknowledged), the same numbers by location and by department, the events per day since it started,
// and for a must-read post the CSV of who has not acknowledged it. Each chart has its numbers in text too.
import { type PostReach, ROLE } from '@hearth/contract';
import { Button, Card, Empty, Result, Table, type TableColumnsType } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, isSessionExpired } from '../../lib/api-error';
import { formatDate } from '../../lib/dates';
import { DownloadCsvButton } from '../../lib/download-button';
import { PageHeader } from '../../lib/page-header';
import { feedPostLink } from '../../lib/page-paths';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notAcknowledgedCsvPath, usePostReach } from './api';
import { DaysChart, FunnelChart } from './lazy-reach-charts';
import { parseReachPostId } from './loaders';
import {
  countWithPercent,
  daysSummary,
  daysWithEvents,
  funnelSteps,
  funnelSummary,
  type SplitRow,
  STEP_LABELS,
  sortedDays,
  splitRows,
  stepsOf,
} from './reach-logic';
import './reach.css';

/** A chart in a figure: its summary is the figure's name and caption, so a screen reader gets the numbers. */
function ChartFigure({ summary, children }: { summary: string; children: React.ReactNode }) {
  return (
    <figure className="reach-chart" aria-label={summary}>
      <div className="reach-chart-scroll">{children}</div>
      <figcaption className="reach-chart-caption text-secondary">{summary}</figcaption>
    </figure>
  );
}

function splitColumns(first: string, requiresAck: boolean): TableColumnsType<SplitRow> {
  return [
    { title: first, dataIndex: 'name', key: 'name', fixed: 'left', width: 140 },
    ...stepsOf(requiresAck).map((key) => ({
      title: STEP_LABELS[key],
      key,
      align: 'right' as const,
      render: (_: unknown, row: SplitRow) =>
        key === 'targeted' ? row.targeted : countWithPercent(row[key] ?? 0, row.targeted),
    })),
  ];
}

function SplitTable({ title, rows, requiresAck }: { title: string; rows: SplitRow[]; requiresAck: boolean }) {
  return (
    <Card title={`By ${title.toLowerCase()}`}>
      <Table<SplitRow>
        size="small"
        columns={splitColumns(title, requiresAck)}
        dataSource={splitRows(rows)}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="No one in the audience yet" /> }}
      />
    </Card>
  );
}

function DaysTable({ reach }: { reach: PostReach }) {
  const days = daysWithEvents(reach.byDay);
  if (days.length === 0) return null;
  return (
    <details className="reach-days-table">
      <summary>Show the numbers per day</summary>
      <table>
        <caption className="visually-hidden">Seen, opened and acknowledged on each day with any</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Seen</th>
            <th scope="col">Opened</th>
            {reach.requiresAck && <th scope="col">Acknowledged</th>}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDate(d.day, 'week')}</th>
              <td>{d.seen}</td>
              <td>{d.opened}</td>
              {reach.requiresAck && <td>{d.acknowledged}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Refused({ status }: { status: 403 | 404 }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const home = profile?.roles.id === ROLE.STAFF ? '/news' : '/admin-feed-post-list';
  const title = status === 403 ? 'Not authorised' : 'Post not found';
  useDocumentTitle(title);
  return (
    <Result
      status={status === 403 ? '403' : '404'}
      title={<h1 className="result-title">{title}</h1>}
      subTitle={
        status === 403
          ? 'Sorry, you are not allowed to open this page.'
          : 'This post does not exist or has been deleted.'
      }
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          Back to posts
        </Button>
      }
    />
  );
}

function ReachView({ reach }: { reach: PostReach }) {
  const steps = funnelSteps(reach.totals, reach.requiresAck);
  const days = sortedDays(reach.byDay);
  return (
    <>
      <p className="reach-meta text-secondary">
        <Link to={feedPostLink({ id: reach.postId, communityId: reach.communityId })}>{reach.title}</Link>
        {' · '}Started {formatDate(reach.startAt, 'dayTime')}
        {reach.requiresAck &&
          (reach.ackDueAt
            ? ` · Acknowledge by ${formatDate(reach.ackDueAt, 'dayTime')}`
            : ' · Requires acknowledgement')}
      </p>
      <Card title="Funnel">
        <ChartFigure summary={funnelSummary(steps)}>
          <FunnelChart steps={steps} />
        </ChartFigure>
      </Card>
      <SplitTable title="Location" rows={reach.byLocation} requiresAck={reach.requiresAck} />
      <SplitTable title="Department" rows={reach.byDepartment} requiresAck={reach.requiresAck} />
      <Card title="Per day since publishing">
        {days.length === 0 ? (
          <Empty description="No one has seen the post yet" />
        ) : (
          <>
            <ChartFigure summary={daysSummary(days, reach.requiresAck, (d) => formatDate(d, 'day'))}>
              <DaysChart days={days} requiresAck={reach.requiresAck} />
            </ChartFigure>
            <DaysTable reach={reach} />
          </>
        )}
      </Card>
    </>
  );
}

export default function PostReachPage() {
  const { postId } = useParams();
  const id = parseReachPostId(postId);
  const reach = usePostReach(id);
  useDocumentTitle(reach.data ? `Reach: ${reach.data.title}` : 'Reach');

  if (Number.isNaN(id) || id <= 0) return <Refused status={404} />;
  if (reach.isError) {
    if (isSessionExpired(reach.error)) return null;
    if (isApiError(reach.error) && reach.error.status === 403) return <Refused status={403} />;
    if (isApiError(reach.error) && reach.error.status === 404) return <Refused status={404} />;
  }

  return (
    <section className="page reach-page">
      <PageHeader
        title="Reach"
        extra={
          reach.data?.requiresAck && (
            <DownloadCsvButton
              path={notAcknowledgedCsvPath(reach.data.postId)}
              fallbackName={`not-acknowledged-${reach.data.postId}.csv`}
              label="Download who has not acknowledged (CSV)"
            />
          )
        }
      />
      {reach.isError ? (
        <LoadError error={reach.error} onRetry={() => reach.refetch()} />
      ) : reach.data ? (
        <ReachView reach={reach.data} />
      ) : (
        <Card>
          <LoadingBlock rows={8} />
        </Card>
      )}
    </section>
  );
}
