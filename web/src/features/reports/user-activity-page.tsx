// /reports/user-activity (role 1): active users per week, then every user's activity in a table that the
// server pages, sorts and filters (a group may have 100,000 users), and the same rows as CSV.
import {
  GROUP_TYPE,
  REPORT_FILE_STEMS,
  ROLE,
  USER_ACTIVITY_SORTS,
  type UserActivityRow,
  type UserActivitySort,
} from '@hearth/contract';
import { Card, Empty, Input, Select, Table, type TableColumnsType } from 'antd';
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
import { sortedColumn, type TableSorting, useReportTable } from './use-report-table';
import './reports.css';

const DEFAULT_SORT: TableSorting<UserActivitySort> = { sort: 'lastName', order: 'asc' };
const WEEKS = 12;

type Filters = { locationId?: number; departmentId?: number; roleId?: number };

const text = (value: string | null) => value || '-';
const date = (value: string | null) => <span className="report-nowrap">{formatTableDate(value)}</span>;

function columnsFor(sorting: TableSorting<UserActivitySort>): TableColumnsType<UserActivityRow> {
  const sorted = (key: UserActivitySort) => sortedColumn(key, sorting);
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
  const table = useReportTable<UserActivityRow, UserActivitySort>(USER_ACTIVITY_SORTS, DEFAULT_SORT);
  const { paging, sorting } = table;
  const [filters, setFilters] = useState<Filters>({});

  const filterQuery = {
    search: table.debouncedSearch,
    locationId: filters.locationId,
    departmentId: filters.departmentId,
    roleId: filters.roleId,
  };
  const query: UserActivityParams = { ...filterQuery, ...paging, ...sorting };
  const report = useUserActivity(query);
  const columns = useMemo(() => columnsFor(sorting), [sorting]);

  const groupOptions = (typeId: number) =>
    (groups.data ?? []).filter((g) => g.groupTypeId === typeId).map((g) => ({ value: g.id, label: g.name }));

  const setFilter = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    table.firstPage();
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
            value={table.search}
            maxLength={100}
            onChange={(e) => table.setSearch(e.target.value)}
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
            onChange={table.onChange}
            scroll={{ x: 'max-content' }}
            showSorterTooltip={false}
            pagination={table.pagination(report.data?.total ?? 0, 'users')}
            locale={{ emptyText: <Empty description="There are no users to display" /> }}
          />
        )}
      </Card>
    </section>
  );
}
