// /reports/survey-responses (role 1): every survey with its state, dates and count of responses, each
// leading to its report.
import { STATE, type SurveyReportListRow } from '@hearth/contract';
import { Card, Empty, Table, type TableColumnsType, type TableColumnType, Tag } from 'antd';
import { Link } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { byText } from '../../lib/state-tabs-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSurveyReportList } from './api';
import './reports.css';

const byDate = (a: string | null, b: string | null) => (a ? Date.parse(a) : 0) - (b ? Date.parse(b) : 0) || 0;

const dateColumn = (title: string, key: 'startAt' | 'endAt'): TableColumnType<SurveyReportListRow> => ({
  title,
  key,
  sorter: (a, b) => byDate(a[key], b[key]),
  render: (_, row) => <span className="report-nowrap">{formatTableDate(row[key])}</span>,
});

const columns: TableColumnsType<SurveyReportListRow> = [
  {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, s) => (
      <>
        <Link to={`/reports/survey-responses/${s.id}`}>{s.title}</Link>
        {s.isAnonymous && (
          <Tag color="purple" className="report-title-tag">
            Anonymous
          </Tag>
        )}
      </>
    ),
  },
  {
    title: 'State',
    key: 'state',
    sorter: (a, b) => a.stateId - b.stateId,
    render: (_, s) => (s.stateId === STATE.PUBLISHED ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>),
  },
  { ...dateColumn('Start', 'startAt'), defaultSortOrder: 'descend' },
  dateColumn('End', 'endAt'),
  {
    title: 'Responses',
    dataIndex: 'responses',
    key: 'responses',
    align: 'right',
    sorter: (a, b) => a.responses - b.responses,
  },
];

export default function SurveyResponsesReportPage() {
  useDocumentTitle('Survey Responses');
  const surveys = useSurveyReportList();
  return (
    <section className="page">
      <PageHeader title="Survey Responses" />
      <Card>
        {surveys.isError ? (
          <LoadError error={surveys.error} onRetry={() => surveys.refetch()} />
        ) : (
          <Table<SurveyReportListRow>
            rowKey="id"
            columns={columns}
            dataSource={surveys.data ?? []}
            loading={surveys.isPending}
            scroll={{ x: 'max-content' }}
            showSorterTooltip={false}
            pagination={{ pageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty description="There are no surveys to display" /> }}
          />
        )}
      </Card>
    </section>
  );
}
