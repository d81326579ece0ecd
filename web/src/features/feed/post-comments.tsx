// A feed post's comments and its comment box, through the feed's comment calls; the list and the box
// themselves are shared with community posts (shared/posts/).
import { CommentsPanel } from '../../shared/posts/comments-panel';
import { MentionBox } from '../../shared/posts/mention-box';
import { useComments, useCreateComment } from './api';

function CommentBox({ postId }: { postId: number }) {
  const create = useCreateComment(postId);
  return (
    <MentionBox
      send={({ content, userIds }) => create.mutateAsync({ content, userIDs: userIds })}
      pending={create.isPending}
    />
  );
}

export function CommentsSection({ postId, commentable }: { postId: number; commentable: boolean }) {
  const comments = useComments(postId);
  return <CommentsPanel comments={comments} box={commentable ? <CommentBox postId={postId} /> : undefined} />;
}
