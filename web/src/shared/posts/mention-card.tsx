// A mention's link with the colleague's card (avatar, name, job title, department, location) on hover and
// on keyboard focus. The card asks GET /people/{id} only when it first opens; the answer is cached with
// the person page's (shared/people/person-query.ts).
import type { UserSummary } from '@hearth/contract';
import { Popover, Skeleton } from 'antd';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { personPath } from '../../lib/page-paths';
import { popupContainer } from '../../lib/popup-container';
import { UserAvatar } from '../../lib/user-avatar';
import { usePerson } from '../people/person-query';

function Card({ person }: { person: UserSummary }) {
  const found = usePerson(person.id);
  const name = `${person.firstName} ${person.lastName}`;
  if (found.isPending)
    return <Skeleton active avatar paragraph={{ rows: 1 }} className="mention-card-loading" />;
  if (found.isError) {
    const gone = isApiError(found.error) && found.error.status === 404;
    return (
      <p className="mention-card-note">{gone ? `${name} is no longer here.` : 'Could not load this card.'}</p>
    );
  }
  const p = found.data;
  const details = [p.jobTitle, p.department?.name, p.location?.name].filter(Boolean);
  return (
    <div className="mention-card" data-testid="mention-card">
      <UserAvatar firstName={p.firstName} lastName={p.lastName} src={p.profileImage} size={48} />
      <div className="mention-card-text">
        <div className="mention-card-name">
          {p.firstName} {p.lastName}
        </div>
        {details.map((line) => (
          <div key={line} className="mention-card-line">
            {line}
          </div>
        ))}
      </div>
    </div>
  );
}

export function MentionCardLink({ person, text }: { person: UserSummary; text: string }) {
  return (
    <Popover
      // The popup (and so the card's request) is made the first time it opens, not before.
      trigger={['hover', 'focus']}
      content={<Card person={person} />}
      getPopupContainer={popupContainer}
      mouseEnterDelay={0.3}
      placement="top"
    >
      <Link className="mention-link" to={personPath(person.id)}>
        {text}
      </Link>
    </Popover>
  );
}
