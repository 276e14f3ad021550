/**
 * Screenshots of the main screens at 390 and 1440 px in English and Chinese, for reviewing how the
 * product looks: `node scripts/take-screenshots.mjs [outDir]` (default /tmp/shots). Serves the built
 * app (building when stale) with demo data; the profile is the demo user's (`loggedIn: 'kol'`: the
 * demo KOL's).
 */
/* global window -- evaluated in the page by addInitScript. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { URL } from 'node:url';
import { chromium } from 'playwright-core';
import { ApiClientForBench } from '../bench/bench-api-client.mjs';
import { serveBuiltApp } from '../bench/serve-built-app.mjs';

const outDir = process.argv[2] ?? '/tmp/shots';
/** `SHOTS=home,faq` takes only those pages. */
const only = process.env.SHOTS ? new Set(process.env.SHOTS.split(',')) : null;
const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1440', width: 1440, height: 900 },
];
const LANGUAGES = ['en', 'zh-CN'];
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'download', path: '/download' },
  { name: 'download-tips', path: '/download/tips' },
  // The smart link sends the browser to a download; the shot keeps the page by refusing that.
  { name: 'smart-links', path: '/download/smart_links', stayOnPage: true },
  { name: 'pricing', path: '/pricing' },
  { name: 'pricing-member', path: '/pricing', loggedIn: true },
  { name: 'trial', path: '/trial' },
  // Group buying as a visitor without a group, and the member's own group orders.
  { name: 'group-buying', path: '/group-buying' },
  { name: 'my-groups', path: '/user/group-buying', loggedIn: true },
  { name: 'affiliate', path: '/affiliate' },
  { name: 'faq', path: '/faq' },
  { name: 'terms', path: '/clause/terms' },
  { name: 'privacy', path: '/clause/privacy' },
  { name: 'canary', path: '/clause/canary' },
  { name: 'apple-help', path: '/apple-help' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'resetpassword', path: '/resetpassword' },
  { name: 'profile', path: '/user/profile', loggedIn: true },
  { name: 'security', path: '/user/security', loggedIn: true },
  { name: 'devices', path: '/user/device', loggedIn: true },
  { name: 'reward', path: '/user/reward', loggedIn: true },
  { name: 'benefits', path: '/user/benefits', loggedIn: true },
  { name: 'third-party-client', path: '/user/third-party-client', loggedIn: true },
  // The demo KOL's page (server/kol/seed-demo-kol.ts), and the same page for a member who is not one.
  { name: 'kol', path: '/user/kol', loggedIn: 'kol' },
  { name: 'kol-settlements', path: '/user/kol?tab=settlement', loggedIn: 'kol' },
  { name: 'kol-not-a-kol', path: '/user/kol', loggedIn: true },
  { name: '404', path: '/no-such-page' },
  { name: 'error', path: '/apple-help', failChunks: true },
];

mkdirSync(outDir, { recursive: true });
const { origin, stop } = await serveBuiltApp();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const tokens = {
    demo: await new ApiClientForBench(origin).login('demo', 'demo-pass-2026'),
    kol: await new ApiClientForBench(origin).login('kol', 'demo-pass-2026'),
  };
  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: language === 'en' ? 'en-US' : 'zh-CN',
      });
      await context.addInitScript(
        ([lang]) => window.localStorage.setItem('language', lang),
        [language],
      );
      // The JS the home page needs in this language (its catalog included), so that the error
      // screen fails only the page's own chunk.
      const shell = new Set();
      {
        const page = await context.newPage();
        page.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (pathname.endsWith('.js')) shell.add(pathname);
        });
        await page.goto(origin);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(2000);
        await page.close();
      }
      for (const spec of PAGES) {
        if (only && !only.has(spec.name)) continue;
        const page = await context.newPage();
        if (spec.stayOnPage) {
          await page.route(
            (url) => url.origin !== origin,
            (route) => route.fulfill({ status: 204 }),
          );
        }
        if (spec.loggedIn) {
          const token = tokens[spec.loggedIn === true ? 'demo' : spec.loggedIn];
          await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
        }
        if (spec.failChunks) {
          await page.route('**/assets/*.js', (route) =>
            shell.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
          );
        }
        await page.goto(`${origin}${spec.path}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(spec.failChunks ? 1500 : 500);
        const file = join(outDir, `${spec.name}-${language}-${viewport.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        process.stdout.write(`${file}\n`);
        await page.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stop();
}
