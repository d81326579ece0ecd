// /surveys/{surveyId} (role 2): the survey form, one category per step with a progress bar; Next, then
// Submit on the last step (product.md section 2). A survey that is not refillable and already answered opens
// as complete (product.md section 4, Survey responses); the state flag comes from the Surveys list (router
// state or `?state=`), else from the user's instances. After Submit: 'Processing complete' and the full
// success circle; a refillable survey can be filled in again. An anonymous survey (ADR 035) says so before
// the form, and once answered says that the answer cannot be shown back (it is stored without the name).
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MSG, type SurveyCategory, type SurveyForm, type SurveyQuestion } from '@hearth/contract';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Result,
  Select,
  Typography,
} from 'antd';
import { type ReactNode, useDeferredValue, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError, isSessionExpired } from '../../lib/api';
import { requestIdOf } from '../../lib/api-error';
import { DatePicker } from '../../lib/date-picker';
import { ErrorReference } from '../../lib/error-reference';
import { LightSteps } from '../../lib/light-steps';
import { PageHeader } from '../../lib/page-header';
import { LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useIsMobile } from '../../lib/use-is-mobile';
import { AnonymousTag } from './anonymous-tag';
import { useMyInstances, useSubmitSurvey, useSurveyForm } from './api';
import { parseSurveyId } from './route-params';
import {
  answerRules,
  buildAnswers,
  fieldName,
  firstIncompleteStep,
  isLastStep,
  isRequired,
  opensAsComplete,
  stateFlagOf,
  stepPercent,
  surveySteps,
} from './survey-logic';
import './staff-surveys.css';
import { growField } from '../../lib/grow-field';

const SURVEYS_PATH = '/surveys';
const MAX_ANSWER = 10_000;

function BackToSurveys({ primary = false }: { primary?: boolean }) {
  const navigate = useNavigate();
  return (
    <Button type={primary ? 'primary' : 'default'} onClick={() => navigate(SURVEYS_PATH)}>
      Back to Surveys
    </Button>
  );
}

/** The full success circle with a heading: shown after Submit and for a survey already completed. */
function SurveyDone({
  title,
  subTitle,
  onFillAgain,
}: {
  title: string;
  subTitle?: string;
  onFillAgain?: () => void;
}) {
  return (
    <Result
      className="survey-done"
      role="status"
      icon={<Progress type="circle" percent={100} status="success" aria-label="Survey complete" />}
      title={title}
      subTitle={subTitle}
      extra={[
        onFillAgain && (
          <Button key="again" type="primary" onClick={onFillAgain}>
            Fill in again
          </Button>
        ),
        <BackToSurveys key="back" primary={!onFillAgain} />,
      ]}
    />
  );
}

/** The control of a question's answer type; a plain element, so Form.Item hands it id, value and onChange. */
function answerControl(question: SurveyQuestion): ReactNode {
  const options = question.options.map((o) => ({ value: o.value, label: o.value }));
  switch (question.questionAnswerType.name) {
    case 'textArea':
      return <Input.TextArea {...growField(3, 10)} maxLength={MAX_ANSWER} />;
    case 'number':
      return <InputNumber style={{ width: '100%', maxWidth: 280 }} />;
    case 'date':
      return <DatePicker format="YYYY-MM-DD" style={{ width: '100%', maxWidth: 280 }} />;
    case 'radio':
      return <Radio.Group options={options} />;
    case 'select':
      return (
        <Select
          options={options}
          allowClear={!isRequired(question)}
          placeholder="Select an answer"
          style={{ width: '100%' }}
        />
      );
    default:
      return <Input maxLength={MAX_ANSWER} />;
  }
}

function StepQuestions({ category }: { category: SurveyCategory }) {
  return (
    <>
      {category.questions.map((question) => (
        <Form.Item
          key={question.id}
          className="survey-fill-question"
          name={fieldName(question)}
          label={question.title}
          rules={answerRules(question)}
          required={isRequired(question)}
        >
          {answerControl(question)}
        </Form.Item>
      ))}
    </>
  );
}

