// /post-detail/:postId (roles 1, 2, 3): media banner, attachments, title, subtitle, the sanitised body,
// like and favourite, comments. A post that cannot be loaded says so and goes back (product.md section 8).
import { CheckCircleFilled } from '@ant-design/icons';
import { MSG, PATHS, ROLE } from '@hearth/contract';
import { Flex, Tag } from 'antd';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isOfflineFailure, isSessionExpired } from '../../lib/api-error';
import { formatDate, isoDate } from '../../lib/dates';
import { toastError } from '../../lib/notify';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PostActions } from '../../shared/posts/post-actions';
import { PostBackButton, PostBody, PostPageLoading, PostUnavailable } from '../../shared/posts/post-body';
import { useOpenedPost } from '../../shared/posts/read-tracking';
import { useToAcknowledge } from './ack-api';
import { mustAcknowledge } from './ack-logic';
import { AcknowledgeButton } from './acknowledge-button';
import { useFeedPost } from './api';
import { parsePostId } from './loaders';
import { CommentsSection } from './post-comments';
import './must-read.css';
import { canSeeReach, ReachButton } from './reach-link';

/** Back where the reader came from; with no history inside the app, to the role's list of posts. */
function useGoBack() {
  const navigate = useNavigate();
  const profile = useProfile();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(profile?.roles.id === ROLE.STAFF ? PATHS.news : PATHS.adminFeedPostList, { replace: true });
  };
}

export default function PostDetailPage() {
  const { postId } = useParams();
  const id = parsePostId(postId);
  const post = useFeedPost(id);
  const goBack = useGoBack();
  const profile = useProfile();
  const toAcknowledge = useToAcknowledge();
  const failedOnce = useRef(false);
  const invalid = Number.isNaN(id) || id <= 0;
  // Offline the page says so in place: going back would leave the reader on a list that cannot say why.
  const offline = post.isError && isOfflineFailure(post.error);
  useDocumentTitle(post.data?.title ?? 'Post');
  // The post renders in an interruptible pass after it arrives (ARCHITECTURE: deferred page renders).
  const data = useDeferredValue(post.data);
  // Reach (issue 18): the post counts as opened once its page shows it.
  useOpenedPost(data?.id);

  useEffect(() => {
    if (!(invalid || post.isError) || offline || failedOnce.current) return;
    failedOnce.current = true;
    if (isSessionExpired(post.error)) return;
    toastError(undefined, MSG.unableToLoadPost);
    goBack();
  }, [invalid, post.isError, post.error, offline, goBack]);

  const back = <PostBackButton onClick={goBack} />;

  if (offline && !data) {
    return <PostUnavailable back={back} error={post.error} notFound={false} onRetry={() => post.refetch()} />;
  }
  if (!data) return <PostPageLoading back={back} />;

  const p = data;

  return (
    <section className="page post-page">
      <Flex justify="space-between" align="center" gap={8} wrap>
        {back}
        {canSeeReach(profile, p.user.id) && <ReachButton postId={p.id} />}
      </Flex>
      {p.acknowledgedAt ? (
        <p className="must-read-banner must-read-acknowledged" role="status">
          <CheckCircleFilled className="must-read-acknowledged-icon" aria-hidden />
          <span>
            You acknowledged this post on{' '}
            <time dateTime={isoDate(p.acknowledgedAt)}>{formatDate(p.acknowledgedAt, 'dayTime')}</time>.
          </span>
        </p>
      ) : (
        mustAcknowledge(p, toAcknowledge.data) && (
          <section className="must-read-banner" aria-label="Acknowledgement">
            <span>
              Please confirm that you have read this post
              {p.ackDueAt ? ` by ${formatDate(p.ackDueAt, 'dayTime')}` : ''}.
            </span>
            <AcknowledgeButton postId={p.id} />
          </section>
        )
      )}
      <PostBody
        post={p}
        tags={p.feedCategories.map((c) => <Tag key={c.id}>{c.name}</Tag>)}
        actions={<PostActions post={p} />}
        comments={<CommentsSection postId={p.id} commentable={p.isCommentable === 1} />}
      />
    </section>
  );
}
