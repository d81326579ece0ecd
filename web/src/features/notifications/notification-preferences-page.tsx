// /notification-preferences (roles 1, 2, 3; issue 18, ADR 033): how the caller is told of each type of
// notification (in the app, by push, by e-mail), the e-mail digest, quiet hours for push and the time zone
// they are kept in. Saved together; the server's field messages show on their fields.
import { BellOutlined } from '@ant-design/icons';
import { DIGEST_FREQUENCIES, MSG, PATHS } from '@hearth/contract';
import { Button, Card, Flex, Form, Radio, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { showFormError } from '../../lib/form-errors';
import { FORM_PAGE_PROPS } from '../../lib/form-page';
import { toastSuccess } from '../../lib/notify';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ChannelTable } from './channel-table';
import { useNotificationPreferences, useSaveNotificationPreferences } from './preferences-api';
import {
  browserTimeZone,
  DEFAULT_QUIET_HOURS,
  DIGEST_LABEL,
  fromForm,
  type PreferencesForm,
  SERVER_FIELD_ALIASES,
  timeZones,
  toForm,
} from './preferences-logic';
import { TimeField } from './time-field';
import './notification-centre.css';

const DIGEST_OPTIONS = DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_LABEL[value] }));

/** Both times, and not the same one (that would be no quiet time, or all day). */
const quietTimeRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async () => {
    const start = getFieldValue('quietStart');
    const end = getFieldValue('quietEnd');
    if (!start || !end || start === end) throw new Error(MSG.quietHoursInvalid);
  },
});

function PreferencesFormBody({
  initial,
  browserZoneUsed,
}: {
  initial: PreferencesForm;
  browserZoneUsed: boolean;
}) {
  const [form] = Form.useForm<PreferencesForm>();
  const save = useSaveNotificationPreferences();
  const quietEnabled = Form.useWatch('quietEnabled', form) ?? initial.quietEnabled;
  const [zoneHint, setZoneHint] = useState(browserZoneUsed);
  const zones = useMemo(
    () => timeZones([initial.timeZone]).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [initial.timeZone],
  );

  const submit = (values: PreferencesForm) =>
    save.mutate(fromForm({ ...form.getFieldsValue(true), ...values }), {
      onSuccess: () => {
        setZoneHint(false);
        toastSuccess(MSG.preferencesSaved);
      },
      onError: (err) => showFormError(form, err, SERVER_FIELD_ALIASES),
    });

  return (
    <Form<PreferencesForm> {...FORM_PAGE_PROPS} form={form} initialValues={initial} onFinish={submit}>
      <Flex vertical gap={16}>
        <Card title="Notify me">
          <Form.Item name="channels" noStyle>
            <ChannelTable />
          </Form.Item>
        </Card>
        <Card title="E-mail digest">
          <Form.Item
            name="digest"
            label="Send me a digest"
            extra="Your unread notifications and the most read posts, in one e-mail."
          >
            <Radio.Group options={DIGEST_OPTIONS} />
          </Form.Item>
        </Card>
        <Card title="Quiet hours">
          <Form.Item name="quietEnabled" label="Pause push notifications at night" valuePropName="checked">
            <Switch
              onChange={(on) => {
                // Switched on without times yet: start from the usual evening to morning.
                if (on && !form.getFieldValue('quietStart'))
                  form.setFieldsValue({ ...DEFAULT_QUIET_HOURS_FORM });
              }}
            />
          </Form.Item>
          <p className="preferences-note">
            No push notifications are sent during quiet hours; must-read reminders wait until quiet hours end.
          </p>
          {quietEnabled && (
            <div className="quiet-hours">
              <Form.Item name="quietStart" label="From" rules={[quietTimeRule]} dependencies={['quietEnd']}>
                <TimeField />
              </Form.Item>
              <Form.Item name="quietEnd" label="Until" rules={[quietTimeRule]} dependencies={['quietStart']}>
                <TimeField />
              </Form.Item>
            </div>
          )}
          <Form.Item
            name="timeZone"
            label="Time zone"
            className="time-zone"
            extra={zoneHint ? 'Taken from this browser. Save to keep it.' : 'Quiet hours follow it.'}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={zones} />
          </Form.Item>
        </Card>
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </div>
      </Flex>
    </Form>
  );
}

const DEFAULT_QUIET_HOURS_FORM = { quietStart: DEFAULT_QUIET_HOURS.start, quietEnd: DEFAULT_QUIET_HOURS.end };

export default function NotificationPreferencesPage() {
  useDocumentTitle('Notification preferences');
  const navigate = useNavigate();
  const prefs = useNotificationPreferences();
  // Once per load: later refetches (after saving) must not reset what is on screen.
  const [initial, setInitial] = useState<{ form: PreferencesForm; browserZoneUsed: boolean } | null>(null);
  if (prefs.data && !initial) {
    const form = toForm(prefs.data, browserTimeZone());
    setInitial({ form, browserZoneUsed: form.timeZone !== prefs.data.timeZone });
  }

  let body = <LoadingBlock rows={8} />;
  if (prefs.isError && !prefs.data) body = <LoadError error={prefs.error} onRetry={() => prefs.refetch()} />;
  else if (initial)
    body = <PreferencesFormBody initial={initial.form} browserZoneUsed={initial.browserZoneUsed} />;

  return (
    <section className="page notification-preferences">
      <PageHeader
        title="Notification preferences"
        extra={
          <Button icon={<BellOutlined aria-hidden />} onClick={() => navigate(PATHS.notifications)}>
            All notifications
          </Button>
        }
      />
      {body}
    </section>
  );
}
