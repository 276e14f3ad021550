/**
 * `npm run bench`: every benchmark in bench/, one after the other (they would skew each other's
 * figures if run together on two cores). Prints figures; exits non-zero only if a benchmark crashed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { ROOT } from '../scripts/build-freshness.mjs';
import { buildIfStale } from './serve-built-app.mjs';

const BENCHES = ['bundle.mjs', 'lighthouse.mjs', 'api-user-info.mjs', 'node-api.mjs'];

buildIfStale();
let failed = 0;
for (const bench of BENCHES) {
  const path = join(ROOT, 'bench', bench);
  if (!existsSync(path)) {
    process.stdout.write(`\n== ${bench}: not present, skipped\n`);
    continue;
  }
  process.stdout.write(`\n== ${bench}\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path], { cwd: ROOT, stdio: 'inherit' });
  process.stdout.write(
    `== ${bench}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (result.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
