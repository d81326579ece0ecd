// Where a page opens (issue 33): a new page opens at the top, and Back or Forward return to where the
// reader was on that page, after a reload too. The browser's own restoration cannot do it in a single-page
// app (the page is drawn after the address changes, its data later still), and react-router's
// ScrollRestoration needs a data router; this is the same idea for the BrowserRouter the app uses.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORE = 'hearth.scroll';
/** How long a restore waits for the page to grow tall enough (its data arriving). */
const RESTORE_FOR_MS = 3000;
/** Positions kept, the oldest dropped first: one per history entry. */
const KEEP = 50;

function stored(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORE) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

/** Scrolls back to `y` as the page grows, until it gets there, the time is up or the reader scrolls. */
function restore(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of INPUTS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of INPUTS) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

/** What the reader does to scroll themselves: a restore under way gives way to it. */
const INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function ScrollKeeper() {
  const location = useLocation();
  const navigation = useNavigationType();
  // History keys are only unique within a document's history: the first entry of every load is "default".
  const entry = `${location.key} ${location.pathname}${location.search}`;
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= stored();
  const current = useRef(entry);
  const lastPath = useRef<string | null>(null);

  // Followed as the reader scrolls (the last position before leaving is the one kept), and stored when
  // the document goes, for a reload or a return from another site.
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const kept = positions.current ?? new Map<string, number>();
        kept.delete(current.current);
        kept.set(current.current, window.scrollY);
        while (kept.size > KEEP) kept.delete(kept.keys().next().value as string);
      });
    };
    const save = () => sessionStorage.setItem(STORE, JSON.stringify([...(positions.current ?? [])]));
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  // Before the new page is painted: at the top for a new page, where it was for Back and Forward. A new
  // address on the same page (a tab, a filter in the query) keeps the reader where they are.
  useLayoutEffect(() => {
    current.current = entry;
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (navigation === 'POP') {
      const y = positions.current?.get(entry);
      return y === undefined ? undefined : restore(y);
    }
    if (!samePage && !location.hash) window.scrollTo(0, 0);
    return undefined;
  }, [entry, location.pathname, location.hash, navigation]);

  return null;
}
