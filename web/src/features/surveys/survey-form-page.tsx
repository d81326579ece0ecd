// /surveys/create and /surveys/edit/:surveyId (roles 1 and 3): the survey form (product.md sections 2, 4, 5
// and 9). Create asks for title, description, Refillable and the optional audience, then opens the builder.
// Edit adds start and end time (required) and the Draft/Published status. Invalid forms scroll to the first
// error and send nothing; a failed save shows the server's message and leaves the form editable. The
// Anonymous switch (ADR 035) is settled before the first response: once there are responses it is read-only.
// An anonymous survey shows its smallest group of results, fixed when it is published (read-only).
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
import { Button, Card, Form, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ColumnsForm, editFormPage, SaveBar, useSaveAndLeave } from '../../lib/form-page';
import { StartEndFields } from '../../lib/start-end-fields';
import { StatusField } from '../../lib/status-field';
import { TitleDescriptionFields } from '../../lib/title-description-fields';
import { GroupSelects, otherGroupIds } from '../../shared/people/group-selects';
import { useGroups } from '../../shared/people/groups';
import { useAdminSurvey, useCreateSurvey, useUpdateSurvey } from './admin-api';
import { useSurveyForm } from './api';
import './surveys-admin.css';

type Values = {
  title: string;
  description: string;
  isRefillable: boolean;
  isAnonymous: boolean;
  location: number[];
  department: number[];
  startAt: Dayjs | null;
  endAt: Dayjs | null;
  stateId: 1 | 2;
};

/**
 * product.md section 9: a survey without
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
    isAnonymous: survey?.isAnonymous === 1,
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
  // Whether responses exist (the form's answer says so): the anonymous switch is then fixed.
  const stored = useSurveyForm(survey?.id ?? 0);
  const anonymousFixed = stored.data?.hasResponses === true;
  const initial = useMemo(() => initialValues(survey), [survey]);
  const anonymous = Form.useWatch('isAnonymous', form) ?? initial.isAnonymous;
  const pending = create.isPending || update.isPending;
  // Groups of other types (teams) are not on this form: keep them as they are.
  const otherGroups = useMemo(() => otherGroupIds(survey?.groups), [survey]);

  const sendNew = useSaveAndLeave(form, create, {
    message: MSG.surveyCreated,
    // The new survey opens in the builder.
    to: (data) => {
      const id = newId(data);
      return id ? builderPath(id) : PATHS.adminSurveysList;
    },
    aliases: FIELD_ALIASES,
  });
  const sendUpdate = useSaveAndLeave(form, update, {
    message: MSG.surveyUpdated,
    to: PATHS.adminSurveysList,
    aliases: FIELD_ALIASES,
  });

  const onFinish = (values: Values) => {
    const common: Pick<
      SurveyUpdateBody,
      'title' | 'description' | 'isRefillable' | 'isAnonymous' | 'groups'
    > = {
      title: values.title.trim(),
      description: values.description.trim(),
      isRefillable: values.isRefillable ? 1 : 0,
      isAnonymous: values.isAnonymous ? 1 : 0,
      groups: [...(values.location ?? []), ...(values.department ?? []), ...otherGroups],
    };
    if (!survey) {
      const body: SurveyCreateBody = { ...common, isActive: 1, stateId: STATE.DRAFT };
      sendNew(body);
      return;
    }
    if (!values.startAt || !values.endAt) return;
    const body: SurveyUpdateBody = {
      ...common,
      stateId: values.stateId,
      startAt: formatApiDate(values.startAt.toDate()),
      endAt: formatApiDate(values.endAt.toDate()),
    };
    sendUpdate(body);
  };

  return (
    <ColumnsForm<Values>
      form={form}
      name="survey"
      initialValues={initial}
      onFinish={onFinish}
      disabled={pending}
      main={
        <Card title="Survey">
          <TitleDescriptionFields
            title={{ message: MSG.surveyTitleRequired, maxLength: 300 }}
            description={{ message: MSG.surveyDescriptionRequired, rows: 10 }}
          />
          <Form.Item
            label="Refillable"
            name="isRefillable"
            valuePropName="checked"
            extra="Staff may fill in a refillable survey more than once."
          >
            <Switch />
          </Form.Item>
          <Form.Item
            label="Anonymous"
            name="isAnonymous"
            valuePropName="checked"
            extra={
              anonymousFixed
                ? 'This survey has responses, so this can no longer change.'
                : 'Responses are stored without names. Reports show no one, and results by location or department only for large enough groups. This cannot change once someone has answered.'
            }
          >
            <Switch disabled={anonymousFixed} />
          </Form.Item>
          {anonymous && <MinGroupSize size={survey?.minGroupSize ?? null} />}
        </Card>
      }
      side={
        <Card title={survey ? 'Publish' : 'Audience'}>
          {survey && (
            <>
              <StatusField />
              <StartEndFields
                labels={['Start time', 'End time']}
                required={[MSG.selectTime, MSG.selectTime]}
              />
            </>
          )}
          <GroupSelects
            groups={groups.data}
            loading={groups.isPending}
            multiple
            locationLabel="Location"
            departmentExtra="Leave location and department empty to send the survey to everyone."
          />
          <SaveBar
            label={survey ? 'Save' : 'Create'}
            saving={pending}
            onCancel={() => navigate(PATHS.adminSurveysList)}
          />
        </Card>
      }
    />
  );
}

/**
 * The smallest group of the survey's results by location or department: read-only, since it is copied from
 * the anonymous survey setting when the survey is published and never changes after (ADR 035).
 */
function MinGroupSize({ size }: { size: number | null }) {
  return (
    <Form.Item label="Smallest group in results" className="survey-min-group">
      <Typography.Text>
        {size === null
          ? 'Set from the anonymous survey setting when the survey is published, then fixed.'
          : `${size} people, fixed when the survey was published.`}
      </Typography.Text>
    </Form.Item>
  );
}

function EditQuestionsButton({ id }: { id: number }) {
  const navigate = useNavigate();
  return (
    <Button icon={<UnorderedListOutlined aria-hidden />} onClick={() => navigate(builderPath(id))}>
      Edit questions
    </Button>
  );
}

export default editFormPage({
  param: 'surveyId',
  titles: { create: 'Create Survey', edit: 'Edit Survey' },
  className: 'survey-form-page',
  useRecord: useAdminSurvey,
  extra: (id) => id !== undefined && <EditQuestionsButton id={id} />,
  form: (s) => <SurveyForm key={s?.id} survey={s} />,
});
