import { defineConfig } from '@playwright/test';
import type { E2eOptions } from './e2e/support/fixtures';
import { ONE_PROJECT_TAGS, SITE_TEXT_TAG, onlyIn } from './e2e/support/projects';

const PORT = Number(process.env.E2E_PORT ?? 18100);
const baseURL = `http://127.0.0.1:${PORT}`;
const CI = Boolean(process.env.CI);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Tests of layout (overflow, wrapping, sideways scroll) carry this tag. */
const LAYOUT = /@layout/;
/** Tests that change the site's own texts: they run last, one project after the other. */
const SITE_TEXT = onlyIn(SITE_TEXT_TAG);
const MATRIX = ['en-1440', 'zh-390', 'en-390', 'zh-1440'];

export default defineConfig<E2eOptions>({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Two cores: one worker per core; each test makes its own user, so tests never share state.
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  // A flaky test is a bug to fix, not to retry away.
  retries: 0,
  // A journey on two busy cores: 45 s was met by two journeys at 46.9 and 49.5 s (CI, 2026-11-26).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // Recording a trace (a screencast and a DOM snapshot at every step) costs a quarter of the
    // suite's CPU even when the test passes (bench figures in docs/testing.md): E2E_TRACE=1 records
    // one for each failed test, to open with `npx playwright show-trace`.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  // Every journey runs once, in en-1440 or zh-390 (its ONE_PROJECT tag; a spec's tests alternate,
  // as the machines' paths do, e2e/support/projects.ts); the full language x viewport matrix runs
  // only for tests of layout, tagged `@layout`. A test with neither tag runs in both journey
  // projects.
  projects: [
    {
      name: 'en-1440',
      grepInvert: [onlyIn(ONE_PROJECT_TAGS.zh), SITE_TEXT],
      use: { viewport: DESKTOP, locale: 'en-US', language: 'en' },
    },
    {
      name: 'zh-390',
      grepInvert: [onlyIn(ONE_PROJECT_TAGS.en), SITE_TEXT],
      use: { viewport: MOBILE, locale: 'zh-CN', language: 'zh-CN' },
    },
    {
      name: 'en-390',
      grep: LAYOUT,
      grepInvert: SITE_TEXT,
      use: { viewport: MOBILE, locale: 'en-US', language: 'en' },
    },
    {
      name: 'zh-1440',
      grep: LAYOUT,
      grepInvert: SITE_TEXT,
      use: { viewport: DESKTOP, locale: 'zh-CN', language: 'zh-CN' },
    },
    // A published FAQ or clause is what every visitor reads (and the server then stops serving
    // its prerendered HTML): the tests that publish one wait for every other test, and for each
    // other, so none of those reading these pages meets their text (e2e/support/projects.ts).
    {
      name: 'site-text-en-1440',
      grep: SITE_TEXT,
      grepInvert: onlyIn(ONE_PROJECT_TAGS.zh),
      dependencies: MATRIX,
      use: { viewport: DESKTOP, locale: 'en-US', language: 'en' },
    },
    {
      name: 'site-text-zh-390',
      grep: SITE_TEXT,
      grepInvert: onlyIn(ONE_PROJECT_TAGS.en),
      dependencies: ['site-text-en-1440'],
      use: { viewport: MOBILE, locale: 'zh-CN', language: 'zh-CN' },
    },
  ],
  webServer: {
    command: 'node e2e/support/start-app-server.mjs',
    url: `${baseURL}/v4/public-keys`,
    env: { E2E_PORT: String(PORT) },
    // A cold `npm run build` on two busy cores takes minutes.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
