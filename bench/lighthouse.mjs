/**
 * Lighthouse, mobile (its default: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown),
 * on the public pages of DESIGN §7, served as `npm start` serves them (the built app on the real
 * server). Each page runs RUNS times and the median score is printed; the budget is 95 for both
 * performance and accessibility. `node bench/lighthouse.mjs [/path ...]`.
 */
import process from 'node:process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { serveBuiltApp } from './serve-built-app.mjs';

const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/pricing', '/download', '/faq'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BUDGET = 95;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const { origin, stop } = await serveBuiltApp();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const path of PAGES) {
    const scores = { performance: [], accessibility: [], cls: [], lcp: [], tbt: [], missing: [] };
    let failures = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError || categories.performance.score === null) {
        process.stdout.write(
          `${path}: run ${run + 1} failed (${runtimeError?.code ?? 'no score'}), again\n`,
        );
        run--;
        if (++failures > RUNS) throw new Error(`${path}: Lighthouse keeps failing`);
        continue;
      }
      scores.performance.push(Math.round(categories.performance.score * 100));
      scores.accessibility.push(Math.round(categories.accessibility.score * 100));
      scores.cls.push(audits['cumulative-layout-shift'].numericValue);
      scores.lcp.push(audits['largest-contentful-paint'].numericValue);
      scores.tbt.push(audits['total-blocking-time'].numericValue);
      // A request for a missing file (favicon, robots.txt, an image) shows as a console error.
      const errors = audits['errors-in-console']?.details?.items ?? [];
      scores.missing.push(
        errors.filter((item) => /404|Failed to load/i.test(item.description ?? '')).length,
      );
    }
    const row = {
      path,
      performance: median(scores.performance),
      accessibility: median(scores.accessibility),
      cls: median(scores.cls),
      lcp: median(scores.lcp),
      tbt: median(scores.tbt),
      missing: Math.max(...scores.missing),
      runs: `${scores.performance.join('/')} · ${scores.accessibility.join('/')}`,
    };
    rows.push(row);
    process.stdout.write(
      `${path.padEnd(12)} performance ${String(row.performance).padStart(3)}  accessibility ${String(
        row.accessibility,
      ).padStart(
        3,
      )}  LCP ${(row.lcp / 1000).toFixed(2)} s  TBT ${Math.round(row.tbt)} ms  CLS ${row.cls.toFixed(
        3,
      )}  missing files ${row.missing}  (runs ${row.runs})\n`,
    );
  }
} finally {
  await chrome.kill();
  await stop();
}

const failing = rows.filter(
  (row) => row.performance < BUDGET || row.accessibility < BUDGET || row.cls > 0 || row.missing > 0,
);
process.stdout.write(
  `\nlighthouse (mobile, median of ${RUNS}): ${failing.length ? `BELOW BUDGET on ${failing.map((r) => r.path).join(', ')}` : `every page >= ${BUDGET}, CLS 0`}\n`,
);