type StepFormProps = {
  survey: SurveyForm;
  steps: SurveyCategory[];
  userId: number | undefined;
  onSubmitted: () => void;
  onAlreadyAnswered: () => void;
};

function SurveyStepForm({ survey, steps, userId, onSubmitted, onAlreadyAnswered }: StepFormProps) {
  const [form] = Form.useForm();
  const [current, setCurrent] = useState(0);
  /** The failed submission, shown with its reference until the next try. */
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const submit = useSubmitSurvey();
  const isMobile = useIsMobile();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const last = isLastStep(current, steps.length);
  const category = steps[current];

  const goTo = (step: number) => {
    setFailed(null);
    flushSync(() => setCurrent(step));
    // Keyboard and screen-reader users land on the new step's heading, not at the bottom of the old one.
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
  };

  const send = () => {
    const values = form.getFieldsValue(true) as { answers?: Record<string, unknown> };
    // Every step's required answers, not only this one's (the form keeps the values of hidden steps).
    const missing = firstIncompleteStep(steps, values.answers);
    if (missing >= 0 && missing !== current) {
      goTo(missing);
      // Show that step's messages at once (its fields are mounted now).
      form.validateFields().catch(() => undefined);
      return;
    }
    setFailed(null);
    submit.mutate(
      { surveyId: survey.id, createdById: userId, answers: buildAnswers(steps, values.answers) },
      {
        onSuccess: onSubmitted,
        onError: (err) => {
          if (isSessionExpired(err)) return;
          if (isApiError(err) && err.status === 409) onAlreadyAnswered();
          else setFailed({ error: err });
        },
      },
    );
  };

  // Only the shown step's questions are mounted, so the form validates just this step before moving on.
  const onFinish = () => (last ? send() : goTo(current + 1));

  if (!category) return null;
  return (
    <>
      <div className="survey-fill-steps">
        <LightSteps
          items={steps.map((c) => ({ key: c.id, title: c.name }))}
          current={current}
          vertical={isMobile}
          label="Survey steps"
        />
      </div>
      <Progress
        className="survey-fill-progress"
        percent={stepPercent(current, steps.length)}
        format={() => `${current + 1} / ${steps.length}`}
        aria-label={`Step ${current + 1} of ${steps.length}`}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={onFinish}
        scrollToFirstError={{ focus: true, block: 'center' }}
        disabled={submit.isPending}
      >
        <Typography.Title level={2} className="survey-fill-step-title" ref={headingRef} tabIndex={-1}>
          {category.name}
        </Typography.Title>
        <StepQuestions key={category.id} category={category} />
        {failed && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={MSG.somethingWrong}
            description={requestIdOf(failed.error) && <ErrorReference id={requestIdOf(failed.error)} />}
          />
        )}
        <div className="survey-fill-actions">
          {current > 0 && <Button onClick={() => goTo(current - 1)}>Back</Button>}
          <Button
            className="survey-fill-next"
            type="primary"
            htmlType="submit"
            loading={last && submit.isPending}
          >
            {last ? 'Submit' : 'Next'}
          </Button>
        </div>
      </Form>
    </>
  );
}

type Done = 'submitted' | 'answered' | null;

