/**
 * DESIGN §7 bundle budgets, measured the way a visitor pays for them: each route is opened in
 * headless Chromium against the built app, and every JavaScript file the page requests is counted
 * at its gzipped size (gzip -9 of the file in dist/client, independent of the server's encoding).
 *
 * - "initial": the JS requested before the `load` event, what the page needs to paint (budget:
 *   160 KB on the home page, DESIGN §7). A prerendered page paints without any JavaScript and
 *   loads the app right after: there it is the JS requested before hydration starts (the
 *   `kestrel:hydrate` mark of src/app/start.tsx), the same set the app needed to paint before.
 * - "settled": all JS requested by the time the network is idle, i.e. including what the page
 *   loads right after painting (forms, the signing layer), reported for information.
 * - Each lazy chunk (every JS file but the entry) against 30 KB; 60 KB for the crypto-pay page.
 *
 * Figures, not a test: always exits 0 unless the measurement itself fails.
 */
/* global window, document -- evaluated in the page. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { ROOT } from '../scripts/build-freshness.mjs';
import { serveBuiltApp } from './serve-built-app.mjs';

const KB = 1024;
const HOME_BUDGET = 160 * KB;
const CHUNK_BUDGET = 30 * KB;
const CRYPTO_CHUNK_BUDGET = 60 * KB;
const ASSETS = join(ROOT, 'dist/client/assets');
/** Reported on their own: the store's pages and what they add to the home page's JS. */
/** Routes broken down chunk by chunk below: the store's (issue 3) and group buy's (issue 12). */
const BREAKDOWN_ROUTES = [
  '/pricing',
  '/purchased',
  '/trial',
  '/group-buying',
  '/user/group-buying',
  '/admin/login',
  '/admin',
];

/** Every route of the SPA (contract/web-routes.ts) with its params filled in, and a 404. */
const { SPA_ROUTES } = await tsImport('../contract/web-routes.ts', import.meta.url);
const ROUTES = [
  ...SPA_ROUTES.filter((route) => route !== '/user') // a redirect to /user/profile
    .map((route) =>
      route
        .replace('$productId', '1')
        .replace('$name', 'terms')
        // An enrolment link no server issued: the console's page that says so.
        .replace('$token', 'A'.repeat(43)),
    ),
  '/no-such-page',
];

const gzSizes = new Map();
function gzSize(file) {
  if (!gzSizes.has(file)) {
    gzSizes.set(file, gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length);
  }
  return gzSizes.get(file);
}

/**
 * The operator console's modules in a chunk (issue 21), read from the chunk's source map: its
 * pages (src/console), its machines (staff-*, order-refund: the console's alone, as the rule
 * `only-the-routes-import-the-console` of .dependency-cruiser.cjs names them) and its catalogue.
 * No member page may load one.
 */
const CONSOLE_SOURCE =
  /(?:^|\/)(?:src\/console\/|machines\/(?:staff-|order-refund\/)|src\/locales\/[^/]+\/console\.po)/;
const consoleSources = new Map();
function consoleModules(file) {
  if (!consoleSources.has(file)) {
    let sources = [];
    try {
      sources = JSON.parse(readFileSync(join(ASSETS, `${file}.map`), 'utf8')).sources ?? [];
    } catch {
      // No map for this file: nothing can be said of it, and the build writes one for every chunk.
    }
    consoleSources.set(
      file,
      sources.filter((source) => CONSOLE_SOURCE.test(source)),
    );
  }
  return consoleSources.get(file);
}
const isConsoleRoute = (route) => route === '/admin' || route.startsWith('/admin/');

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const pad = (text, width) => String(text).padEnd(width);

async function demoToken(origin) {
  const { ApiClientForBench } = await import('./bench-api-client.mjs');
  return new ApiClientForBench(origin).login('demo', 'demo-pass-2026');
}

async function measureRoute(browser, origin, route, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (token) {
    await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  }
  const page = await context.newPage();
  const requested = [];
  let loaded = false;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.origin === origin &&
      url.pathname.startsWith('/assets/') &&
      url.pathname.endsWith('.js')
    ) {
      requested.push({ file: url.pathname.slice('/assets/'.length), beforeLoad: !loaded });
    }
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'load' });
  loaded = true;
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
  await page.waitForLoadState('networkidle');
  const landedOn = new URL(page.url()).pathname;
  const beforeHydration = await page.evaluate(() => {
    const mark = window.performance.getEntriesByName('kestrel:hydrate')[0];
    if (!mark) return null;
    return window.performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= mark.startTime)
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/') && path.endsWith('.js'))
      .map((path) => path.slice('/assets/'.length));
  });
  await context.close();
  const initial = beforeHydration
    ? [...new Set(beforeHydration)]
    : [...new Set(requested.filter((r) => r.beforeLoad).map((r) => r.file))];
  const settled = [...new Set(requested.map((r) => r.file))];
  const sum = (files) => files.reduce((total, file) => total + gzSize(file), 0);
  return { route, landedOn, initial: sum(initial), settled: sum(settled), files: settled };
}

