// One result on the results page: its title linking where it opens, what it is on or by, its date, the
// administrators' mark (draft, scheduled, ended) and its snippet with the matched words marked.
import type { SearchHit } from '@hearth/contract';
import { Link } from 'react-router';
import { When } from '../../lib/time-text';
import { UserAvatar } from '../../lib/user-avatar';
import { hitLink } from './hit-link';
import { STATUS_LABELS } from './kind-labels';
import { MarkedText } from './marked-text';

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

function Meta({ hit }: { hit: SearchHit }) {
  const parts: React.ReactNode[] = [];
  if (hit.kind === 'people') {
    if (hit.person?.jobTitle) parts.push(hit.person.jobTitle);
    const place = [hit.person?.department, hit.person?.location].filter(Boolean).join(', ');
    if (place) parts.push(place);
  } else {
    if (hit.kind === 'comments')
      parts.push(hit.post?.isCommunityPost ? 'Comment on a community post' : 'Comment on a post');
    if (hit.kind === 'messages') parts.push('Discussion');
    if (hit.community && hit.kind !== 'communities' && hit.kind !== 'messages')
      parts.push(hit.community.title);
    if (hit.author) parts.push(`by ${name(hit.author)}`);
    if (hit.at) parts.push(<When key="at" value={hit.at} />);
  }
  if (parts.length === 0) return null;
  return (
    <div className="search-hit-meta">
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed order of short texts
        <span key={i}>{p}</span>
      ))}
    </div>
  );
}

export function HitRow({ hit, roleId }: { hit: SearchHit; roleId: number }) {
  const href = hitLink(hit, roleId);
  const title = href ? <Link to={href}>{hit.title}</Link> : hit.title;
  return (
    <li className="search-hit" data-testid="search-hit">
      {hit.kind === 'people' && (
        <UserAvatar
          firstName={hit.title.split(' ')[0]}
          lastName={hit.title.split(' ').slice(1).join(' ')}
          src={hit.person?.profileImage}
          size={40}
        />
      )}
      <div className="search-hit-body">
        <h2 className="search-hit-title">
          {title}
          {hit.status && <span className="search-status">{STATUS_LABELS[hit.status]}</span>}
        </h2>
        <Meta hit={hit} />
        {hit.snippet && <MarkedText className="search-hit-snippet" snippet={hit.snippet} />}
      </div>
    </li>
  );
}
