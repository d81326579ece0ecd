// Comments of a post, oldest first, and the comment box when the post allows comments (SPEC section 2).
import { type Comment, MSG } from '@hearth/contract';
import { Empty, Typography } from 'antd';
import dayjs from 'dayjs';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { UserAvatar } from '../../lib/user-avatar';
import { useComments } from './api';
import { CommentBox } from './comment-box';

function CommentItem({ comment }: { comment: Comment }) {
  const when = dayjs(comment.createdAt);
  const name = `${comment.user.firstName} ${comment.user.lastName}`.trim();
  return (
    <li className="comment">
      <UserAvatar
        firstName={comment.user.firstName}
        lastName={comment.user.lastName}
        src={comment.user.profileImage}
        size={36}
      />
      <div className="comment-body">
        <div className="comment-head">
          <Typography.Text strong>{name}</Typography.Text>
          {when.isValid() && (
            <Typography.Text type="secondary">
              <time dateTime={when.toISOString()}>{when.format('DD-MM-YYYY HH:mm')}</time>
            </Typography.Text>
          )}
        </div>
        <p className="comment-text">{comment.content}</p>
      </div>
    </li>
  );
}

export function CommentsSection({ postId, commentable }: { postId: number; commentable: boolean }) {
  const comments = useComments(postId);
  let list = <LoadingBlock rows={2} />;
  if (comments.isError) list = <LoadError error={comments.error} onRetry={() => comments.refetch()} />;
  else if (comments.data) {
    list =
      comments.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noComments} />
      ) : (
        <ul className="comment-list" aria-label="Comments">
          {comments.data.map((c) => (
            <CommentItem key={c.id} comment={c} />
          ))}
        </ul>
      );
  }
  return (
    <section className="post-comments" aria-labelledby="post-comments-title">
      <Typography.Title level={2} className="post-section-title" id="post-comments-title">
        Comments
      </Typography.Title>
      {list}
      {commentable && <CommentBox postId={postId} />}
    </section>
  );
}
