// Set-up of a component test (setup.ts loads it for *.test.tsx files): jest-dom's matchers, the browser
// features antd and our hooks expect that happy-dom lacks, and a clean page, storage and fetch after each
// test.
import '../zod-jitless';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetReads } from '../shared/posts/read-tracking';

/** A media query that never matches: the desktop layout, light mode. */
function matchMedia(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Observers that never report: nothing scrolls into view or resizes in a DOM without layout. */
class QuietObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

const page = globalThis as unknown as Record<string, unknown>;
if (typeof window.matchMedia !== 'function') window.matchMedia = matchMedia;
page.ResizeObserver ??= QuietObserver;
page.IntersectionObserver ??= QuietObserver;
// antd's Select and its forms' scroll-to-first-error scroll elements that cannot scroll here.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};

/**
 * What each component test file needs registered in its own run: setup.ts calls it for every file, since
 * with shared modules (`isolate: false`) this module itself is loaded only once per worker.
 */
export function prepareComponentTests(): void {
  // A screen renders in tens of milliseconds alone; the machines are shared, and a busy one is many
  // times slower, so a component test gets more time than Vitest's 5 s before it counts as hung.
  vi.setConfig({ testTimeout: 30_000 });
  // The same for what findBy… and waitFor wait for (1 s by default).
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    // The fetch stub of test/fetch-mock.ts.
    vi.unstubAllGlobals();
    // Reads a post page queued would go out on their 5 s timer in a later test (route-loaders.test.tsx
    // once counted one as its own request).
    forgetReads();
  });
}
