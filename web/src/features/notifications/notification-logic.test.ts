import { NOTIFICATION_TYPES, type Notification, type NotificationList } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  bellLabel,
  markAllViewed,
  markUnviewed,
  markViewed,
  notificationTarget,
  reconnectDelay,
  TYPE_LABEL,
  TYPE_ORDER,
} from './notification-logic';

const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  type: 'FEED_POST',
  objectId: 7,
  isCommunityPost: false,
  title: 'Hello',
  sentAt: '2026-11-22T00:00:00.000Z',
  viewed: false,
  ...over,
});

describe('notificationTarget', () => {
  it('opens feed posts, community posts and surveys', () => {
    expect(notificationTarget(note({ type: 'FEED_POST', objectId: 5 }))).toBe('/post-detail/5');
    expect(notificationTarget(note({ type: 'COMMUNITY_POST', objectId: 6 }))).toBe('/communities/post/6');
    expect(notificationTarget(note({ type: 'SURVEY', objectId: 8 }))).toBe('/surveys/8');
  });
  it('opens the post carrying a comment, community or feed', () => {
    expect(notificationTarget(note({ type: 'COMMENT', objectId: 9, isCommunityPost: true }))).toBe(
      '/communities/post/9',
    );
    expect(notificationTarget(note({ type: 'COMMENT', objectId: 9, isCommunityPost: false }))).toBe(
      '/post-detail/9',
    );
  });
  it('opens the discussion board of a mention made there', () => {
    expect(
      notificationTarget(note({ type: 'COMMENT', objectId: 4, isCommunityPost: false, communityId: 4 })),
    ).toBe('/communities/4?tab=discussion');
  });
});

describe('type labels', () => {
  it('names every type once, in the order the filters and preferences list them', () => {
    expect([...TYPE_ORDER].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(TYPE_LABEL.COMMENT).toBe('Mention');
    expect(TYPE_LABEL.ACK_REMINDER).toBe('Acknowledgement reminder');
  });
  it('opens the post of an acknowledgement reminder', () => {
    expect(notificationTarget(note({ type: 'ACK_REMINDER', objectId: 3 }))).toBe('/post-detail/3');
    expect(notificationTarget(note({ type: 'ACK_REMINDER', objectId: 3, isCommunityPost: true }))).toBe(
      '/communities/post/3',
    );
  });
});

describe('bellLabel', () => {
  it('names the unviewed count', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unviewed');
    expect(bellLabel(1)).toBe('Notifications, 1 unviewed');
    expect(bellLabel(0)).toBe('Notifications, none unviewed');
    expect(bellLabel(-2)).toBe('Notifications, none unviewed');
  });
});

describe('cache updates', () => {
  const list: NotificationList = {
    notifications: [note({ id: 1 }), note({ id: 2, viewed: true }), note({ id: 3 })],
    unviewed: 2,
  };
  it('marks one viewed and lowers the count once', () => {
    const after = markViewed(list, 1);
    expect(after.unviewed).toBe(1);
    expect(after.notifications[0]?.viewed).toBe(true);
    expect(markViewed(after, 1)).toBe(after);
    expect(markViewed(list, 2)).toBe(list);
  });
  it('marks one unviewed again and raises the count once', () => {
    const after = markUnviewed(list, 2);
    expect(after.unviewed).toBe(3);
    expect(after.notifications[1]?.viewed).toBe(false);
    expect(markUnviewed(after, 2)).toBe(after);
    expect(markUnviewed(list, 1)).toBe(list);
  });
  it('marks all viewed', () => {
    const after = markAllViewed(list);
    expect(after.unviewed).toBe(0);
    expect(after.notifications.every((n) => n.viewed)).toBe(true);
  });
  it('applies a live event: count from the server, new item on top once', () => {
    expect(applyEvent(undefined, { unviewed: 4 })).toBeUndefined();
    expect(applyEvent(list, { unviewed: 5 })?.unviewed).toBe(5);
    const added = applyEvent(list, { unviewed: 3, notification: note({ id: 10 }) });
    expect(added?.notifications.map((n) => n.id)).toEqual([10, 1, 2, 3]);
    const again = applyEvent(added, { unviewed: 3, notification: note({ id: 10 }) });
    expect(again?.notifications).toHaveLength(4);
  });
});

describe('reconnectDelay', () => {
  it('backs off and caps', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(3)).toBe(8000);
    expect(reconnectDelay(20)).toBe(30_000);
  });
});
