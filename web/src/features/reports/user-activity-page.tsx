// /reports/user-activity (role 1): active users per week, then every user's activity in a table that the
// server pages, sorts and filters (a group may have 100,000 users), and the same rows as CSV.
import {
  GROUP_TYPE,
  LIMITS,
  REPORT_FILE_STEMS,
  ROLE,
  type UserActivityRow,
  type UserActivitySort,
} from '@hearth/contract';
import { Card, Empty, Input, Select, Table, type TableColumnsType, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { formatTableDate } from '../../lib/dates';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { roleName } from '../../lib/role-names';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGroups } from '../groups/api';
import { REPORT_PATHS, type UserActivityParams, useActiveUsers, useUserActivity } from './api';
import { ChartCard } from './chart-card';
import { DownloadCsvButton } from './download-button';
import { ActiveUsersChart } from './lazy-charts';
import { apiSort, type SortOrder } from './report-logic';
import { useDebouncedValue } from './use-debounced-value';
import './reports.css';

const DEFAULT_SORT = { sort: 'lastName' as UserActivitySort, order: 'asc' as SortOrder };
const WEEKS = 12;

type Filters = { locationId?: number; departmentId?: number; roleId?: number };

const text = (value: string | null) => value || '-';
const date = (value: string | null) => <span className="report-nowrap">{formatTableDate(value)}</span>;

function columnsFor(sort: UserActivitySort, order: SortOrder): TableColumnsType<UserActivityRow> {
  const sorted = (key: UserActivitySort) => ({
    key,
    sorter: true,
    sortOrder: sort === key ? (order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  return [
    { title: 'First Name', dataIndex: 'firstName', ...sorted('firstName') },
    { title: 'Last Name', dataIndex: 'lastName', ...sorted('lastName') },
    { title: 'Location', dataIndex: 'location', render: text, ...sorted('location') },
    { title: 'Department', dataIndex: 'department', render: text, ...sorted('department') },
    { title: 'Role', dataIndex: 'roleId', render: (id: number) => roleName(id), ...sorted('roleId') },
    { title: 'Likes', dataIndex: 'likes', align: 'right', ...sorted('likes') },
    { title: 'Favourites', dataIndex: 'favourites', align: 'right', ...sorted('favourites') },
    { title: 'Surveys', dataIndex: 'surveys', align: 'right', ...sorted('surveys') },
    { title: 'Last Active', dataIndex: 'lastActiveAt', render: date, ...sorted('lastActiveAt') },
    { title: 'Created', dataIndex: 'createdAt', render: date, ...sorted('createdAt') },
  ];
}

const ROLE_OPTIONS = [ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR].map((id) => ({ value: id, label: roleName(id) }));

function ActiveUsersCard() {
  const weeks = useActiveUsers(WEEKS);
  const data = weeks.data ?? [];
  const total = data.reduce((sum, w) => sum + w.activeUsers, 0);
  const latest = data.at(-1);
  return (
    <ChartCard
      title="Active users per week"
      summary={
        latest
          ? `Distinct active users in each of the last ${data.length} weeks; ${latest.activeUsers} in the week of ${latest.weekStart}.`
          : 'No activity yet.'
      }
      loading={weeks.isPending}
      error={weeks.isError ? weeks.error : undefined}
      onRetry={() => weeks.refetch()}
      empty={total === 0}
      emptyText="No activity in the last weeks"
    >
      <ActiveUsersChart weeks={data} />
    </ChartCard>
  );
}

export default function UserActivityReportPage() {
  useDocumentTitle('User Activity Report');
  const groups = useGroups();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), LIMITS.debounceMs);
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [sorting, setSorting] = useState(DEFAULT_SORT);

  const filterQuery = {
    search: debouncedSearch || undefined,
    locationId: filters.locationId,
    departmentId: filters.departmentId,
    roleId: filters.roleId,
  };
  const query: UserActivityParams = { ...filterQuery, ...paging, ...sorting };
  const report = useUserActivity(query);
  const columns = useMemo(() => columnsFor(sorting.sort, sorting.order), [sorting]);

  const groupOptions = (typeId: number) =>
    (groups.data ?? []).filter((g) => g.groupTypeId === typeId).map((g) => ({ value: g.id, label: g.name }));

  const setFilter = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const onChange: TableProps<UserActivityRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const next = apiSort(one?.columnKey, one?.order, DEFAULT_SORT);
    const sortChanged = next.sort !== sorting.sort || next.order !== sorting.order;
    setSorting(next);
    const pageSize = pagination.pageSize ?? paging.pageSize;
    setPaging({
      page: sortChanged || pageSize !== paging.pageSize ? 1 : (pagination.current ?? 1),
      pageSize,
    });
  };

  return (
    <section className="page report-stack">
      <PageHeader
        title="User Activity Report"
        extra={
          <DownloadCsvButton
            path={REPORT_PATHS.userActivityCsv}
            query={{ ...filterQuery, ...sorting }}
            fallbackName={`${REPORT_FILE_STEMS.userActivity}.csv`}
          />
        }
      />
      <ActiveUsersCard />
      <Card title="Users">
        <search className="report-filters" aria-label="Filter users">
          <Input.Search
            className="report-search"
            placeholder="Search by name or e-mail"
            aria-label="Search users"
            allowClear
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Select
            aria-label="Location"
            placeholder="All locations"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={groups.isPending}
            options={groupOptions(GROUP_TYPE.LOCATION)}
            value={filters.locationId}
            onChange={(value?: number) => setFilter({ locationId: value })}
          />
          <Select
            aria-label="Department"
            placeholder="All departments"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={groups.isPending}
            options={groupOptions(GROUP_TYPE.DEPARTMENT)}
            value={filters.departmentId}
            onChange={(value?: number) => setFilter({ departmentId: value })}
          />
          <Select
            aria-label="Role"
            placeholder="All roles"
            allowClear
            options={ROLE_OPTIONS}
            value={filters.roleId}
            onChange={(value?: number) => setFilter({ roleId: value })}
          />
        </search>
        {report.isError ? (
          <LoadError error={report.error} onRetry={() => report.refetch()} />
        ) : (
          <Table<UserActivityRow>
            rowKey="id"
            columns={columns}
            dataSource={report.data?.rows ?? []}
            loading={report.isFetching}
            onChange={onChange}
            scroll={{ x: 'max-content' }}
            showSorterTooltip={false}
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: report.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => `${total} users`,
            }}
            locale={{ emptyText: <Empty description="There are no users to display" /> }}
          />
        )}
      </Card>
    </section>
  );
}
