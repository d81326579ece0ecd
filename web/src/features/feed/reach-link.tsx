// Where a post's reach is (issue 18): only those the policy's `post.seeReach` lets see it get the link
// (lib/policy.ts asks the server's own rule); the page itself still answers 403 to anyone else.
import { BarChartOutlined } from '@ant-design/icons';
import { fillPath, PATHS, type SessionProfile } from '@hearth/contract';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { sessionCan } from '../../lib/policy';

export function reachPath(postId: number): string {
  return fillPath(PATHS.postReach, { postId });
}

/** Whether the reader may see a feed post's reach (the feed's pages show only feed posts). */
export function canSeeReach(profile: Pick<SessionProfile, 'id' | 'roles'> | null, authorId: number): boolean {
  return sessionCan(profile, 'post.seeReach', { authorId, isFeedPost: true });
}

/** The post page's button to the reach page. */
export function ReachButton({ postId }: { postId: number }) {
  const navigate = useNavigate();
  return (
    <Button icon={<BarChartOutlined aria-hidden />} onClick={() => navigate(reachPath(postId))}>
      Reach
    </Button>
  );
}

/**
 * A table row's link to the reach page: an icon named "Reach", like the row's "View post" (the row names
 * the post; a name holding the title would also match searches for the title's link).
 */
export function ReachIconLink({ postId }: { postId: number }) {
  return (
    <Link to={reachPath(postId)} aria-label="Reach" title="Reach">
      <BarChartOutlined aria-hidden />
    </Link>
  );
}
