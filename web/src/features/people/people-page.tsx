// /people (roles 1, 2, 3): active colleagues by last name, with a search box (500 ms after typing stops),
// office location and department filters (offered only where colleagues see those fields), avatars, and
// "Load more" keyset pages (issue 17). Administrators also get the way to the profile-fields setting.
import { SettingOutlined } from '@ant-design/icons';
import { MSG, PATHS, ROLE } from '@hearth/contract';
import { Button, Col, Empty, Row } from 'antd';
import { useDeferredValue } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PeopleFilters, usePeopleFilters } from '../../shared/people/people-filters';
import { useDirectory } from './api';
import { PersonCard, PersonCardSkeleton } from './person-card';
import './people.css';

const COLS = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

function Directory({ filters }: { filters: ReturnType<typeof usePeopleFilters> }) {
  const directory = useDirectory(filters.values);
  const pages = useDeferredValue(directory.data?.pages);
  if (directory.isPending) {
    return (
      <Row gutter={[16, 16]} role="status" aria-label="Loading colleagues">
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <Col key={n} {...COLS}>
            <PersonCardSkeleton />
          </Col>
        ))}
      </Row>
    );
  }
  if (directory.isError && !pages)
    return <LoadError error={directory.error} onRetry={() => directory.refetch()} />;
  const people = (pages ?? []).flatMap((p) => p.people);
  if (people.length === 0) return <Empty description={MSG.noPeople} />;
  return (
    <>
      <Row
        gutter={[16, 16]}
        role="list"
        aria-label="Colleagues"
        aria-busy={directory.isFetching}
        className={directory.isPlaceholderData ? 'people-grid is-stale' : 'people-grid'}
      >
        {people.map((person) => (
          <Col key={person.id} {...COLS} role="listitem">
            <PersonCard person={person} />
          </Col>
        ))}
      </Row>
      {directory.isFetchNextPageError && (
        <LoadError error={directory.error} onRetry={() => directory.fetchNextPage()} />
      )}
      {directory.hasNextPage && !directory.isFetchNextPageError && (
        <div className="people-more">
          <Button onClick={() => directory.fetchNextPage()} loading={directory.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

export default function PeoplePage() {
  useDocumentTitle('People');
  const navigate = useNavigate();
  const isAdmin = useProfile()?.roles.id === ROLE.ADMIN;
  const filters = usePeopleFilters();
  // Which fields colleagues see comes with the first page; until then both filters are offered.
  const first = useDirectory(filters.values).data?.pages[0]?.fields;
  return (
    <section className="page people-page">
      <PageHeader
        title="People"
        extra={
          isAdmin && (
            <Button icon={<SettingOutlined aria-hidden />} onClick={() => navigate(PATHS.profileFields)}>
              Profile fields
            </Button>
          )
        }
      />
      <PeopleFilters
        filters={filters}
        searchLabel="Search by name"
        showLocation={first?.location ?? true}
        showDepartment={first?.department ?? true}
      />
      <Directory filters={filters} />
    </section>
  );
}
