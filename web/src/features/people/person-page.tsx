// /people/:personId (roles 1, 2, 3): a colleague's avatar, name, job title and the details the
// profile-fields setting shows (all of them on one's own page and to administrators), the public
// communities they belong to, and their recent posts and comments the viewer may read, each linking where it
// opens when the viewer's role has that page. A deactivated or unknown person is "not found" (issue 17).
import { type PersonProfile, POST_KIND } from '@hearth/contract';
import { Card, Skeleton, Tag } from 'antd';
import { type ReactNode, useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { PageHeader } from '../../lib/page-header';
import { communityPostPath, postPath } from '../../lib/page-paths';
import { LoadError } from '../../lib/query-states';
import { roleHasPath } from '../../lib/route-table';
import { useProfile } from '../../lib/session';
import { When } from '../../lib/time-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { UserAvatar } from '../../lib/user-avatar';
import { usePerson } from '../../shared/people/person-query';
import { personIdParam } from './loaders';
import './people.css';

/** Where a post of either kind opens. */
const postLink = (kind: number, id: number) =>
  kind === POST_KIND.COMMUNITY ? communityPostPath(id) : postPath(id);

/** A link when the viewer's role has the page, else the text alone (administrators have no staff pages). */
function MaybeLink({ to, children }: { to: string; children: ReactNode }) {
  const roleId = useProfile()?.roles.id ?? 0;
  return roleHasPath(roleId, to) ? <Link to={to}>{children}</Link> : children;
}

function Details({ person }: { person: PersonProfile }) {
  const rows: [string, ReactNode][] = [];
  if (person.fields.email && person.email)
    rows.push([
      'E-mail',
      <a key="email" href={`mailto:${person.email}`}>
        {person.email}
      </a>,
    ]);
  if (person.fields.phone && person.phone)
    rows.push([
      'Phone',
      <a key="phone" href={`tel:${person.phone}`}>
        {person.phone}
      </a>,
    ]);
  if (person.fields.department && person.department) rows.push(['Department', person.department.name]);
  if (person.fields.location && person.location) rows.push(['Office location', person.location.name]);
  if (rows.length === 0) return null;
  return (
    <dl className="person-details">
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = `person-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="person-sections">
      <section aria-labelledby={id}>
        <h2 className="person-section-title" id={id}>
          {title}
        </h2>
        {children.length === 0 ? (
          <p className="person-empty">{empty}</p>
        ) : (
          <ul className="person-list">{children}</ul>
        )}
      </section>
    </Card>
  );
}

function Profile({ person }: { person: PersonProfile }) {
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <>
      <Card>
        <div className="person-header">
          <UserAvatar
            firstName={person.firstName}
            lastName={person.lastName}
            src={person.profileImage}
            size={96}
          />
          <div className="person-header-text">
            <h1 className="person-name">{name}</h1>
            {person.jobTitle && <div className="person-job">{person.jobTitle}</div>}
            {person.isActive === 0 && <Tag>Deactivated</Tag>}
          </div>
        </div>
        <Details person={person} />
      </Card>
      <Section title="Communities" empty="No public communities.">
        {person.communities.map((c) => (
          <li key={c.id}>
            <MaybeLink to={`/communities/${c.id}`}>{c.title}</MaybeLink>
          </li>
        ))}
      </Section>
      <Section title="Recent posts" empty="No posts to show.">
        {person.posts.map((p) => (
          <li key={p.id}>
            <MaybeLink to={postLink(p.kind, p.id)}>{p.title}</MaybeLink>
            <div className="person-list-meta">
              {p.kind === POST_KIND.COMMUNITY ? 'Community post · ' : 'News · '}
              <When value={p.publishedAt} />
            </div>
          </li>
        ))}
      </Section>
      <Section title="Recent comments" empty="No comments to show.">
        {person.comments.map((c) => (
          <li key={c.id}>
            <div>{c.excerpt}</div>
            <div className="person-list-meta">
              On <MaybeLink to={postLink(c.postKind, c.postId)}>{c.postTitle}</MaybeLink> ·{' '}
              <When value={c.createdAt} />
            </div>
          </li>
        ))}
      </Section>
    </>
  );
}

export default function PersonPage() {
  const id = personIdParam(useParams().personId);
  const person = usePerson(id);
  const data = useDeferredValue(person.data);
  const name = data ? `${data.firstName} ${data.lastName}` : 'Colleague';
  useDocumentTitle(name);
  let body: ReactNode;
  const missing = id <= 0 || (isApiError(person.error) && person.error.status === 404);
  if (missing) {
    body = (
      <>
        <PageHeader title="Colleague not found" />
        <Card>
          <p className="person-empty">This person is not in the directory.</p>
          <Link to="/people">Back to People</Link>
        </Card>
      </>
    );
  } else if (person.isError) body = <LoadError error={person.error} onRetry={() => person.refetch()} />;
  else if (!data)
    body = (
      <Card role="status" aria-label="Loading profile">
        <Skeleton active avatar={{ size: 96 }} paragraph={{ rows: 3 }} />
      </Card>
    );
  else body = <Profile person={data} />;
  return <section className="page person-page">{body}</section>;
}
