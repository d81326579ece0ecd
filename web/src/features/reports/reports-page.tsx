// /reports (role 1): the report index, one card per report, paged 5 per page (product.md sections 2 and 9).
import { BarChartOutlined, FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import { LIMITS } from '@hearth/contract';
import { Card, Col, Pagination, Row, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../lib/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import './reports.css';

type ReportCard = { key: string; title: string; description: string; path: string; icon: ReactNode };

const REPORTS: ReportCard[] = [
  {
    key: 'user-activity',
    title: 'User Activity',
    description:
      'Likes, favourites, surveys answered and last activity of every user, with active users per week.',
    path: '/reports/user-activity',
    icon: <TeamOutlined aria-hidden />,
  },
  {
    key: 'survey-responses',
    title: 'Survey Responses',
    description: 'Responses per survey: who answered, and the answers to each question.',
    path: '/reports/survey-responses',
    icon: <FileTextOutlined aria-hidden />,
  },
  {
    key: 'post-activity',
    title: 'Post Activity',
    description: 'Comments, likes and favourites of every news feed post, and the top posts.',
    path: '/reports/post-activity',
    icon: <BarChartOutlined aria-hidden />,
  },
];

export default function ReportsPage() {
  useDocumentTitle('Reports');
  const [page, setPage] = useState(1);
  const pageSize = LIMITS.reportPageSize;
  const shown = REPORTS.slice((page - 1) * pageSize, page * pageSize);

  return (
    <section className="page">
      <PageHeader title="Reports" />
      <Row gutter={[16, 16]} role="list" aria-label="Reports">
        {shown.map((r) => (
          <Col key={r.key} xs={24} sm={12} lg={8} role="listitem">
            <Link to={r.path} className="report-card-link">
              <Card hoverable className="report-card" data-testid={`report-card-${r.key}`}>
                <div className="report-card-icon">{r.icon}</div>
                <Typography.Title level={2} className="report-card-title">
                  {r.title}
                </Typography.Title>
                <Typography.Paragraph type="secondary" className="report-card-text">
                  {r.description}
                </Typography.Paragraph>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Pagination
        className="report-pager"
        current={page}
        pageSize={pageSize}
        total={REPORTS.length}
        onChange={setPage}
        showSizeChanger={false}
        aria-label="Report pages"
      />
    </section>
  );
}
