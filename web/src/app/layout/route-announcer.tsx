// After every route change (logging in is one), focus moves to the page's main region and screen readers
// hear the new page's title; on the app's first page the browser's own focus is left alone (issue 14,
// WCAG 2.4.3). Pages that focus a field of their own (autoFocus) still win: they mount after this runs.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../lib/popup-container';

export { MAIN_CONTENT_ID };

/**
 * Lazy pages set their title when their chunk arrives, which on a slow phone is well after the route
 * changed: the announcement waits for the title to change, and says the current title after this long (a
 * page whose title is the same as the last one's never changes it), then the new title if it still comes.
 */
const TITLE_WAIT_MS = 2000;

let firstPageShown = false;
/** The title of the page before this route change: a title that differs from it is the new page's. */
let lastTitle = '';

/** The document's <title>, created when the page has none yet (setting document.title fills it). */
function titleElement(): HTMLTitleElement {
  const existing = document.querySelector('title');
  if (existing) return existing;
  const created = document.createElement('title');
  document.head.append(created);
  return created;
}

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what this effect answers.
  useEffect(() => {
    // React runs this cleanup before the next page's effects: the title is still this page's then.
    const rememberTitle = () => {
      lastTitle = document.title;
    };
    if (!firstPageShown) {
      firstPageShown = true;
      return rememberTitle;
    }
    // Without scrolling: where the page opens is the scroll keeper's to decide (scroll-keeper.tsx).
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    setAnnouncement('');
    const announce = () => {
      observer.disconnect();
      clearTimeout(timer);
      setAnnouncement(document.title);
    };
    const observer = new MutationObserver(announce);
    // The fallback says the title as it is but keeps listening: a page whose chunk arrives later still
    // has its own title announced when it sets it.
    const timer = setTimeout(() => setAnnouncement(document.title), TITLE_WAIT_MS);
    if (document.title !== lastTitle) announce();
    else observer.observe(titleElement(), { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      rememberTitle();
    };
  }, [pathname]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
