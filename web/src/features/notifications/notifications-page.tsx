// /notifications (roles 1, 2, 3; issue 18): the caller's whole notification history, newest first, Unread or
// All and one type or every (kept in the address, so Back returns to the same list), "Load more" keyset
// pages, each one opened (which marks it read) or marked read or unread, and "Mark all as read". The bell's
// count follows every change (history-api.ts).
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { type Notification, PATHS } from '@hearth/contract';
import { Button, Card, Empty, Segmented, Select } from 'antd';
import { useDeferredValue } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addressParams } from '../../lib/address-now';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMarkAllRead, useMarkNotification, useNotificationHistory } from './history-api';
import { filtersFrom, filtersToParams, type HistoryFilter, type HistoryFilters } from './history-filters';
import { emptyText } from './history-logic';
import { HistoryRow } from './history-row';
import { TYPE_LABEL, TYPE_ORDER } from './notification-logic';
import './notification-centre.css';

const ALL_TYPES = '';
const TYPE_OPTIONS = [
  { value: ALL_TYPES, label: 'All types' },
  ...TYPE_ORDER.map((type) => ({ value: type, label: TYPE_LABEL[type] })),
];

function History({ filters }: { filters: HistoryFilters }) {
  const history = useNotificationHistory(filters);
  const mark = useMarkNotification();
  const pages = useDeferredValue(history.data?.pages);

  if (history.isPending)
    return (
      <div role="status" aria-label="Loading notifications">
        <LoadingBlock rows={6} />
      </div>
    );
  if (history.isError && !pages) return <LoadError error={history.error} onRetry={() => history.refetch()} />;
  const items = (pages ?? []).flatMap((p) => p.notifications);
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText(filters.filter)} />;

  const open = (item: Notification) => {
    if (!item.viewed) mark.mutate({ id: item.id, viewed: true });
  };
  const toggle = (item: Notification) => mark.mutate({ id: item.id, viewed: !item.viewed });
  return (
    <>
      <ul
        className={history.isPlaceholderData ? 'history-list is-stale' : 'history-list'}
        aria-label="Notifications"
        aria-busy={history.isFetching}
      >
        {items.map((item) => (
          <HistoryRow key={item.id} item={item} onOpen={open} onToggle={toggle} />
        ))}
      </ul>
      {history.isFetchNextPageError && (
        <LoadError error={history.error} onRetry={() => history.fetchNextPage()} />
      )}
      {history.hasNextPage && !history.isFetchNextPageError && (
        <div className="history-more">
          <Button onClick={() => history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  // One filter changed over the address as it is at the event, not as last rendered (lib/address-now.ts).
  const setFilters = (patch: Partial<HistoryFilters>) =>
    setParams(filtersToParams({ ...filtersFrom(addressParams()), ...patch }), {
      replace: true,
    });
  // Every page of the history carries the caller's unread count (the query is shared with the list below).
  const unviewed = useNotificationHistory(filters).data?.pages[0]?.unviewed ?? 0;
  const markAll = useMarkAllRead();

  return (
    <section className="page notification-centre">
      <PageHeader
        title="Notifications"
        extra={
          <div className="notification-centre-actions">
            <Button
              icon={<CheckOutlined aria-hidden />}
              disabled={unviewed === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all as read
            </Button>
            <Button
              icon={<SettingOutlined aria-hidden />}
              onClick={() => navigate(PATHS.notificationPreferences)}
            >
              Preferences
            </Button>
          </div>
        }
      />
      <Card>
        <div className="history-filters">
          <Segmented<HistoryFilter>
            aria-label="Show"
            value={filters.filter}
            onChange={(filter) => setFilters({ filter })}
            options={[
              { value: 'all', label: 'All' },
              { value: 'unread', label: 'Unread' },
            ]}
          />
          <Select
            aria-label="Type"
            className="history-type"
            value={filters.type ?? ALL_TYPES}
            onChange={(type: string) =>
              setFilters({ type: type === ALL_TYPES ? undefined : (type as HistoryFilters['type']) })
            }
            options={TYPE_OPTIONS}
          />
        </div>
        <History filters={filters} />
      </Card>
    </section>
  );
}
