// /stats (product.md section 2): a card per key statistic; administrators get an edit button to /edit-stats.
import { EditOutlined } from '@ant-design/icons';
import { KEY_STATS_LABELS, ROLE } from '@hearth/contract';
import { Button, Card, Empty, Statistic, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useKeyStats } from './api';
import { isAmount, STAT_FIELDS, statValue } from './stat-fields';
import './stats.css';

export default function StatsPage() {
  useDocumentTitle('Company Stats');
  const profile = useProfile();
  const navigate = useNavigate();
  const stats = useKeyStats();
  const isAdmin = profile?.roles.id === ROLE.ADMIN;

  let body = <LoadingBlock rows={6} />;
  if (stats.isError) {
    body =
      isApiError(stats.error) && stats.error.status === 404 ? (
        <Card>
          <Empty description="No key statistics have been published yet." />
        </Card>
      ) : (
        <LoadError error={stats.error} onRetry={() => stats.refetch()} />
      );
  } else if (stats.data) {
    const data = stats.data;
    body = (
      <>
        <Typography.Paragraph type="secondary" data-testid="stats-relevance">
          {data.statsRelevance}
        </Typography.Paragraph>
        <div className="stat-grid">
          {STAT_FIELDS.map((field) => (
            <Card key={field}>
              <Statistic
                title={KEY_STATS_LABELS[field]}
                value={statValue(data, field)}
                precision={isAmount(field) && !Number.isInteger(statValue(data, field)) ? 2 : 0}
                styles={{ content: { fontSize: 22, overflowWrap: 'anywhere' } }}
              />
            </Card>
          ))}
        </div>
      </>
    );
  }

  return (
    <section className="page">
      <PageHeader
        title="Company Stats"
        extra={
          isAdmin && (
            <Button icon={<EditOutlined />} aria-label="Edit stats" onClick={() => navigate('/edit-stats')}>
              Edit
            </Button>
          )
        }
      />
      {body}
    </section>
  );
}
