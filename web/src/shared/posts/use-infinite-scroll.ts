// Infinite scroll (product.md section 9: page size 10, scroll debounce 500 ms): a sentinel below the list
// asks for the next page when it comes into view, at most once per 500 ms, and again while it stays in view
// (a short first page on a tall screen keeps loading until the screen is full or the feed ends).
import { LIMITS } from '@hearth/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

type Options = { hasMore: boolean; loading: boolean; onLoadMore: () => void; disabled?: boolean };

export function useInfiniteScroll({ hasMore, loading, onLoadMore, disabled }: Options) {
  const [visible, setVisible] = useState(false);
  const lastLoad = useRef(0);
  const observer = useRef<IntersectionObserver | null>(null);

  const sentinelRef = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) {
      setVisible(false);
      return;
    }
    observer.current = new IntersectionObserver(
      (entries) => setVisible(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.current.observe(node);
  }, []);

  useEffect(() => () => observer.current?.disconnect(), []);

  useEffect(() => {
    if (!visible || !hasMore || loading || disabled) return;
    const wait = Math.max(0, lastLoad.current + LIMITS.debounceMs - Date.now());
    const timer = window.setTimeout(() => {
      lastLoad.current = Date.now();
      onLoadMore();
    }, wait);
    return () => window.clearTimeout(timer);
  }, [visible, hasMore, loading, disabled, onLoadMore]);

  return sentinelRef;
}
