#!/usr/bin/env node
// `npm run first-card`: how long a cold load of /news takes to show its first news card (issue 32, item 4),
// and whether the feed's request waits for the page's code. Each run is a fresh browser context (empty
// HTTP cache, no service worker) with a staff session in storage, as a phone opening a link from a mail
// after logging in before. Two networks: this machine's loopback, and a mobile one (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's slow 4G). Prints the median of the runs per network:
//   first card   from the navigation's start to the first card of the news list on screen
//   feed asked   when GET /v1/api/newsfeed left, and when the news page's code had arrived
// A waterfall shows as "feed asked" after "page code": the request waited for the code.
//
//   npm run first-card                   builds nothing: the built server, 7 runs per network
//   npm run first-card -- --runs 11
//   WEB_DIST=/path npm run first-card    another build of the web app (before and after)
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.mjs';
import { startBuiltServer } from './built-server.mjs';

const STAFF = { email: 'staff@example.com', password: 'Passw0rd!' };
const NETWORKS = {
  loopback: null,
  'slow 4G': { latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 },
};

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Math.max(1, Number(args.runs) || 7);

/**
 * A staff session as the login form leaves it in the browser's storage ("Remember me" is on by default):
 * each run's fresh context starts from it, with an empty HTTP cache.
 */
async function staffSession(browser, base) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.fill('[data-testid=login-email]', STAFF.email);
  await page.fill('[data-testid=login-password]', STAFF.password);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/news$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function oneRun(browser, base, session, network) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 375, height: 812 },
    storageState: session,
  });
  try {
    const page = await context.newPage();
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    }
    await page.goto(`${base}/news`, { waitUntil: 'commit' });
    const firstCard = await page.waitForFunction(
      () => (document.querySelector('ul.post-list article') ? performance.now() : 0),
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    return page.evaluate(
      (card) => {
        const entries = performance.getEntriesByType('resource');
        const feed = entries.find((e) => /\/v1\/api\/newsfeed(\?|$)/.test(e.name));
        const code = entries.find((e) => /\/assets\/news-page-[^/]*\.js$/.test(e.name));
        return { card, feedAsked: feed?.startTime ?? NaN, pageCode: code?.responseEnd ?? NaN };
      },
      await firstCard.jsonValue(),
    );
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const ms = (x) => `${Math.round(x)} ms`.padStart(8);

const server = await startBuiltServer('hearth-first-card-');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  console.log(
    `cold loads of /news as staff, median of ${runs}${process.env.WEB_DIST ? ` (${process.env.WEB_DIST})` : ''}`,
  );
  const session = await staffSession(browser, server.url);
  for (const [name, network] of Object.entries(NETWORKS)) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, server.url, session, network));
    const m = (key) => median(results.map((r) => r[key]));
    console.log(
      `${name.padEnd(9)} first card ${ms(m('card'))}   feed asked ${ms(m('feedAsked'))}   page code ${ms(m('pageCode'))}`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
