// /communities/post/:postId (roles 2, 3): a community post shown like a feed post (product.md section 2):
// media banner, attachments, title, subtitle, the sanitised body, like and favourite (applied at once, undone
// when the call fails or answers not successful), comments and the comment box when the post allows them.
// Its community's managers (the verify call) get Edit and the post's Reach.
import { BarChartOutlined, EditOutlined } from '@ant-design/icons';
import { fillPath, PATHS } from '@hearth/contract';
import { Button, Flex, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, isSessionExpired } from '../../lib/api-error';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CommentsPanel } from '../../shared/posts/comments-panel';
import { MentionBox } from '../../shared/posts/mention-box';
import { PostActions } from '../../shared/posts/post-actions';
import { PostBackButton, PostBody, PostPageLoading, PostUnavailable } from '../../shared/posts/post-body';
import { useToggleCommunityAction } from '../../shared/posts/post-toggles';
import { useOpenedPost } from '../../shared/posts/read-tracking';
import {
  useCommunityPost,
  useCommunityPostComments,
  useCreateCommunityPostComment,
  useVerifyCommunityPost,
} from './api';
import { communityPath } from './community-card';
import { parseId } from './route-params';

/** Back where the reader came from; with no history inside the app, to the post's community or the list. */
function useGoBack(communityId: number | null | undefined) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(communityId ? communityPath(communityId) : PATHS.communities, { replace: true });
  };
}

function Comments({ postId, commentable }: { postId: number; commentable: boolean }) {
  const comments = useCommunityPostComments(postId);
  const create = useCreateCommunityPostComment(postId);
  return (
    <CommentsPanel
      comments={comments}
      box={
        commentable ? (
          <MentionBox send={(body) => create.mutateAsync(body)} pending={create.isPending} />
        ) : undefined
      }
    />
  );
}

/** For the community's managers: Edit, and the post's reach (issue 33: theirs, as the post is). */
function ManagerActions({ postId }: { postId: number }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const verified = useVerifyCommunityPost(postId, profile?.id);
  if (verified.data !== true) return null;
  return (
    <Flex gap={8} wrap>
      <Button
        icon={<BarChartOutlined aria-hidden />}
        onClick={() => navigate(fillPath(PATHS.postReach, { postId }))}
      >
        Reach
      </Button>
      <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate(`/community-post/${postId}/edit`)}>
        Edit
      </Button>
    </Flex>
  );
}

export default function CommunityPostPage() {
  const { postId } = useParams();
  const id = parseId(postId);
  const post = useCommunityPost(id);
  const goBack = useGoBack(post.data?.communityId);
  const invalid = Number.isNaN(id) || id <= 0;
  useDocumentTitle(post.data?.title ?? 'Community Post');
  // Reach (issue 18): the post counts as opened once its page shows it.
  useOpenedPost(post.data?.id);

  const back = <PostBackButton onClick={goBack} />;

  if (invalid || post.isError) {
    if (!invalid && isSessionExpired(post.error)) return null;
    const notFound = invalid || (isApiError(post.error) && [403, 404].includes(post.error.status));
    return (
      <PostUnavailable back={back} error={post.error} notFound={notFound} onRetry={() => post.refetch()} />
    );
  }

  if (!post.data) return <PostPageLoading back={back} />;

  const p = post.data;

  return (
    <section className="page post-page">
      <Flex justify="space-between" align="center" gap={8} wrap>
        {back}
        <ManagerActions postId={p.id} />
      </Flex>
      <PostBody
        post={p}
        tags={
          p.community &&
          p.communityId && (
            <Tag>
              <Link to={communityPath(p.communityId)}>{p.community.title}</Link>
            </Tag>
          )
        }
        actions={<PostActions post={p} useToggle={useToggleCommunityAction} />}
        comments={<Comments postId={p.id} commentable={p.isCommentable === 1} />}
      />
    </section>
  );
}
