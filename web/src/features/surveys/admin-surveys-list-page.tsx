// /admin-surveys-list (roles 1 and 3): counters Total, Draft and Publish; Publish and Draft tabs with
// Title (to the edit form), Description, Created, Start and End; the way to create a survey
// (product.md section 2).
import { PATHS, type Survey } from '@hearth/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { formatTableDate } from '../../lib/dates';
import { from, type ListColumns } from '../../lib/list-table';
import { adminListPage, clampedTextColumn, type StateSplit, titleColumn } from '../../lib/state-tabs-list';
import { useAdminSurveys } from './admin-api';
import './surveys-admin.css';

/** Sorts by time; a missing date sorts first. */
const byDate = (a: string | null, b: string | null) => (a ? Date.parse(a) : 0) - (b ? Date.parse(b) : 0) || 0;

const dateColumn = (title: string, key: 'createdAt' | 'startAt' | 'endAt') => ({
  title,
  key,
  sorter: (a: Survey, b: Survey) => byDate(a[key], b[key]),
  render: (_: unknown, s: Survey) => formatTableDate(s[key]),
});

const columns: ListColumns<Survey> = [
  titleColumn((s) => `/surveys/edit/${s.id}`),
  // Narrower than the default: this list has three date columns to fit at 1280px.
  { ...clampedTextColumn<Survey>('Description', 'description', 200), ...from(700) },
  { ...dateColumn('Created', 'createdAt'), defaultSortOrder: 'descend' },
  { ...dateColumn('Start', 'startAt'), ...from(440) },
  { ...dateColumn('End', 'endAt'), ...from(360) },
];

function Counter({ title, value, loading }: { title: string; value: number; loading: boolean }) {
  return (
    <Col xs={8}>
      <Card size="small" className="survey-counter">
        <Statistic title={title} value={value} loading={loading} />
      </Card>
    </Col>
  );
}

function renderCounters({ all, drafts, published }: StateSplit<Survey>, loading: boolean) {
  return (
    <Row gutter={[12, 12]} className="survey-counters" role="group" aria-label="Survey counts">
      <Counter title="Total" value={all.length} loading={loading} />
      <Counter title="Draft" value={drafts.length} loading={loading} />
      <Counter title="Publish" value={published.length} loading={loading} />
    </Row>
  );
}

export default adminListPage({
  title: 'Surveys',
  createLabel: 'Create Survey',
  createPath: `${PATHS.surveys}/create`,
  useList: useAdminSurveys,
  columns,
  summary: renderCounters,
});
