import type { FeedPost, ToAcknowledge } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { mustAcknowledge, withoutPost } from './ack-logic';

const post = (id: number) => ({ id, requiresAck: true }) as FeedPost;
const list = (ids: number[], count = ids.length): ToAcknowledge => ({ posts: ids.map(post), count });

describe('the To acknowledge list', () => {
  it('loses an acknowledged post and counts one fewer', () => {
    expect(withoutPost(list([1, 2, 3]), 2)).toEqual(list([1, 3]));
    // A post beyond the list's first 20 still lowers the count.
    expect(withoutPost(list([1], 25), 9)).toEqual(list([1], 24));
    expect(withoutPost(list([], 0), 9).count).toBe(0);
  });

  it('asks for an acknowledgement only of a must-read post still on the list, or perhaps beyond it', () => {
    expect(mustAcknowledge({ id: 1, requiresAck: true }, list([1]))).toBe(true);
    expect(mustAcknowledge({ id: 2, requiresAck: true }, list([1]))).toBe(false);
    expect(mustAcknowledge({ id: 2, requiresAck: true }, list([1], 21))).toBe(true);
    expect(mustAcknowledge({ id: 1, requiresAck: false }, list([1]))).toBe(false);
    expect(mustAcknowledge({ id: 1, requiresAck: true }, undefined)).toBe(false);
  });
});
