// The top of /news (issue 18): the posts the reader must still acknowledge, soonest due first, each with its
// due date and the way to read it; "I have read this" is on the post's page, once it was opened (issue 33).
// Nothing is shown while it loads or when there is none (most days, for most people), so the feed does not
// jump; back from acknowledging the last one, it says so.
import type { ToAcknowledge } from '@hearth/contract';
import { Button } from 'antd';
import { type Ref, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, isoDate } from '../../lib/dates';
import { errorText } from '../../lib/notify';
import { feedPostLink } from '../../lib/page-paths';
import { useOnline } from '../../lib/use-online';
import { useSeenRef } from '../../shared/posts/read-tracking';
import { forgetListEmptied, listEmptied, useToAcknowledge } from './ack-api';
import './must-read.css';
import { lightButtonClass } from '../../lib/light-button';

type Post = ToAcknowledge['posts'][number];

function DueText({ dueAt }: { dueAt: string | null }) {
  if (!dueAt) return <span className="must-read-due">No due date</span>;
  const overdue = new Date(dueAt).getTime() < Date.now();
  return (
    <span className={overdue ? 'must-read-due overdue' : 'must-read-due'}>
      {overdue ? 'Was due ' : 'Due '}
      <time dateTime={isoDate(dueAt)}>{formatDate(dueAt, 'dayTime')}</time>
    </span>
  );
}

function MustReadItem({ post }: { post: Post }) {
  // A must-read item is a card too: seen once half of it was on screen for a second.
  const seenRef = useSeenRef(post.id);
  return (
    <li ref={seenRef} className="must-read-item">
      <div className="must-read-text">
        <h3 className="must-read-title">
          <Link to={feedPostLink(post)}>{post.title}</Link>
        </h3>
        {post.subtitle && <p className="must-read-subtitle">{post.subtitle}</p>}
        <DueText dueAt={post.ackDueAt} />
      </div>
      <Link
        to={feedPostLink(post)}
        className={lightButtonClass({ primary: true }, 'must-read-open')}
        aria-label={`Read and acknowledge: ${post.title}`}
      >
        Read and acknowledge
      </Link>
    </li>
  );
}

/** `headingRef`: the list's heading, which the To acknowledge count beside the tabs moves focus to. */
export function MustReadList({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const list = useToAcknowledge();
  const online = useOnline();
  const count = list.data?.count ?? 0;
  // Back from acknowledging the last one, say so rather than show nothing; once.
  const [allDone] = useState(listEmptied);
  useEffect(() => forgetListEmptied(), []);

  // Offline, the page already says so (the feed shows its kept copy); the list is simply not there.
  if (list.isError && !online) return null;
  if (list.isError) {
    return (
      <div className="must-read must-read-error" role="alert">
        <span>Could not load the posts to acknowledge. {errorText(list.error)}</span>
        <Button size="small" onClick={() => list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!list.data) return null;
  if (list.data.posts.length === 0) {
    return allDone ? (
      <p className="must-read must-read-done" role="status">
        All done. Nothing else to acknowledge.
      </p>
    ) : null;
  }
  const more = count - list.data.posts.length;
  return (
    <section className="must-read" aria-labelledby="must-read-heading">
      <h2 id="must-read-heading" className="must-read-heading" ref={headingRef} tabIndex={-1}>
        To acknowledge
      </h2>
      <p className="must-read-intro text-secondary">Please read these posts and confirm that you have.</p>
      <ul className="must-read-list">
        {list.data.posts.map((post) => (
          <MustReadItem key={post.id} post={post} />
        ))}
      </ul>
      {more > 0 && <p className="text-secondary must-read-more">And {more} more after these.</p>}
    </section>
  );
}
