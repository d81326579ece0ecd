// Like and favourite toggles with their counts, and the comment count. Each is a toggle button with a
// stable name ("Like", "Favourite") and aria-pressed; the count is its description. Feed posts toggle through
// useToggleAction; community posts pass their own hook with the same shape (`useToggle`).
import { HeartFilled, HeartOutlined, MessageOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { ACTION_TYPE, type FeedPost } from '@hearth/contract';
import { Button, theme } from 'antd';
import { useId } from 'react';
import type { ActionType } from './post-cache';
import { useToggleAction } from './post-toggles';
import './post-actions.css';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The counts and flags the toggles show: a feed post or a community post. */
export type ActionablePost = Pick<
  FeedPost,
  'id' | 'isLiked' | 'isFavourited' | 'likes' | 'favourites' | 'comments'
>;

/** A mutation hook that sets a like or favourite; called once per toggle, so each has its own pending state. */
export type UseToggle = () => {
  isPending: boolean;
  mutate: (vars: { postId: number; type: ActionType; active: boolean }) => void;
};

type ToggleProps = {
  post: ActionablePost;
  type: ActionType;
  size?: 'small' | 'middle';
  useToggle: UseToggle;
};

function ActionToggle({ post, type, size, useToggle }: ToggleProps) {
  const toggle = useToggle();
  const countId = useId();
  const { token } = theme.useToken();
  const isLike = type === ACTION_TYPE.LIKE;
  const active = isLike ? post.isLiked : post.isFavourited;
  const count = isLike ? post.likes : post.favourites;
  const name = isLike ? 'Like' : 'Favourite';
  const icon = isLike ? (
    active ? (
      <HeartFilled aria-hidden />
    ) : (
      <HeartOutlined aria-hidden />
    )
  ) : active ? (
    <StarFilled aria-hidden />
  ) : (
    <StarOutlined aria-hidden />
  );
  const onClick = () => {
    // One call at a time per toggle, so answers cannot arrive out of order.
    if (toggle.isPending) return;
    toggle.mutate({ postId: post.id, type, active: !active });
  };
  // The count sits beside the button, not in it: the button's name stays "Like" (what a speech user says)
  // and the count is its description (WCAG 2.5.3: a visible label inside the name would be "3").
  return (
    <span className="post-action-group">
      <Button
        type="text"
        size={size}
        aria-label={name}
        aria-pressed={active}
        aria-describedby={countId}
        className="post-action"
        // Inline, so the pressed colour wins over the text button's own hover colour.
        style={active ? { color: isLike ? token.colorPrimary : token.colorWarningText } : undefined}
        icon={icon}
        onClick={onClick}
        data-testid={isLike ? 'like-button' : 'favourite-button'}
      />
      <span aria-hidden className="post-action-count" data-testid={isLike ? 'like-count' : 'favourite-count'}>
        {count}
      </span>
      <span id={countId} hidden>
        {isLike ? plural(count, 'like', 'likes') : plural(count, 'favourite', 'favourites')}
      </span>
    </span>
  );
}

type PostActionsProps = {
  post: ActionablePost;
  size?: 'small' | 'middle';
  /** The like/favourite mutation; the feed's by default. */
  useToggle?: UseToggle;
};

export function PostActions({ post, size = 'middle', useToggle = useToggleAction }: PostActionsProps) {
  return (
    <div className="post-actions">
      <ActionToggle post={post} type={ACTION_TYPE.LIKE} size={size} useToggle={useToggle} />
      <ActionToggle post={post} type={ACTION_TYPE.FAVOURITE} size={size} useToggle={useToggle} />
      <span className="post-comment-count">
        <MessageOutlined aria-hidden />{' '}
        <span aria-hidden data-testid="comment-count">
          {post.comments}
        </span>
        <span className="visually-hidden">{plural(post.comments, 'comment', 'comments')}</span>
      </span>
    </div>
  );
}
