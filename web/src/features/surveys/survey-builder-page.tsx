// /survey-builder/:surveyId (roles 1 and 3): the stepper builder (product.md sections 2, 3 and 5). One step
// per category; a new survey starts with 'Category 1'. Categories are added, renamed, moved and removed
// (never the last); each holds text or option questions. Save sends the whole set to build-survey and shows
// the server's message. A survey with responses is shown read-only (ADR 011: the server answers 409).
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { MSG, type SurveyForm } from '@hearth/contract';
import { Alert, Button, Card, Form, Input, Popconfirm, Space, Steps, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { toastError, toastSuccess } from '../../lib/notify';
import { PageHeader } from '../../lib/page-header';
import { parseRouteId } from '../../lib/query-helpers';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useBuildSurvey, useSurveyBuilderForm } from './admin-api';
import {
  addCategory,
  addQuestion,
  type BuilderIssue,
  categoriesWithIssues,
  type DraftCategory,
  fromForm,
  issueFor,
  moveCategory,
  removeCategory,
  renameCategory,
  toBuildBody,
  validateBuilder,
} from './builder-logic';
import { QuestionEditor } from './question-editor';
import './surveys-admin.css';

function Builder({ survey }: { survey: SurveyForm }) {
  const isMobile = useIsMobile();
  const build = useBuildSurvey(survey.id);
  const [categories, setCategories] = useState<DraftCategory[]>(() => fromForm(survey));
  const [current, setCurrent] = useState(0);
  const [showIssues, setShowIssues] = useState(false);
  const [lockedMessage, setLockedMessage] = useState<string | null>(
    survey.hasResponses ? MSG.surveyHasResponses : null,
  );
  const [focusRequest, setFocusRequest] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const readOnly = lockedMessage !== null;
  const active = Math.min(current, categories.length - 1);
  const category = categories[active];

  const issues: BuilderIssue[] = useMemo(
    () => (showIssues ? validateBuilder(categories) : []),
    [showIssues, categories],
  );
  const badSteps = categoriesWithIssues(issues);

  // After a refused save, bring the first invalid field of the shown category into view and focus it.
  useEffect(() => {
    if (focusRequest === 0) return;
    const field = panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  }, [focusRequest]);

  const change = (next: (cats: DraftCategory[]) => DraftCategory[]) => setCategories((cats) => next(cats));

  const onAddCategory = () => {
    change(addCategory);
    setCurrent(categories.length);
  };
  const onMoveCategory = (by: -1 | 1) => {
    change((cats) => moveCategory(cats, active, by));
    setCurrent(Math.max(0, Math.min(categories.length - 1, active + by)));
  };
  const onRemoveCategory = () => {
    change((cats) => removeCategory(cats, active));
    setCurrent(Math.max(0, active - 1));
  };

  const onSave = () => {
    const found = validateBuilder(categories);
    if (found.length > 0) {
      setShowIssues(true);
      setCurrent(found[0]?.categoryIndex ?? 0);
      setFocusRequest((n) => n + 1);
      return;
    }
    build.mutate(toBuildBody(survey.id, categories), {
      onSuccess: (result) => toastSuccess(result?.message || MSG.surveyBuilt),
      onError: (err) => {
        if (isApiError(err) && err.status === 409) setLockedMessage(err.message || MSG.surveyHasResponses);
        toastError(err);
      },
    });
  };

  if (!category) return null;
  const nameError = issueFor(issues, active, 'name');

  return (
    <>
      {lockedMessage && (
        <Alert
          type="warning"
          showIcon
          className="survey-builder-steps"
          title="The questions are read-only"
          description={lockedMessage}
        />
      )}
      <Card className="survey-builder-steps">
        <Steps
          current={active}
          onChange={setCurrent}
          orientation={isMobile ? 'vertical' : 'horizontal'}
          size="small"
          items={categories.map((c, i) => ({
            title: c.name.trim() || 'Untitled category',
            content: `${c.questions.length} question${c.questions.length === 1 ? '' : 's'}`,
            status: badSteps.has(i) ? 'error' : undefined,
          }))}
        />
      </Card>
      <div ref={panelRef}>
        <Form layout="vertical" component="div" disabled={readOnly || build.isPending}>
          <Card
            title={`Step ${active + 1} of ${categories.length}`}
            extra={
              !readOnly && (
                <Space size={4} wrap>
                  <Tooltip title="Move left">
                    <Button
                      icon={<ArrowLeftOutlined aria-hidden />}
                      aria-label="Move category left"
                      disabled={active === 0}
                      onClick={() => onMoveCategory(-1)}
                    />
                  </Tooltip>
                  <Tooltip title="Move right">
                    <Button
                      icon={<ArrowRightOutlined aria-hidden />}
                      aria-label="Move category right"
                      disabled={active === categories.length - 1}
                      onClick={() => onMoveCategory(1)}
                    />
                  </Tooltip>
                  <Popconfirm
                    title="Remove this category and its questions?"
                    okText="Remove"
                    okButtonProps={{ danger: true }}
                    cancelText="Cancel"
                    onConfirm={onRemoveCategory}
                    disabled={categories.length <= 1}
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label="Remove category"
                      disabled={categories.length <= 1}
                    />
                  </Popconfirm>
                </Space>
              )
            }
          >
            <Form.Item
              label="Category name"
              htmlFor={`survey-c-${category.key}-name`}
              required
              validateStatus={nameError ? 'error' : undefined}
              help={nameError}
            >
              <Input
                id={`survey-c-${category.key}-name`}
                value={category.name}
                maxLength={200}
                aria-invalid={nameError ? true : undefined}
                onChange={(e) => change((cats) => renameCategory(cats, active, e.target.value))}
              />
            </Form.Item>
            {category.questions.length === 0 && (
              <Typography.Paragraph type="secondary">
                This category has no questions yet.
              </Typography.Paragraph>
            )}
            {category.questions.map((q, qi) => (
              <QuestionEditor
                key={q.key}
                question={q}
                index={qi}
                count={category.questions.length}
                readOnly={readOnly}
                titleError={issueFor(issues, active, 'title', qi)}
                optionsError={issueFor(issues, active, 'options', qi)}
                onEdit={(next) => change((cats) => next(cats, active, qi))}
              />
            ))}
            {!readOnly && (
              <Space wrap>
                <Button
                  type="dashed"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => change((cats) => addQuestion(cats, active, 'text_input'))}
                >
                  Add text question
                </Button>
                <Button
                  type="dashed"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => change((cats) => addQuestion(cats, active, 'options_question'))}
                >
                  Add choice question
                </Button>
              </Space>
            )}
          </Card>
        </Form>
      </div>
      <div className="survey-builder-actions">
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined aria-hidden />}
            disabled={active === 0}
            onClick={() => setCurrent(active - 1)}
          >
            Previous
          </Button>
          <Button
            disabled={active === categories.length - 1}
            onClick={() => setCurrent(active + 1)}
            icon={<ArrowRightOutlined aria-hidden />}
            iconPlacement="end"
          >
            Next
          </Button>
        </Space>
        {!readOnly && (
          <Space wrap>
            <Button icon={<PlusOutlined aria-hidden />} onClick={onAddCategory} disabled={build.isPending}>
              Add category
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined aria-hidden />}
              loading={build.isPending}
              onClick={onSave}
            >
              Save
            </Button>
          </Space>
        )}
      </div>
    </>
  );
}

export default function SurveyBuilderPage() {
  useDocumentTitle('Survey Builder');
  const navigate = useNavigate();
  const { surveyId } = useParams();
  const id = parseRouteId(surveyId);
  const form = useSurveyBuilderForm(id);

  let body = (
    <Card>
      <LoadingBlock rows={8} />
    </Card>
  );
  if (id === undefined) body = <LoadError error={new Error(MSG.notFound)} />;
  else if (form.isError) body = <LoadError error={form.error} onRetry={() => form.refetch()} />;
  else if (form.data) body = <Builder key={form.data.id} survey={form.data} />;

  return (
    <section className="page survey-builder-page">
      <PageHeader
        title={form.data ? `Survey Builder: ${form.data.title}` : 'Survey Builder'}
        extra={
          id !== undefined && (
            <Button icon={<SettingOutlined aria-hidden />} onClick={() => navigate(`/surveys/edit/${id}`)}>
              Survey settings
            </Button>
          )
        }
      />
      {body}
    </section>
  );
}
