// /reports/survey-responses/{id} (role 1): the survey's response count, its CSV, the respondents'
// e-mails, and per question (grouped by category) a bar chart of the options chosen or the text answers. An
// anonymous survey (ADR 035) names no one: a note instead of the respondents, and results by location and
// department for large enough groups.
import { REPORT_FILE_STEMS, type SurveyReport, type SurveyReportQuestion } from '@hearth/contract';
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { formatTableDate } from '../../lib/dates';
import { DownloadCsvButton } from '../../lib/download-button';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { REPORT_PATHS, useSurveyReport } from './api';
import { OptionCountsChart } from './lazy-charts';
import { surveyReportId } from './loaders';
import {
  completedInstances,
  countedAnswers,
  isOptionQuestion,
  optionCounts,
  questionsByCategory,
  type Respondent,
  respondents,
} from './report-logic';
import { AnonymousNote, SplitCards } from './survey-splits';
import './reports.css';

const NO_RESPONSES = 'There are no responses to display';

function RespondentList({ people }: { people: Respondent[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <ul className="report-scroll-list" aria-label="Respondents" tabIndex={0}>
      {people.map((p) => (
        <li key={p.instanceId}>
          <a href={`mailto:${p.email}`}>{p.email}</a>
          <Typography.Text type="secondary">
            {' '}
            {p.name} · {formatTableDate(p.completedAt)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

function OptionAnswers({ report, question }: { report: SurveyReport; question: SurveyReportQuestion }) {
  const counts = optionCounts(report, question);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return <Typography.Text type="secondary">No answers yet.</Typography.Text>;
  const summary = counts.map((c) => `${c.option}: ${c.count}`).join(', ');
  return (
    <>
      <figure className="report-chart" aria-label={`Answers to ${question.title}: ${summary}`}>
        <OptionCountsChart counts={counts} />
      </figure>
      <ul className="report-option-counts" aria-label="Answer counts">
        {counts.map((c) => (
          <li key={c.option}>
            {c.option}: <strong>{c.count}</strong>
            {total > 0 && (
              <Typography.Text type="secondary"> ({Math.round((c.count / total) * 100)}%)</Typography.Text>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function TextAnswers({ report, question }: { report: SurveyReport; question: SurveyReportQuestion }) {
  const byInstance = useMemo(() => new Map(report.instances.map((i) => [i.id, i])), [report.instances]);
  const answers = countedAnswers(report, question);
  if (answers.length === 0) return <Typography.Text type="secondary">No answers yet.</Typography.Text>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <ul className="report-scroll-list" aria-label={`Answers to ${question.title}`} tabIndex={0}>
      {answers.map((a) => {
        const who = byInstance.get(a.surveyInstanceId)?.createdBy;
        return (
          <li key={`${a.surveyInstanceId}-${a.surveyQuestionId}`}>
            {a.textAnswer}
            {who && (
              <Typography.Text type="secondary">
                {' '}
                · {who.firstName} {who.lastName}
              </Typography.Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function QuestionBlock({ report, question }: { report: SurveyReport; question: SurveyReportQuestion }) {
  const answered = countedAnswers(report, question).length;
  return (
    <div className="report-question">
      <h3 className="report-question-title">{question.title}</h3>
      <Typography.Paragraph type="secondary">
        {answered} {answered === 1 ? 'answer' : 'answers'}
      </Typography.Paragraph>
      {isOptionQuestion(question) ? (
        <OptionAnswers report={report} question={question} />
      ) : (
        <TextAnswers report={report} question={question} />
      )}
    </div>
  );
}

function ReportBody({ report }: { report: SurveyReport }) {
  const people = respondents(report);
  const responses = completedInstances(report).length;
  const categories = questionsByCategory(report.questions);
  const splits = report.survey.isAnonymous ? report.splits : null;
  return (
    <div className="report-stack">
      <Row gutter={[16, 16]} className="report-summary-row">
        <Col xs={24} md={8}>
          <Card className="report-fill">
            <Statistic title="Responses" value={responses} />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          {report.survey.isAnonymous ? (
            <Card title="Anonymous survey" size="small" className="report-fill">
              <AnonymousNote min={report.splits?.minGroupSize ?? 0} />
            </Card>
          ) : (
            <Card title="Respondents" size="small" className="report-fill">
              {people.length === 0 ? (
                <Typography.Text type="secondary">No one has responded yet.</Typography.Text>
              ) : (
                <RespondentList people={people} />
              )}
            </Card>
          )}
        </Col>
      </Row>
      {splits && responses > 0 && <SplitCards splits={splits} questions={report.questions} />}
      {responses === 0 ? (
        <Card>
          <Empty description={NO_RESPONSES} />
        </Card>
      ) : (
        categories.map(([category, questions]) => (
          <Card key={category} title={<h2 className="report-category-title">{category}</h2>}>
            {questions.map((q) => (
              <QuestionBlock key={q.id} report={report} question={q} />
            ))}
          </Card>
        ))
      )}
    </div>
  );
}

export default function SurveyResponseReportPage() {
  const { surveyId } = useParams();
  const id = surveyReportId(surveyId);
  const report = useSurveyReport(id);
  const title = report.data?.survey.title ?? 'Survey Responses';
  useDocumentTitle(report.data ? `${title} - Survey Responses` : 'Survey Responses');

  return (
    <section className="page">
      <PageHeader
        title={title}
        extra={
          report.data && (
            <DownloadCsvButton
              path={REPORT_PATHS.surveyResponsesCsv(id)}
              fallbackName={`${REPORT_FILE_STEMS.surveyResponses}-${id}.csv`}
            />
          )
        }
      />
      {!Number.isInteger(id) || id <= 0 ? (
        <Card>
          <Empty description="This survey does not exist" />
        </Card>
      ) : report.isError ? (
        <Card>
          <LoadError error={report.error} onRetry={() => report.refetch()} />
        </Card>
      ) : report.isPending ? (
        <Card>
          <LoadingBlock rows={6} />
        </Card>
      ) : (
        <ReportBody report={report.data} />
      )}
    </section>
  );
}
