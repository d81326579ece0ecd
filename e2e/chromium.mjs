// The system Chromium that browser checks drive (no browser is ever downloaded), and the flags it starts
// with: headless, no sandbox (containers), and nothing that would reach the network on its own. Shared by
// the Playwright journeys (e2e/playwright.config.ts) and the Lighthouse run (scripts/lighthouse.mjs).

/** CHROMIUM_PATH, or the distribution's Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
