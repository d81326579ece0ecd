// /communities (roles 2, 3): tabs My Communities (joined, viewState 1) and Public Communities (viewState 2),
// each a responsive grid of community cards linking to /communities/{id} (product.md section 2). The open tab
// is kept in the address so Back from a community returns to it.
import { Col, Empty, Row } from 'antd';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { UrlTabsCard } from '../../lib/url-tabs-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCommunityList } from './api';
import { CommunityCard, CommunityCardSkeleton } from './community-card';
import { COMMUNITY_DEFAULT_TAB, COMMUNITY_TABS } from './loaders';
import './community-screens.css';

const TEXTS = {
  mine: { label: 'My Communities', empty: 'You have not joined any communities yet.' },
  public: { label: 'Public Communities', empty: 'There are no public communities yet.' },
} as const;

const TABS = COMMUNITY_TABS.map((tab) => ({ ...tab, ...TEXTS[tab.key] }));

const COLS = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

function CommunityGrid({ viewState, label, empty }: { viewState: number; label: string; empty: string }) {
  const list = useCommunityList(viewState);
  if (list.isPending) {
    return (
      <Row gutter={[16, 16]} className="community-grid" role="status" aria-label="Loading communities">
        {[1, 2, 3, 4].map((n) => (
          <Col key={n} {...COLS}>
            <CommunityCardSkeleton />
          </Col>
        ))}
      </Row>
    );
  }
  if (list.isError) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.length === 0) return <Empty description={empty} />;
  return (
    <Row gutter={[16, 16]} className="community-grid" role="list" aria-label={label}>
      {list.data.map((community) => (
        <Col key={community.id} {...COLS} role="listitem">
          <CommunityCard community={community} />
        </Col>
      ))}
    </Row>
  );
}

export default function CommunitiesPage() {
  useDocumentTitle('Communities');
  return (
    <section className="page communities-page">
      <PageHeader title="Communities" />
      <UrlTabsCard
        defaultKey={COMMUNITY_DEFAULT_TAB}
        tabs={TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children: <CommunityGrid viewState={tab.viewState} label={tab.label} empty={tab.empty} />,
        }))}
      />
    </section>
  );
}