export default function SurveyFillPage() {
  const params = useParams();
  const surveyId = parseSurveyId(params.surveyId);
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const profile = useProfile();
  // The list's click (router state) is fresh; a `?state=` address may be an old bookmark or a link opened
  // after answering elsewhere, so then the server is asked, and the address only serves if it cannot answer.
  const listFlag = stateFlagOf(location.state, null);
  const addressFlag = stateFlagOf(null, search.get('state'));
  const formQuery = useSurveyForm(surveyId);
  const instances = useMyInstances(surveyId, profile?.id, listFlag === null);
  const [done, setDone] = useState<Done>(null);
  // A new round remounts the step form, starting again from an empty first step.
  const [round, setRound] = useState(0);
  // The form renders in an interruptible pass after it arrives (ARCHITECTURE: deferred page renders).
  const survey = useDeferredValue(formQuery.data);
  const steps = useMemo(() => (survey ? surveySteps(survey) : []), [survey]);
  useDocumentTitle(survey?.title ?? 'Survey');

  // An anonymous response is never listed back: the form's `answered` (the caller's marker) says it exists.
  const hasInstance =
    listFlag !== null
      ? listFlag === 1
      : survey?.isAnonymous === 1
        ? survey.answered
        : instances.data
          ? instances.data.length > 0
          : addressFlag === 1;
  const anonymousNote = survey?.isAnonymous === 1 ? MSG.surveyAnsweredAnonymously : undefined;

  /** After a submission the address says an instance exists, so a reload opens as it should. */
  const markAnswered = (result: Exclude<Done, null>) => {
    setDone(result);
    navigate(
      { pathname: location.pathname, search: '?state=1' },
      { replace: true, state: { surveyState: 1 } },
    );
    window.scrollTo?.({ top: 0 });
  };

  let body: ReactNode;
  if (surveyId === 0) {
    body = <Result status="error" title={MSG.somethingWrong} extra={<BackToSurveys primary />} />;
  } else if (formQuery.isError) {
    body = isSessionExpired(formQuery.error) ? (
      <LoadingBlock rows={6} />
    ) : (
      <Result
        status="error"
        title={MSG.somethingWrong}
        subTitle={requestIdOf(formQuery.error) && <ErrorReference id={requestIdOf(formQuery.error)} />}
        extra={[
          <BackToSurveys key="back" primary />,
          <Button key="retry" onClick={() => formQuery.refetch()}>
            Try again
          </Button>,
        ]}
      />
    );
  } else if (!survey || instances.isLoading) {
    // Nothing of the page until the survey is known: its title may take two lines on a phone, and a
    // header drawn first would push the form down when it came (layout shift).
    return (
      <section className="page survey-fill">
        <LoadingBlock rows={8} />
      </section>
    );
  } else if (done === 'submitted') {
    body = (
      <SurveyDone
        title={MSG.processingComplete}
        subTitle={anonymousNote && 'Your answer was recorded anonymously.'}
        onFillAgain={
          survey.isRefillable === 1
            ? () => {
                setDone(null);
                setRound((r) => r + 1);
              }
            : undefined
        }
      />
    );
  } else if (done === 'answered' || opensAsComplete(survey.isRefillable, hasInstance)) {
    body = <SurveyDone title={MSG.surveyAnswered} subTitle={anonymousNote} />;
  } else if (steps.length === 0) {
    body = (
      <Empty description="This survey has no questions yet.">
        <BackToSurveys />
      </Empty>
    );
  } else {
    body = (
      <SurveyStepForm
        key={round}
        survey={survey}
        steps={steps}
        userId={profile?.id}
        onSubmitted={() => markAnswered('submitted')}
        onAlreadyAnswered={() => markAnswered('answered')}
      />
    );
  }

  return (
    <section className="page survey-fill">
      <PageHeader
        title={survey?.title ?? 'Survey'}
        extra={
          <Link to={SURVEYS_PATH}>
            <ArrowLeftOutlined aria-hidden /> All surveys
          </Link>
        }
      />
      <Card>
        {survey?.isAnonymous === 1 && (
          <div className="survey-fill-anonymous">
            <AnonymousTag />
            {!done && !opensAsComplete(survey.isRefillable, hasInstance) && (
              <Typography.Text type="secondary">
                Your answers are stored without your name; reports do not show who answered
                {survey.minGroupSize === null
                  ? '.'
                  : `, and show results by location or department only for groups of at least ${survey.minGroupSize}.`}
              </Typography.Text>
            )}
          </div>
        )}
        {survey?.description && !done && (
          <Typography.Paragraph className="survey-fill-description">
            {survey.description}
          </Typography.Paragraph>
        )}
        {body}
      </Card>
    </section>
  );
}
