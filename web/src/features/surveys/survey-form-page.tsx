// /surveys/create and /surveys/edit/:surveyId (roles 1 and 3): the survey form (SPEC sections 2, 4, 5
// and 9). Create asks for title, description, Refillable and the optional audience, then opens the builder.
// Edit adds start and end time (required) and the Draft/Published status. Invalid forms scroll to the first
// error and send nothing; a failed save shows the server's message and leaves the form editable.
import { UnorderedListOutlined } from '@ant-design/icons';
import {
  formatApiDate,
  GROUP_TYPE,
  MSG,
  PATHS,
  parseApiDate,
  STATE,
  type Survey,
  type SurveyCreateBody,
  type SurveyUpdateBody,
} from '@hearth/contract';
import { Button, Card, Col, Form, Input, Row, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showFormError } from '../../lib/form-errors';
import { GroupSelects } from '../../lib/group-selects';
import { toastSuccess } from '../../lib/notify';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DateTimeInput, endAfterStartRule, StatusField } from '../feed/post-form-fields';
import { useGroups } from '../groups/api';
import { useAdminSurvey, useCreateSurvey, useUpdateSurvey } from './admin-api';
import './surveys-admin.css';
import { growField } from '../../lib/grow-field';

type Values = {
  title: string;
  description: string;
  isRefillable: boolean;
  location: number[];
  department: number[];
  startAt: Dayjs | null;
  endAt: Dayjs | null;
  stateId: 1 | 2;
};

/**
 * SPEC section 9: "Default survey start and end suggestion is 7 days ahead". Read as: a survey without
 * times is suggested to open now and close 7 days later (the editor can change both before saving).
 */
export const DEFAULT_SURVEY_DAYS = 7;

const builderPath = (id: number) => `/survey-builder/${id}`;

function toDayjs(value: string | null | undefined): Dayjs | null {
  const date = value ? parseApiDate(value) : null;
  return date ? dayjs(date) : null;
}

function idsOfType(survey: Survey | undefined, typeId: number): number[] {
  return (survey?.groups ?? []).filter((g) => g.groupTypeId === typeId).map((g) => g.id);
}

function initialValues(survey: Survey | undefined): Values {
  const now = dayjs().second(0).millisecond(0);
  const start = toDayjs(survey?.startAt) ?? now;
  const end = toDayjs(survey?.endAt) ?? start.add(DEFAULT_SURVEY_DAYS, 'day');
  return {
    title: survey?.title ?? '',
    description: survey?.description ?? '',
    isRefillable: survey?.isRefillable === 1,
    location: idsOfType(survey, GROUP_TYPE.LOCATION),
    department: idsOfType(survey, GROUP_TYPE.DEPARTMENT),
    startAt: survey ? start : null,
    endAt: survey ? end : null,
    stateId: survey?.stateId === STATE.PUBLISHED ? STATE.PUBLISHED : STATE.DRAFT,
  };
}

/** Server field names that the form calls differently. */
const FIELD_ALIASES = { groups: 'location' };

/** The new survey's id out of the create answer (its data is the id). */
function newId(data: unknown): number | undefined {
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object' && 'id' in data && typeof data.id === 'number') return data.id;
  return undefined;
}

