// /admin-surveys-list (roles 1 and 3): counters Total, Draft and Publish; Publish and Draft tabs with
// Title (to the edit form), Description, Created, Start and End; the way to create a survey (SPEC section 2).
import { PATHS, type Survey } from '@hearth/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { from, type ListColumns, Wrap } from '../../lib/list-table';
import { byText, clampedTextColumn, type StateSplit, StateTabsList } from '../../lib/state-tabs-list';
import { useDocumentTitle } from '../../lib/use-document-title';
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
  {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, s) => (
      <Wrap>
        <Link to={`/surveys/edit/${s.id}`}>{s.title}</Link>
      </Wrap>
    ),
  },
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

export default function AdminSurveysListPage() {
  useDocumentTitle('Surveys');
  const surveys = useAdminSurveys();
  return (
    <StateTabsList<Survey>
      title="Surveys"
      createLabel="Create Survey"
      createPath={`${PATHS.surveys}/create`}
      query={surveys}
      columns={columns}
      summary={renderCounters}
    />
  );
}
