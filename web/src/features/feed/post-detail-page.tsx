// /post-detail/:postId (roles 1, 2, 3): media banner, attachments, title, subtitle, the sanitised body,
// like and favourite, comments. A post that cannot be loaded says so and goes back (product.md section 8).
import { MSG, PATHS, ROLE } from '@hearth/contract';
import { Tag } from 'antd';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isSessionExpired } from '../../lib/api-error';
import { toastError } from '../../lib/notify';
import { PostActions } from '../../lib/posts/post-actions';
import { PostBackButton, PostBody, PostPageLoading } from '../../lib/posts/post-body';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeedPost } from './api';
import { CommentsSection } from './post-comments';

function parseId(value: string | undefined): number {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}

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
  const id = parseId(postId);
  const post = useFeedPost(id);
  const goBack = useGoBack();
  const failedOnce = useRef(false);
  const invalid = Number.isNaN(id) || id <= 0;
  useDocumentTitle(post.data?.title ?? 'Post');
  // The post renders in an interruptible pass after it arrives (ARCHITECTURE: deferred page renders).
  const data = useDeferredValue(post.data);

  useEffect(() => {
    if (!(invalid || post.isError) || failedOnce.current) return;
    failedOnce.current = true;
    if (isSessionExpired(post.error)) return;
    toastError(undefined, MSG.unableToLoadPost);
    goBack();
  }, [invalid, post.isError, post.error, goBack]);

  const back = <PostBackButton onClick={goBack} />;

  if (!data) return <PostPageLoading back={back} />;

  const p = data;

  return (
    <section className="page post-page">
      {back}
      <PostBody
        post={p}
        tags={p.feedCategories.map((c) => <Tag key={c.id}>{c.name}</Tag>)}
        actions={<PostActions post={p} />}
        comments={<CommentsSection postId={p.id} commentable={p.isCommentable === 1} />}
      />
    </section>
  );
}
