// The anonymous survey report's results by location and department (ADR 035): the server sends only groups
// of at least the size the survey fixed when it was published, checked across both tables, and one merged
// row of the rest (itself only when large enough); this draws them, one column per choice question.
import type { SurveyReportQuestion, SurveySplitRow, SurveySplits } from '@hearth/contract';
import { Card, Empty, Table, type TableColumnsType, Typography } from 'antd';

export const otherLabel = (min: number) => `Other (fewer than ${min})`;

/** What the report says about an anonymous survey, where a named one lists its respondents. */
export function AnonymousNote({ min }: { min: number }) {
  return (
    <Typography.Paragraph className="report-splits-note">
      This survey is anonymous: responses are stored without names or times. Results by location or department
      show only groups of at least {min} people, a size fixed when the survey was published. Smaller groups
      are merged into "{otherLabel(min)}", which is hidden too when it has fewer than {min}, and so is a group
      whenever it shares fewer than {min} people with a group of the other table.
    </Typography.Paragraph>
  );
}

function choiceText(row: SurveySplitRow, questionId: number): string {
  const counts = row.choices.find((c) => c.questionId === questionId)?.counts ?? [];
  return counts.map((c) => `${c.option} ${c.count}`).join(' · ');
}

function SplitTable({
  label,
  rows,
  questions,
  min,
}: {
  label: string;
  rows: SurveySplitRow[];
  questions: SurveyReportQuestion[];
  min: number;
}) {
  const columns: TableColumnsType<SurveySplitRow> = [
    { title: label, key: 'name', render: (_, r) => (r.other ? otherLabel(min) : r.name) },
    { title: 'Responses', dataIndex: 'responses', key: 'responses', align: 'right' },
    ...questions.map((q) => ({
      title: q.title,
      key: `q${q.id}`,
      render: (_: unknown, r: SurveySplitRow) => choiceText(r, q.id),
    })),
  ];
  return (
    <Table<SurveySplitRow>
      rowKey={(r) => (r.other ? '~other' : (r.name ?? ''))}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={`No group has ${min} or more responses yet, so results are not split.`}
          />
        ),
      }}
    />
  );
}

/** The two splits, each in its card. */
export function SplitCards({
  splits,
  questions,
}: {
  splits: SurveySplits;
  questions: SurveyReportQuestion[];
}) {
  const choice = questions.filter((q) => q.options.length > 0);
  const min = splits.minGroupSize;
  return (
    <>
      <Card title={<h2 className="report-category-title">By location</h2>}>
        <SplitTable label="Location" rows={splits.locations} questions={choice} min={min} />
      </Card>
      <Card title={<h2 className="report-category-title">By department</h2>}>
        <SplitTable label="Department" rows={splits.departments} questions={choice} min={min} />
      </Card>
    </>
  );
}
