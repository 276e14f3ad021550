/**
 * What the built server holds in memory when idle (docs/performance.md "Memory"): started as
 * `npm start` starts it (`node --enable-source-maps dist/server/main.mjs`, built first when the
 * sources changed), demo data seeded, first on a fresh data directory or database, then restarted on
 * the same one (an existing store), each left idle for IDLE_SECONDS (default 60) before its RSS,
 * peak RSS, V8 heap in use and external memory are read. Prints figures; exits 0 unless something
 * broke.
 *
 * `node bench/idle-memory.mjs [pglite|postgres] [bundle]`: both databases by default (PostgreSQL at
 * BENCH_PG_URL, a database of its own, bench/node-bench-server.mjs); `bundle` measures another build
 * of the server (e.g. one made from an older commit) instead of dist/server/main.mjs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_ARGS, SERVER_MALLOC_ENV } from '../scripts/server-process.mjs';
import { startNodeBenchServer } from './node-bench-server.mjs';
import { METRICS_TOKEN, memoryLine } from './process-memory.mjs';
import { buildIfStale, startServer } from './serve-built-app.mjs';

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 60);
const [which = 'both', bundleArgument] = process.argv.slice(2);
if (!['pglite', 'postgres', 'both'].includes(which))
  throw new Error('usage: node bench/idle-memory.mjs [pglite|postgres|both] [bundle]');
const args = bundleArgument ? ['--enable-source-maps', resolve(bundleArgument)] : SERVER_ARGS;
const env = { ...SERVER_MALLOC_ENV, METRICS_TOKEN };

async function report(database, start, server) {
  await sleep(IDLE_SECONDS * 1000);
  const { text } = await memoryLine(server);
  process.stdout.write(`${database.padEnd(8)} ${start.padEnd(13)} ${text}\n`);
}

async function onPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-idle-'));
  try {
    for (const start of ['fresh', 'existing data']) {
      const server = await startServer({ args, env, dataDir });
      try {
        await report('PGlite', start, server);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const bench = await startNodeBenchServer('idle', env, { args });
  try {
    await report('Postgres', 'fresh', bench.server);
    await report('Postgres', 'existing data', await bench.restart());
  } finally {
    await bench.close();
  }
}

if (!bundleArgument) buildIfStale();
process.stdout.write(`idle memory of ${args.at(-1)}, ${IDLE_SECONDS} s after the start\n`);
if (which !== 'postgres') await onPglite();
if (which !== 'pglite') await onPostgres();
