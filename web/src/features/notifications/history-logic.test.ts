import type { Notification, NotificationHistory } from '@hearth/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { filtersFrom, filtersToParams, historyQuery } from './history-filters';
import { allViewedInPages, emptyText, setViewedInPages } from './history-logic';

const note = (id: number, viewed: boolean): Notification => ({
  id,
  type: 'FEED_POST',
  objectId: id,
  isCommunityPost: false,
  title: `Post ${id}`,
  sentAt: '2026-11-22T00:00:00.000Z',
  viewed,
});

const pages = (...lists: Notification[][]): InfiniteData<NotificationHistory, string> => {
  const unviewed = lists.flat().filter((n) => !n.viewed).length;
  return {
    pages: lists.map((notifications, i) => ({
      notifications,
      next: i < lists.length - 1 ? `c${i}` : null,
      unviewed,
    })),
    pageParams: lists.map((_, i) => (i === 0 ? '' : `c${i - 1}`)),
  };
};

describe('filters in the address', () => {
  it('reads unread and a known type; anything else is every', () => {
    expect(filtersFrom(new URLSearchParams('filter=unread&type=COMMENT'))).toEqual({
      filter: 'unread',
      type: 'COMMENT',
    });
    expect(filtersFrom(new URLSearchParams('filter=bogus&type=comment'))).toEqual({
      filter: 'all',
      type: undefined,
    });
    expect(filtersFrom(new URLSearchParams(''))).toEqual({ filter: 'all', type: undefined });
  });
  it('writes only what differs from the defaults', () => {
    expect(filtersToParams({ filter: 'all', type: undefined })).toEqual({});
    expect(filtersToParams({ filter: 'unread', type: 'SURVEY' })).toEqual({
      filter: 'unread',
      type: 'SURVEY',
    });
  });
});

describe('historyQuery', () => {
  it('sends the filter always, the type and cursor only when set', () => {
    expect(historyQuery({ filter: 'all', type: undefined }, '')).toEqual({ filter: 'all' });
    expect(historyQuery({ filter: 'unread', type: 'ACK_REMINDER' }, 'abc')).toEqual({
      filter: 'unread',
      type: 'ACK_REMINDER',
      next: 'abc',
    });
  });
});

describe('emptyText', () => {
  it('says what is missing', () => {
    expect(emptyText('all')).toBe('No notifications');
    expect(emptyText('unread')).toBe('No unread notifications');
  });
});

describe('cached pages after marking', () => {
  const data = pages([note(1, false), note(2, true)], [note(3, false)]);
  it('marks one read on whichever page it is, and lowers the count on every page', () => {
    const after = setViewedInPages(data, 3, true);
    expect(after?.pages[1]?.notifications[0]?.viewed).toBe(true);
    expect(after?.pages.map((p) => p.unviewed)).toEqual([1, 1]);
    // The row stays in place: it can be marked unread again.
    expect(after?.pages.flatMap((p) => p.notifications.map((n) => n.id))).toEqual([1, 2, 3]);
  });
  it('marks one unread and raises the count', () => {
    const after = setViewedInPages(data, 2, false);
    expect(after?.pages[0]?.notifications[1]?.viewed).toBe(false);
    expect(after?.pages.map((p) => p.unviewed)).toEqual([3, 3]);
  });
  it('changes nothing for a repeat or an id not listed', () => {
    expect(setViewedInPages(data, 2, true)).toBe(data);
    expect(setViewedInPages(data, 99, true)).toBe(data);
    expect(setViewedInPages(undefined, 1, true)).toBeUndefined();
  });
  it('never counts below zero', () => {
    const odd = { ...data, pages: data.pages.map((p) => ({ ...p, unviewed: 0 })) };
    expect(setViewedInPages(odd, 1, true)?.pages[0]?.unviewed).toBe(0);
  });
  it('marks all read', () => {
    const after = allViewedInPages(data);
    expect(after?.pages.every((p) => p.unviewed === 0 && p.notifications.every((n) => n.viewed))).toBe(true);
    expect(after?.pageParams).toEqual(data.pageParams);
  });
});
