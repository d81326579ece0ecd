// Seen and opened posts (issue 18, ADR 033), the DOM side: a feed or community post card counts as seen
// once it has been at least half visible for REACH_LIMITS.seenAfterMs while the page is shown (one shared
// IntersectionObserver; the timer stops when the card leaves or the page is hidden), a post page as
// opened when it shows the post. read-batcher.ts queues and sends them. Lives in shared/posts/ because the cards
// and post pages of the feed and of communities both report here.
import { REACH_LIMITS, reachEndpoints } from '@hearth/contract';
import { useCallback, useEffect } from 'react';
import { call } from '../../lib/endpoint-client';
import { currentProfile, readSession } from '../../lib/session';
import { type ReadBatch, ReadBatcher } from './read-batcher';

/** Half visible; a little slack for sub-pixel layouts, which report 0.4999. */
const SEEN_RATIO = 0.49;

function sendReads(batch: ReadBatch, { keepalive }: { keepalive: boolean }): Promise<unknown> {
  // Logged out meanwhile: drop the batch (the client would send the browser to the login page).
  if (readSession().kind !== 'ok') return Promise.resolve();
  // The API client adds the Authorization header (which sendBeacon could not send).
  return call(reachEndpoints.recordPostReads, { body: batch }, { keepalive });
}

const batcher = new ReadBatcher(sendReads);
/** Whose reads the queue holds: another login in this page load starts a new queue. */
let queueOwner: number | undefined;

function record(kind: 'seen' | 'opened', postId: number): void {
  const owner = currentProfile()?.id;
  if (owner === undefined) return;
  if (owner !== queueOwner) {
    batcher.reset();
    queueOwner = owner;
  }
  batcher.add(kind, postId);
}

type Watch = { postId: number; inView: boolean; timer: number | null };
const watched = new Map<Element, Watch>();
let observer: IntersectionObserver | null = null;

function stopTimer(watch: Watch): void {
  if (watch.timer === null) return;
  window.clearTimeout(watch.timer);
  watch.timer = null;
}

function startTimer(element: Element, watch: Watch): void {
  if (watch.timer !== null || document.visibilityState !== 'visible') return;
  watch.timer = window.setTimeout(() => {
    watch.timer = null;
    record('seen', watch.postId);
    unwatch(element);
  }, REACH_LIMITS.seenAfterMs);
}

function onIntersect(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    const watch = watched.get(entry.target);
    if (!watch) continue;
    watch.inView = entry.isIntersecting && entry.intersectionRatio >= SEEN_RATIO;
    if (watch.inView) startTimer(entry.target, watch);
    else stopTimer(watch);
  }
}

/** Hidden: nothing is being seen, and what was gathered goes out now. Shown again: the clocks restart. */
function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') {
    for (const watch of watched.values()) stopTimer(watch);
    void batcher.flush(true);
    return;
  }
  for (const [element, watch] of watched) if (watch.inView) startTimer(element, watch);
}

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', onVisibilityChange);
  // Some browsers (Safari) skip visibilitychange when the tab is closed.
  window.addEventListener('pagehide', () => void batcher.flush(true));
}

function watch(element: Element, postId: number): void {
  if (typeof IntersectionObserver === 'undefined' || batcher.queue.has('seen', postId)) return;
  listen();
  observer ??= new IntersectionObserver(onIntersect, { threshold: 0.5 });
  watched.set(element, { postId, inView: false, timer: null });
  observer.observe(element);
}

function unwatch(element: Element): void {
  const w = watched.get(element);
  if (w) stopTimer(w);
  watched.delete(element);
  observer?.unobserve(element);
}

/** A ref for a post card's element: the post counts as seen once the card was half visible long enough. */
export function useSeenRef(postId: number): (element: Element | null) => (() => void) | undefined {
  return useCallback(
    (element: Element | null) => {
      if (!element) return undefined;
      watch(element, postId);
      return () => unwatch(element);
    },
    [postId],
  );
}

/** Records that the post page of `postId` is shown (once per page load); undefined while it loads. */
export function useOpenedPost(postId: number | undefined): void {
  useEffect(() => {
    if (postId === undefined || postId <= 0) return;
    listen();
    record('opened', postId);
  }, [postId]);
}

/**
 * Forgets the reads waiting to go and the cards being watched, and stops their timers. For the component
 * tests, which share this module across files: a test's reads must not go out during the next one.
 */
export function forgetReads(): void {
  batcher.reset();
  queueOwner = undefined;
  for (const w of watched.values()) stopTimer(w);
  watched.clear();
}