const { origin, stop } = await serveBuiltApp();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const token = await demoToken(origin).catch((error) => {
    process.stderr.write(
      `bench: demo login failed (${error.message}); /user pages measured logged out\n`,
    );
    return null;
  });
  const results = [];
  for (const route of ROUTES) {
    results.push(
      await measureRoute(browser, origin, route, route.startsWith('/user') ? token : null),
    );
  }

  process.stdout.write('\nInitial JavaScript per route (gzip -9, 390 px viewport)\n');
  process.stdout.write(`${pad('route', 28)}${pad('initial', 12)}${pad('settled', 12)}verdict\n`);
  for (const r of results) {
    const landed = r.landedOn === r.route ? '' : ` (landed on ${r.landedOn})`;
    const verdict =
      r.route === '/' ? (r.initial <= HOME_BUDGET ? 'PASS' : 'OVER') + ' (<= 160 KB)' : '';
    process.stdout.write(
      `${pad(r.route.length > 27 ? `${r.route.slice(0, 26)}…` : r.route, 28)}${pad(kb(r.initial), 12)}${pad(kb(r.settled), 12)}${verdict}${landed}\n`,
    );
  }

  // The entry chunk is the one index.html loads; every other JS file is a lazy chunk.
  const indexHtml = readFileSync(join(ROOT, 'dist/client/index.html'), 'utf8');
  const entries = new Set(
    [...indexHtml.matchAll(/\/assets\/([^"']+\.js)/g)].map((match) => match[1]),
  );
  const cryptoFiles = new Set(results.find((r) => r.route.startsWith('/crypto-pay'))?.files ?? []);
  const otherFiles = new Set(
    results.filter((r) => !r.route.startsWith('/crypto-pay')).flatMap((r) => r.files),
  );
  const loadedBy = (file) => results.filter((r) => r.files.includes(file)).length;
  process.stdout.write(
    '\nJavaScript chunks (gzip -9); "routes" = how many of the routes above load it\n',
  );
  process.stdout.write(`${pad('chunk', 48)}${pad('size', 12)}${pad('routes', 8)}verdict\n`);
  let over = 0;
  const chunks = readdirSync(ASSETS)
    .filter((file) => file.endsWith('.js'))
    .sort((a, b) => gzSize(b) - gzSize(a));
  for (const file of chunks) {
    const routes = loadedBy(file);
    const line = `${pad(file, 48)}${pad(kb(gzSize(file)), 12)}${pad(routes, 8)}`;
    if (entries.has(file)) {
      process.stdout.write(`${line}entry (in every initial figure)\n`);
      continue;
    }
    const cryptoOnly = cryptoFiles.has(file) && !otherFiles.has(file);
    const budget = cryptoOnly ? CRYPTO_CHUNK_BUDGET : CHUNK_BUDGET;
    const ok = gzSize(file) <= budget;
    if (!ok) over++;
    // Loaded by no route here: only on demand (PROD-only Sentry, ?debug=666, ?inspect).
    const note = routes === 0 ? ', on demand only' : cryptoOnly ? ', crypto-pay' : '';
    process.stdout.write(`${line}${ok ? 'PASS' : 'OVER'} (<= ${budget / KB} KB${note})\n`);
  }
  // The store's and group buy's routes: what each adds to the home page's JavaScript, chunk by
  // chunk, each against the lazy-chunk budget (DESIGN §7). An invite link (?invite=) opens the
  // same page module as /group-buying, so it loads the same chunks.
  const homeFiles = new Set(results.find((r) => r.route === '/')?.files ?? []);
  for (const route of BREAKDOWN_ROUTES) {
    const r = results.find((x) => x.route === route);
    if (!r) continue;
    const own = r.files.filter((file) => !homeFiles.has(file) && !entries.has(file));
    const total = own.reduce((sum, file) => sum + gzSize(file), 0);
    process.stdout.write(`\n${route}: JavaScript beyond the home page's (gzip -9)\n`);
    for (const file of own.sort((a, b) => gzSize(b) - gzSize(a))) {
      const ok = gzSize(file) <= CHUNK_BUDGET;
      process.stdout.write(
        `  ${pad(file, 46)}${pad(kb(gzSize(file)), 12)}${ok ? 'PASS' : 'OVER'} (<= ${CHUNK_BUDGET / KB} KB)\n`,
      );
    }
    process.stdout.write(`  ${pad('total', 46)}${kb(total)}\n`);
  }

  // The console's code is in no member page's JavaScript (issue 21): every chunk a member route
  // requested, checked against its source map for console modules.
  const leaks = results
    .filter((r) => !isConsoleRoute(r.route))
    .flatMap((r) =>
      r.files
        .filter((file) => consoleModules(file).length > 0)
        .map((file) => `${r.route}: ${file} (${consoleModules(file).join(', ')})`),
    );
  const consoleChunks = chunks.filter((file) => consoleModules(file).length > 0);
  const consoleRoutes = results.filter((r) => isConsoleRoute(r.route)).map((r) => r.route);
  process.stdout.write(
    `\nConsole code (src/console, machines/staff-* and order-refund, its catalogue): ${consoleChunks.length} chunks, ` +
      `loaded by ${consoleRoutes.join(', ')}\n`,
  );
  if (leaks.length === 0) {
    process.stdout.write(
      `  member routes loading a console chunk: none of ${results.length - consoleRoutes.length} (PASS)\n`,
    );
  } else {
    for (const leak of leaks) process.stdout.write(`  LEAK ${leak}\n`);
  }

  const home = results.find((r) => r.route === '/');
  process.stdout.write(
    `\nbundle: home initial ${kb(home.initial)} (${home.initial <= HOME_BUDGET ? 'PASS' : 'OVER'}), ` +
      `${chunks.length - entries.size} lazy chunks, ${over} over budget, ` +
      `${leaks.length} console chunks on member pages\n`,
  );
} finally {
  await browser.close();
  await stop();
}
