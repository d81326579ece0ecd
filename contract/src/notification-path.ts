// Where a notification leads, apart from the schemas: the web's bell needs only this, and a module that
// builds zod schemas at its top level would bring zod (25 KB gzip) to every staff page.
export const NOTIFICATION_TYPES = [
  'SURVEY',
  'FEED_POST',
  'COMMENT',
  'COMMUNITY_POST',
  'ACK_REMINDER',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The page a notification opens: the feed post, community post, survey, the post carrying a comment, or the
 * discussion board of a mention made there. One rule for the bell and for web push.
 */
export function notificationPath(n: {
  type: NotificationType;
  objectId: number;
  isCommunityPost: boolean;
  communityId?: number | undefined;
}): string {
  switch (n.type) {
    case 'FEED_POST':
      return `/post-detail/${n.objectId}`;
    case 'COMMUNITY_POST':
      return `/communities/post/${n.objectId}`;
    case 'ACK_REMINDER':
      // A reminder to acknowledge a post (issue 18): the post, feed or community.
      return n.isCommunityPost ? `/communities/post/${n.objectId}` : `/post-detail/${n.objectId}`;
    case 'SURVEY':
      return `/surveys/${n.objectId}`;
    case 'COMMENT':
      if (n.communityId !== undefined) return `/communities/${n.communityId}?tab=discussion`;
      return n.isCommunityPost ? `/communities/post/${n.objectId}` : `/post-detail/${n.objectId}`;
  }
}
