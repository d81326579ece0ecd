// The browser's side of seen and opened posts (issue 18, ADR 033), without the DOM: each post id is queued
// once per page load and kind, and sent in batches of at most REACH_LIMITS.eventsPerBatch ids per kind a few
// seconds after the first event, or at once when the page is hidden. A failed batch goes back in the queue
// once (the server ignores repeats, so resending is harmless); failing again, it is dropped. Nothing here
// ever throws at the caller or shows an error: tracking must never get in the reader's way.
import { REACH_LIMITS } from '@hearth/contract';

export type ReadKind = 'seen' | 'opened';
export type ReadBatch = { seen: number[]; opened: number[] };
/** Sends one batch; `keepalive` when the page is being hidden (the request must outlive it). */
export type SendBatch = (batch: ReadBatch, options: { keepalive: boolean }) => Promise<unknown>;

const KINDS: ReadKind[] = ['seen', 'opened'];
/** How long events gather before a batch goes out. */
export const READ_FLUSH_MS = 5000;

const bySet = () => ({ seen: new Set<number>(), opened: new Set<number>() });

/** The queue alone: what is waiting, what was queued this page load, what already failed once. */
export class ReadQueue {
  private readonly queued = bySet();
  private readonly failedOnce = bySet();
  private readonly pending: ReadBatch = { seen: [], opened: [] };

  constructor(private readonly maxPerKind: number = REACH_LIMITS.eventsPerBatch) {}

  /** Queues `id`; false when it was already queued (or sent) since the page loaded. */
  add(kind: ReadKind, id: number): boolean {
    if (!Number.isSafeInteger(id) || id <= 0 || this.queued[kind].has(id)) return false;
    this.queued[kind].add(id);
    this.pending[kind].push(id);
    return true;
  }

  has(kind: ReadKind, id: number): boolean {
    return this.queued[kind].has(id);
  }

  get size(): number {
    return this.pending.seen.length + this.pending.opened.length;
  }

  /** The next batch (oldest events first, at most `maxPerKind` ids per kind), or null when none waits. */
  take(): ReadBatch | null {
    if (this.size === 0) return null;
    return {
      seen: this.pending.seen.splice(0, this.maxPerKind),
      opened: this.pending.opened.splice(0, this.maxPerKind),
    };
  }

  /** A batch that could not be sent: its ids wait for the next batch, unless they had failed before. */
  failed(batch: ReadBatch): void {
    for (const kind of KINDS) {
      for (const id of batch[kind]) {
        if (this.failedOnce[kind].has(id)) continue;
        this.failedOnce[kind].add(id);
        this.pending[kind].push(id);
      }
    }
  }

  /** Forgets everything (logging out: the next person's reads are their own). */
  clear(): void {
    for (const kind of KINDS) {
      this.queued[kind].clear();
      this.failedOnce[kind].clear();
      this.pending[kind] = [];
    }
  }
}

/** The queue plus its timing: a flush READ_FLUSH_MS after the first waiting event, and on demand. */
export class ReadBatcher {
  readonly queue: ReadQueue;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: SendBatch,
    private readonly delayMs = READ_FLUSH_MS,
    maxPerKind?: number,
  ) {
    this.queue = new ReadQueue(maxPerKind);
  }

  add(kind: ReadKind, id: number): void {
    if (this.queue.add(kind, id)) this.schedule();
  }

  /**
   * Sends everything waiting, a batch at a time (batches go out together, not one after the other: a
   * page being hidden may not get another turn). Failed batches are queued again for a later flush.
   */
  flush(keepalive = false): Promise<void> {
    this.cancel();
    const sends: Promise<void>[] = [];
    for (let batch = this.queue.take(); batch; batch = this.queue.take()) {
      const sent = batch;
      sends.push(
        Promise.resolve()
          .then(() => this.send(sent, { keepalive }))
          .then(
            () => undefined,
            () => {
              this.queue.failed(sent);
              this.schedule();
            },
          ),
      );
    }
    return Promise.all(sends).then(() => undefined);
  }

  /** Stops the timer and forgets the queue (logging out). */
  reset(): void {
    this.cancel();
    this.queue.clear();
  }

  private schedule(): void {
    if (this.timer !== null || this.queue.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  private cancel(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  }
}
