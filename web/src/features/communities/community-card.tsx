// One community in the /communities grid: picture (or a placeholder), title as the link, member and post
// counts. An article named by its title; the picture is a second, hidden-from-AT link to the same page.
import { FileTextOutlined, TeamOutlined } from '@ant-design/icons';
import type { Community } from '@hearth/contract';
import { Card, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { communityImage, countLabel } from './community-logic';
import '../../lib/shimmer.css';

export function communityPath(id: number): string {
  return `/communities/${id}`;
}

export function CommunityCover({ community }: { community: Pick<Community, 'image' | 'imageUrl'> }) {
  const src = communityImage(community);
  // A picture that fails to load (moved, deleted) falls back to the placeholder.
  const [failed, setFailed] = useState<string | null>(null);
  return src && failed !== src ? (
    <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />
  ) : (
    <div className="community-cover-placeholder" aria-hidden>
      <TeamOutlined />
    </div>
  );
}

export function CommunityCounts({ community }: { community: Pick<Community, 'numUsers' | 'numPosts'> }) {
  return (
    <div className="community-counts">
      <span data-testid="community-members">
        <TeamOutlined aria-hidden /> {countLabel(community.numUsers, 'member', 'members')}
      </span>
      <span data-testid="community-posts">
        <FileTextOutlined aria-hidden /> {countLabel(community.numPosts, 'post', 'posts')}
      </span>
    </div>
  );
}

export function CommunityCard({ community }: { community: Community }) {
  const titleId = useId();
  const to = communityPath(community.id);
  return (
    <Card
      className="community-card"
      cover={
        <Link to={to} tabIndex={-1} aria-hidden className="community-cover">
          <CommunityCover community={community} />
        </Link>
      }
    >
      <article aria-labelledby={titleId}>
        <Typography.Title level={2} className="community-card-title" id={titleId}>
          <Link to={to}>{community.title}</Link>
        </Typography.Title>
        <CommunityCounts community={community} />
      </article>
    </Card>
  );
}

export function CommunityCardSkeleton() {
  return (
    <Card className="community-card" cover={<div className="community-cover shimmer" />} aria-hidden>
      <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 1 }} />
    </Card>
  );
}