function SurveyForm({ survey }: { survey?: Survey }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const create = useCreateSurvey();
  const update = useUpdateSurvey(survey?.id ?? 0);
  const groups = useGroups();
  const initial = useMemo(() => initialValues(survey), [survey]);
  const pending = create.isPending || update.isPending;
  // Groups of other types (teams) are not on this form: keep them as they are.
  const otherGroups = useMemo(
    () =>
      (survey?.groups ?? [])
        .filter((g) => g.groupTypeId !== GROUP_TYPE.LOCATION && g.groupTypeId !== GROUP_TYPE.DEPARTMENT)
        .map((g) => g.id),
    [survey],
  );

  const onFinish = (values: Values) => {
    const common: Pick<SurveyUpdateBody, 'title' | 'description' | 'isRefillable' | 'groups'> = {
      title: values.title.trim(),
      description: values.description.trim(),
      isRefillable: values.isRefillable ? 1 : 0,
      groups: [...(values.location ?? []), ...(values.department ?? []), ...otherGroups],
    };
    const onError = (err: unknown) => showFormError(form, err, FIELD_ALIASES);

    if (!survey) {
      const body: SurveyCreateBody = { ...common, isActive: 1, stateId: STATE.DRAFT };
      create.mutate(body, {
        onSuccess: (data) => {
          toastSuccess(MSG.surveyCreated);
          const id = newId(data);
          navigate(id ? builderPath(id) : PATHS.adminSurveysList);
        },
        onError,
      });
      return;
    }
    if (!values.startAt || !values.endAt) return;
    const body: SurveyUpdateBody = {
      ...common,
      stateId: values.stateId,
      startAt: formatApiDate(values.startAt.toDate()),
      endAt: formatApiDate(values.endAt.toDate()),
    };
    update.mutate(body, {
      onSuccess: () => {
        toastSuccess(MSG.surveyUpdated);
        navigate(PATHS.adminSurveysList);
      },
      onError,
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="survey"
      initialValues={initial}
      onFinish={onFinish}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      disabled={pending}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title="Survey">
            <Form.Item
              label="Title"
              name="title"
              rules={[{ required: true, whitespace: true, message: MSG.surveyTitleRequired }]}
            >
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item
              label="Description"
              name="description"
              rules={[{ required: true, whitespace: true, message: MSG.surveyDescriptionRequired }]}
            >
              <Input.TextArea maxLength={5000} {...growField(3, 10)} />
            </Form.Item>
            <Form.Item
              label="Refillable"
              name="isRefillable"
              valuePropName="checked"
              extra="Staff may fill in a refillable survey more than once."
            >
              <Switch />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={survey ? 'Publish' : 'Audience'}>
            {survey && (
              <>
                <StatusField />
                <Form.Item
                  label="Start time"
                  name="startAt"
                  rules={[{ required: true, message: MSG.selectTime }]}
                >
                  <DateTimeInput />
                </Form.Item>
                <Form.Item
                  label="End time"
                  name="endAt"
                  dependencies={['startAt']}
                  rules={[{ required: true, message: MSG.selectTime }, endAfterStartRule]}
                >
                  <DateTimeInput />
                </Form.Item>
              </>
            )}
            <GroupSelects
              groups={groups.data}
              loading={groups.isPending}
              multiple
              locationLabel="Location"
              departmentExtra="Leave location and department empty to send the survey to everyone."
            />
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={pending}>
                {survey ? 'Save' : 'Create'}
              </Button>
              <Button onClick={() => navigate(PATHS.adminSurveysList)}>Cancel</Button>
            </Space>
          </Card>
        </Col>
      </Row>
    </Form>
  );
}

export default function SurveyFormPage() {
  const { surveyId } = useParams();
  const id = surveyId && /^\d{1,10}$/.test(surveyId) ? Number(surveyId) : undefined;
  const editing = surveyId !== undefined;
  const title = editing ? 'Edit Survey' : 'Create Survey';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const survey = useAdminSurvey(id);

  let body = <SurveyForm />;
  if (editing) {
    if (id === undefined) body = <LoadError error={new Error(MSG.notFound)} />;
    else if (survey.isError) body = <LoadError error={survey.error} onRetry={() => survey.refetch()} />;
    else if (!survey.data)
      body = (
        <Card>
          <LoadingBlock rows={10} />
        </Card>
      );
    else body = <SurveyForm key={survey.data.id} survey={survey.data} />;
  }

  return (
    <section className="page survey-form-page">
      <PageHeader
        title={title}
        extra={
          id !== undefined && (
            <Button icon={<UnorderedListOutlined aria-hidden />} onClick={() => navigate(builderPath(id))}>
              Edit questions
            </Button>
          )
        }
      />
      {body}
    </section>
  );
}
