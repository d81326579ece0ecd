// After every route change (logging in is one), focus moves to the page's main region and screen readers
// hear the new page's title; on the app's first page the browser's own focus is left alone (issue 14,
// WCAG 2.4.3). Pages that focus a field of their own (autoFocus) still win: they mount after this runs.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** The main region's id: the skip link's target too. */
export const MAIN_CONTENT_ID = 'main-content';

/** Lazy pages set their title when their chunk arrives; the announcement waits for it. */
const ANNOUNCE_DELAY_MS = 600;

let firstPageShown = false;

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what this effect answers.
  useEffect(() => {
    if (!firstPageShown) {
      firstPageShown = true;
      return;
    }
    document.getElementById(MAIN_CONTENT_ID)?.focus();
    setAnnouncement('');
    const timer = setTimeout(() => setAnnouncement(document.title), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
