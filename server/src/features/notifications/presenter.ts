// How a notification is answered and where it leads: one shaping for the bell's list, the notification
// centre, web push and e-mail, so a link opens the same page from each of them.
import { type Notification, type NotificationType, notificationPath, POST_KIND } from '@hearth/contract';

/**
 * Event types whose object is a post of either kind (a feed post or a community post): their rows read the
 * post's kind so the link opens the right page. A DISCUSSION's object is a community; the other types say
 * their kind by their type.
 */
export const EVENTS_ON_ANY_POST = ['COMMENT', 'ACK_REMINDER'] as const;

/** The notification type of an event type: a discussion mention is a mention (COMMENT). */
export const notificationType = (eventType: string) => (eventType === 'DISCUSSION' ? 'COMMENT' : eventType);

/** What a row must carry to say where its notification leads. */
export type TargetFacts = { type: string; objectId: number; eventType: string; postKind: number | null };

/** Whether it opens a community post, and for a discussion mention the community it opens. */
export function targetOf(r: TargetFacts): Pick<Notification, 'isCommunityPost' | 'communityId'> {
  return {
    isCommunityPost: r.type === 'COMMUNITY_POST' || r.postKind === POST_KIND.COMMUNITY,
    ...(r.eventType === 'DISCUSSION' ? { communityId: r.objectId } : {}),
  };
}

/** The web page a notification opens (the bell's rule, `notificationPath`). */
export function pathOf(r: TargetFacts): string {
  return notificationPath({ type: r.type as NotificationType, objectId: r.objectId, ...targetOf(r) });
}

export type NotificationRow = TargetFacts & {
  id: number;
  title: string;
  sentAt: Date;
  viewedAt: Date | null;
};

export function presentNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    type: r.type as Notification['type'],
    objectId: r.objectId,
    ...targetOf(r),
    title: r.title,
    sentAt: r.sentAt.toISOString(),
    viewed: r.viewedAt !== null,
  };
}
