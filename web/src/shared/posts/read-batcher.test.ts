import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_FLUSH_MS, type ReadBatch, ReadBatcher, ReadQueue } from './read-batcher';

describe('ReadQueue', () => {
  it('queues each post once per kind, and only real ids', () => {
    const q = new ReadQueue(100);
    expect(q.add('seen', 7)).toBe(true);
    expect(q.add('seen', 7)).toBe(false);
    expect(q.add('opened', 7)).toBe(true); // another kind
    expect(q.add('seen', 0)).toBe(false);
    expect(q.add('seen', -3)).toBe(false);
    expect(q.add('seen', 1.5)).toBe(false);
    expect(q.add('seen', Number.NaN)).toBe(false);
    expect(q.size).toBe(2);
    expect(q.take()).toEqual({ seen: [7], opened: [7] });
    // Sent, and still not queued again on this page load.
    expect(q.add('seen', 7)).toBe(false);
    expect(q.take()).toBeNull();
  });

  it('takes at most the batch size per kind, oldest first', () => {
    const q = new ReadQueue(3);
    for (let id = 1; id <= 7; id++) q.add('seen', id);
    q.add('opened', 50);
    expect(q.take()).toEqual({ seen: [1, 2, 3], opened: [50] });
    expect(q.take()).toEqual({ seen: [4, 5, 6], opened: [] });
    expect(q.take()).toEqual({ seen: [7], opened: [] });
    expect(q.take()).toBeNull();
  });

  it('puts a failed batch back once, then drops it', () => {
    const q = new ReadQueue(100);
    q.add('seen', 1);
    q.add('opened', 2);
    const first = q.take() as ReadBatch;
    q.failed(first);
    expect(q.size).toBe(2);
    const again = q.take() as ReadBatch;
    expect(again).toEqual({ seen: [1], opened: [2] });
    q.failed(again);
    expect(q.size).toBe(0);
    expect(q.take()).toBeNull();
  });

  it('forgets everything when cleared', () => {
    const q = new ReadQueue(100);
    q.add('seen', 1);
    q.clear();
    expect(q.size).toBe(0);
    expect(q.add('seen', 1)).toBe(true);
  });
});

describe('ReadBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what gathered once, a few seconds after the first event', async () => {
    const send = vi.fn().mockResolvedValue({ recorded: 2 });
    const b = new ReadBatcher(send);
    b.add('seen', 1);
    await vi.advanceTimersByTimeAsync(READ_FLUSH_MS - 100);
    b.add('seen', 2);
    b.add('seen', 1);
    b.add('opened', 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ seen: [1, 2], opened: [1] }, { keepalive: false });
    await vi.advanceTimersByTimeAsync(READ_FLUSH_MS * 3);
    expect(send).toHaveBeenCalledTimes(1); // nothing more to send, no timer left running
  });

  it('splits a large queue into batches of the limit, all sent in one flush', async () => {
    const send = vi.fn().mockResolvedValue({ recorded: 0 });
    const b = new ReadBatcher(send, READ_FLUSH_MS, 100);
    for (let id = 1; id <= 250; id++) b.add('seen', id);
    for (let id = 1; id <= 120; id++) b.add('opened', id);
    await b.flush();
    const batches = send.mock.calls.map(([batch]) => batch as ReadBatch);
    expect(batches.map((x) => [x.seen.length, x.opened.length])).toEqual([
      [100, 100],
      [100, 20],
      [50, 0],
    ]);
  });

  it('flushes at once with keepalive when asked (the page is hidden), cancelling the timer', async () => {
    const send = vi.fn().mockResolvedValue({ recorded: 1 });
    const b = new ReadBatcher(send);
    b.add('opened', 9);
    await b.flush(true);
    expect(send).toHaveBeenCalledWith({ seen: [], opened: [9] }, { keepalive: true });
    await vi.advanceTimersByTimeAsync(READ_FLUSH_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('retries a failed batch once at the next flush, never throwing, then gives it up', async () => {
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const b = new ReadBatcher(send);
    b.add('seen', 3);
    await expect(b.flush()).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
    // The retry waits for the timer, it is not sent in a tight loop.
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(READ_FLUSH_MS);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0]).toEqual({ seen: [3], opened: [] });
    await vi.advanceTimersByTimeAsync(READ_FLUSH_MS * 3);
    expect(send).toHaveBeenCalledTimes(2);
    expect(b.queue.size).toBe(0);
  });

  it('a send that throws synchronously counts as a failed batch', async () => {
    const send = vi.fn(() => {
      throw new Error('no session');
    });
    const b = new ReadBatcher(send);
    b.add('seen', 4);
    await b.flush();
    expect(b.queue.size).toBe(1);
  });

  it('sends nothing after a reset', async () => {
    const send = vi.fn().mockResolvedValue({ recorded: 0 });
    const b = new ReadBatcher(send);
    b.add('seen', 5);
    b.reset();
    await vi.advanceTimersByTimeAsync(READ_FLUSH_MS * 2);
    await b.flush(true);
    expect(send).not.toHaveBeenCalled();
  });
});
