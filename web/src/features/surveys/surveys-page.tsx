// /surveys (role 2): the surveys open to the user (product.md section 2), each a card with title,
// description, Due Date as relative time and Owner. The title links to /surveys/{id} carrying the state flag
// (0 no instance yet, 1 one exists) in router state and in `?state=`, so a reload keeps it.
import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { UserSurvey } from '@hearth/contract';
import { Card, Col, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatRelative } from '../../lib/dates';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { TimeAgo } from '../../lib/time-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UserAvatar } from '../../lib/user-avatar';
import { AnonymousTag } from './anonymous-tag';
import { useSurveysForUser } from './api';
import { surveyFillLink } from './survey-logic';
import './staff-surveys.css';

const COLS = { xs: 24, md: 12, xl: 8 } as const;

function SurveyCard({ survey }: { survey: UserSurvey }) {
  const titleId = useId();
  const due = formatRelative(survey.dueDate);
  const owner = survey.owner;
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() : '';
  return (
    <Card className="survey-card">
      <article aria-labelledby={titleId}>
        <div className="survey-card-head">
          <Typography.Title level={2} className="survey-card-title" id={titleId}>
            <Link to={surveyFillLink(survey.id, survey.state)} state={{ surveyState: survey.state }}>
              {survey.title}
            </Link>
          </Typography.Title>
          <div className="survey-card-tags">
            {survey.isAnonymous === 1 && <AnonymousTag />}
            {survey.state === 1 && (
              <Tag icon={<CheckCircleOutlined aria-hidden />} color="success">
                Answered
              </Tag>
            )}
          </div>
        </div>
        {survey.description && (
          <Typography.Paragraph className="survey-card-description" ellipsis={{ rows: 3 }}>
            {survey.description}
          </Typography.Paragraph>
        )}
        <dl className="survey-card-meta">
          <div>
            <dt>Due Date</dt>
            <dd>
              <ClockCircleOutlined aria-hidden /> {due ? <TimeAgo value={survey.dueDate} /> : 'No due date'}
            </dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd className="survey-card-owner">
              {owner ? (
                <>
                  <UserAvatar
                    firstName={owner.firstName}
                    lastName={owner.lastName}
                    src={owner.profileImage}
                    size={28}
                  />
                  <span>{ownerName}</span>
                </>
              ) : (
                '-'
              )}
            </dd>
          </div>
        </dl>
      </article>
    </Card>
  );
}

function SurveyCardSkeleton() {
  return (
    <Card className="survey-card" aria-hidden>
      <Skeleton active avatar={false} title={{ width: '60%' }} paragraph={{ rows: 3 }} />
    </Card>
  );
}

export default function SurveysPage() {
  useDocumentTitle('Surveys');
  const profile = useProfile();
  const list = useSurveysForUser(profile?.id);

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Row gutter={[16, 16]} role="status" aria-label="Loading surveys">
        {[1, 2, 3].map((n) => (
          <Col key={n} {...COLS}>
            <SurveyCardSkeleton />
          </Col>
        ))}
      </Row>
    );
  } else if (list.isError) {
    body = <LoadError error={list.error} onRetry={() => list.refetch()} />;
  } else if (list.data.length === 0) {
    body = (
      <Card>
        <Empty description="There are no surveys for you right now." />
      </Card>
    );
  } else {
    body = (
      <Row gutter={[16, 16]} role="list" aria-label="Surveys">
        {list.data.map((survey) => (
          <Col key={survey.id} {...COLS} role="listitem">
            <SurveyCard survey={survey} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <section className="page surveys-page">
      <PageHeader title="Surveys" />
      {body}
    </section>
  );
}
