// A colleague in the directory: avatar, name (the link to their page), job title, department and location.
import type { PersonCard as Person } from '@hearth/contract';
import { Card, Skeleton } from 'antd';
import { Link } from 'react-router';
import { personPath } from '../../lib/page-paths';
import { UserAvatar } from '../../lib/user-avatar';

export function PersonCard({ person }: { person: Person }) {
  const place = [person.department?.name, person.location?.name].filter(Boolean).join(' · ');
  return (
    <Card className="person-card" size="small">
      <div className="person-card-body">
        <UserAvatar
          firstName={person.firstName}
          lastName={person.lastName}
          src={person.profileImage}
          size={56}
        />
        <div className="person-card-text">
          <h2 className="person-card-name">
            <Link to={personPath(person.id)}>
              {person.firstName} {person.lastName}
            </Link>
          </h2>
          {person.jobTitle && <div className="person-card-title">{person.jobTitle}</div>}
          {place && <div className="person-card-place">{place}</div>}
        </div>
      </div>
    </Card>
  );
}

export function PersonCardSkeleton() {
  return (
    <Card className="person-card" size="small">
      <Skeleton active avatar={{ size: 56 }} paragraph={{ rows: 1 }} />
    </Card>
  );
}
