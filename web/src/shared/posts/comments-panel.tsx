// Comments of a post, oldest first, with the box under them when the post allows comments
// (product.md section 2): the list with its loading, error and empty states, whatever the comments' source
// (feed posts, community posts and discussion boards).
import { MSG, type UserSummary } from '@hearth/contract';
import { Empty, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { When } from '../../lib/time-text';
import { UserAvatar } from '../../lib/user-avatar';
import { MentionCardLink } from './mention-card';
import { MentionText } from './mention-text';
import './post-section-title.css';
import './comments-panel.css';

/** What a comment (feed, community post or discussion message) shows. */
export type CommentLike = {
  id: number;
  content: string;
  createdAt: string;
  user: UserSummary;
  /** Who the text's `@Name`s are: each becomes a link to their page. */
  mentionedUsers?: UserSummary[];
};

function CommentItem({ comment }: { comment: CommentLike }) {
  const name = `${comment.user.firstName} ${comment.user.lastName}`.trim();
  return (
    <li className="comment" data-comment-id={comment.id} tabIndex={-1}>
      <UserAvatar
        firstName={comment.user.firstName}
        lastName={comment.user.lastName}
        src={comment.user.profileImage}
        size={36}
      />
      <div className="comment-body">
        <div className="comment-head">
          <MentionCardLink person={comment.user} text={name} />
          <Typography.Text type="secondary">
            <When value={comment.createdAt} />
          </Typography.Text>
        </div>
        <p className="comment-text">
          <MentionText text={comment.content} people={comment.mentionedUsers} />
        </p>
      </div>
    </li>
  );
}

type CommentsQuery = {
  data?: CommentLike[];
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type PanelProps = {
  comments: CommentsQuery;
  /** The box under the list (absent when the post takes no comments). */
  box?: ReactNode;
  title?: string;
  emptyText?: string;
  listLabel?: string;
};

/** After the user posts a comment, focus moves to it, so a screen reader reads what was posted and the
 * keyboard continues from there. Comments others post meanwhile never take the focus. */
function useFocusOwnNewComment(data: CommentLike[] | undefined) {
  const me = useProfile()?.id;
  const listRef = useRef<HTMLUListElement>(null);
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!data) return;
    const before = seen.current;
    seen.current = new Set(data.map((c) => c.id));
    if (!before) return;
    const mine = data.filter((c) => !before.has(c.id) && c.user.id === me).at(-1);
    if (mine) listRef.current?.querySelector<HTMLElement>(`[data-comment-id="${mine.id}"]`)?.focus();
  }, [data, me]);
  return listRef;
}

export function CommentsPanel({
  comments,
  box,
  title = 'Comments',
  emptyText = MSG.noComments,
  listLabel = 'Comments',
}: PanelProps) {
  const listRef = useFocusOwnNewComment(comments.data);
  let list = <LoadingBlock rows={2} />;
  if (comments.isError) list = <LoadError error={comments.error} onRetry={() => comments.refetch()} />;
  else if (comments.data) {
    list =
      comments.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <ul className="comment-list" aria-label={listLabel} ref={listRef}>
          {comments.data.map((c) => (
            <CommentItem key={c.id} comment={c} />
          ))}
        </ul>
      );
  }
  return (
    <section className="post-comments" aria-labelledby="post-comments-title">
      <Typography.Title level={2} className="post-section-title" id="post-comments-title">
        {title}
      </Typography.Title>
      {list}
      {box}
    </section>
  );
}
