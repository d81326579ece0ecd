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
import { Card, Select, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { formatTableDate } from '../../lib/dates';
import { DownloadCsvButton } from '../../lib/download-button';
import { PageHeader } from '../../lib/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGroups } from '../../shared/people/groups';
import { roleName } from '../../shared/people/role-names';
import { REPORT_PATHS, type UserActivityParams, useActiveUsers, useUserActivity } from './api';
import { ChartCard } from './chart-card';
import { ActiveUsersChart } from './lazy-charts';
import { ACTIVE_USER_WEEKS, USER_ACTIVITY_SORT } from './loaders';
import { ReportSearch, ReportTable } from './report-table';
import { sortedColumn, type TableSorting, useReportTable } from './use-report-table';
import './reports.css';

type Filters = { locationId?: number; departmentId?: number; roleId?: number };

const text = (value: string | null) => value || '-';
// The date over the time: two short lines rather than one wide column (issue 33).
const date = (value: string | null) => formatTableDate(value);

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
    { title: 'Last Active', dataIndex: 'lastActiveAt', width: 112, render: date, ...sorted('lastActiveAt') },
    { title: 'Created', dataIndex: 'createdAt', width: 112, render: date, ...sorted('createdAt') },
  ];
}

const ROLE_OPTIONS = [ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR].map((id) => ({ value: id, label: roleName(id) }));

function ActiveUsersCard() {
  const weeks = useActiveUsers(ACTIVE_USER_WEEKS);
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

/** The location and department filters, in this order. */
const GROUP_FILTERS = [
  { key: 'locationId', label: 'Location', placeholder: 'All locations', groupTypeId: GROUP_TYPE.LOCATION },
  {
    key: 'departmentId',
    label: 'Department',
    placeholder: 'All departments',
    groupTypeId: GROUP_TYPE.DEPARTMENT,
  },
] as const;

/** A select of the groups of one type (locations, departments); empty means all. */
function GroupFilter({
  label,
  placeholder,
  groupTypeId,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  groupTypeId: number;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const groups = useGroups();
  const options = (groups.data ?? [])
    .filter((g) => g.groupTypeId === groupTypeId)
    .map((g) => ({ value: g.id, label: g.name }));
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={groups.isPending}
      options={options}
      value={value}
      onChange={(v?: number) => onChange(v)}
    />
  );
}

export default function UserActivityReportPage() {
  useDocumentTitle('User Activity Report');
  const table = useReportTable<UserActivityRow, UserActivitySort>(USER_ACTIVITY_SORTS, USER_ACTIVITY_SORT);
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
          <ReportSearch
            label="Search users"
            placeholder="Search by name or e-mail"
            search={table.search}
            setSearch={table.setSearch}
          />
          {GROUP_FILTERS.map(({ key, ...filter }) => (
            <GroupFilter
              key={key}
              {...filter}
              value={filters[key]}
              onChange={(value) => setFilter({ [key]: value })}
            />
          ))}
          <Select
            aria-label="Role"
            placeholder="All roles"
            allowClear
            options={ROLE_OPTIONS}
            value={filters.roleId}
            onChange={(value?: number) => setFilter({ roleId: value })}
          />
        </search>
        <ReportTable<UserActivityRow>
          report={report}
          columns={columns}
          onChange={table.onChange}
          pagination={table.pagination}
          noun="users"
          // Below 1600 px the rest fit at 1280 px.
          choice={{ table: 'user-activity', narrowHides: ['surveys', 'createdAt'] }}
        />
      </Card>
    </section>
  );
}
