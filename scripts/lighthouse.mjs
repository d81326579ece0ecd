#!/usr/bin/env node
// `npm run lighthouse`: scores the pages staff open most, as a mid-range phone on a mobile network sees
// them (Lighthouse's default mobile emulation and simulated throttling), in the system Chromium.
// /login logged out, then as staff: /news, a search's results, the people directory, a post, a community
// and a survey. Prints performance,
// accessibility, best practices, LCP, CLS and TBT per page, and exits 1 when a target is missed
// (performance >= 90, accessibility 100, best practices >= 95) unless --report-only.
//
//   npm run lighthouse                      builds nothing: starts the built server on a free port
//   npm run lighthouse -- --url http://...  scores a running server instead
//   npm run lighthouse -- --runs 3          the median of three runs per page
//   npm run lighthouse -- --cold            a first visit: each run starts with an empty HTTP cache, no
//                                           service worker and no offline copies (the session is kept)
//   npm run lighthouse -- --save DIR        keeps each report (JSON) in DIR for a closer look
//   WEB_DIST=/path npm run lighthouse       another build of the web app
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.mjs';
import { startBuiltServer } from './built-server.mjs';

const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95 };
const STAFF = { email: 'staff@example.com', password: 'Passw0rd!' };

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'report-only': { type: 'boolean', default: false },
    save: { type: 'string' },
    cold: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);

/** Logs in through the real form and finds a post, a community and a survey to score. */
async function loginAndFindPages(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('[data-testid=login-email]', STAFF.email);
  await page.type('[data-testid=login-password]', STAFF.password);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.click('button[type=submit]'),
  ]);
  const firstLink = async (path, selector) => {
    // Not network idle: the bell's live stream stays open on staff pages.
    await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector(selector, { timeout: 15_000 });
    return page.$eval(selector, (a) => {
      const u = new URL(a.href);
      return u.pathname + u.search;
    });
  };
  const pages = {
    post: await firstLink('/news', 'article a[href^="/post-detail/"]'),
    community: await firstLink('/communities', 'a[href^="/communities/"]'),
    survey: await firstLink('/surveys', 'a[href^="/surveys/"]'),
  };
  await page.close();
  return pages;
}

/**
 * A first visit's browser (issue 33): the HTTP cache, the service worker and its caches emptied, as for
 * a phone that opens a link from a mail. localStorage stays: it holds the session the staff pages need.
 */
async function emptyCaches(port, url) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'cache_storage,service_workers',
  });
  await page.close();
  await browser.disconnect();
}

async function score(port, url) {
  if (args.cold) await emptyCaches(port, url);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // The session lives in localStorage: keep it between the login and the scored pages.
    disableStorageReset: true,
    onlyCategories: Object.keys(TARGETS),
  });
  const { categories, audits } = result.lhr;
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
    writeFileSync(join(args.save, `${name}.json`), JSON.stringify(result.lhr));
  }
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    'best-practices': Math.round(categories['best-practices'].score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .filter((a) => ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
      .map((a) => a.id),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function scoreMedian(port, url) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await score(port, url));
  const pick = (key) => median(all.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    tbt: pick('tbt'),
    failing: [...new Set(all.flatMap((r) => r.failing))],
  };
}

const server = args.url ? null : await startBuiltServer('hearth-lighthouse-');
const base = (args.url ?? server.url).replace(/\/$/, '');
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
const rows = [];
try {
  rows.push(['/login', await scoreMedian(chrome.port, `${base}/login`)]);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const found = await loginAndFindPages(browser, base);
  await browser.disconnect();
  for (const path of ['/news', '/search?q=parking', '/people', found.post, found.community, found.survey]) {
    rows.push([path, await scoreMedian(chrome.port, `${base}${path}`)]);
  }
} finally {
  await chrome.kill();
  server?.stop();
}

const pad = (s, n) => String(s).padEnd(n);
const visit = args.cold ? 'first visit (empty cache)' : 'return visit (cache kept)';
console.log(
  `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated slow 4G, ${visit}, ${base}`,
);
console.log(
  `${pad('page', 26)}${pad('perf', 6)}${pad('a11y', 6)}${pad('bp', 6)}${pad('LCP', 9)}${pad('CLS', 7)}TBT`,
);
let missed = 0;
for (const [path, r] of rows) {
  const marks = Object.entries(TARGETS).map(([k, min]) => {
    if (r[k] < min) missed++;
    return `${pad(`${r[k]}${r[k] < min ? '!' : ''}`, 6)}`;
  });
  console.log(
    `${pad(path, 26)}${marks.join('')}${pad(`${(r.lcp / 1000).toFixed(1)} s`, 9)}${pad(r.cls.toFixed(3), 7)}${Math.round(r.tbt)} ms`,
  );
  if (r.failing.length) console.log(`  below 0.9: ${r.failing.join(', ')}`);
}
console.log(`targets: performance >= 90, accessibility 100, best practices >= 95 (! = missed)`);
if (missed && !args['report-only']) process.exit(1);
