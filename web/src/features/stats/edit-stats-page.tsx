// /edit-stats (role 1): every key statistic in one form; saving returns to /stats.
import { KEY_STATS_LABELS, type KeyStatsUpdate, MSG } from '@hearth/contract';
import { Card, Col, Form, Input, InputNumber, Row } from 'antd';
import { useNavigate } from 'react-router';
import { SaveBar, useSaveAndLeave } from '../../lib/form-page';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useKeyStats, useUpdateKeyStats } from './api';
import { figureText, figureValue, isAmount, STAT_FIELDS } from './stat-fields';

export default function EditStatsPage() {
  useDocumentTitle('Edit Company Stats');
  const navigate = useNavigate();
  const [form] = Form.useForm<KeyStatsUpdate>();
  const stats = useKeyStats();
  const update = useUpdateKeyStats();
  const send = useSaveAndLeave(form, update, { message: MSG.statsUpdated, to: '/stats' });

  if (stats.isError) return <LoadError error={stats.error} onRetry={() => stats.refetch()} />;
  if (!stats.data) return <LoadingBlock rows={8} />;
  const { id, ...initialValues } = stats.data;

  const onFinish = (values: KeyStatsUpdate) => send({ id, ...values });

  const required = { required: true, message: MSG.invalidInput };
  // Said, not clamped: antd's `min` would quietly turn a typed -5 into 0 and save that.
  const notNegative = { type: 'number', min: 0, message: MSG.statNegative } as const;

  return (
    <section className="page">
      <PageHeader title="Edit Company Stats" />
      <Card>
        <Form<KeyStatsUpdate>
          form={form}
          layout="vertical"
          name="edit-stats"
          initialValues={initialValues}
          onFinish={onFinish}
          scrollToFirstError
        >
          <Form.Item
            label="Stats relevance"
            name="statsRelevance"
            extra="When these figures apply, e.g. 'As at 30 June'"
            rules={[{ ...required, whitespace: true }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Row gutter={16}>
            {STAT_FIELDS.map((field) => (
              <Col key={field} xs={24} sm={12} lg={6}>
                <Form.Item label={KEY_STATS_LABELS[field]} name={field} rules={[required, notNegative]}>
                  <InputNumber
                    precision={isAmount(field) ? 2 : 0}
                    formatter={(value, { userTyping, input }) => (userTyping ? input : figureText(value))}
                    parser={figureValue}
                    inputMode={isAmount(field) ? 'decimal' : 'numeric'}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <SaveBar label="Save" saving={update.isPending} onCancel={() => navigate('/stats')} />
        </Form>
      </Card>
    </section>
  );
}
