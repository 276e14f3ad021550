/**
 * The memory soak (issue 23, item 8; docs/performance.md "Memory"): the built server, started as
 * `npm start` starts it, under a steady mix of signed calls, purchases paid through the sandbox and
 * node pushes (bench/soak-workload.mjs) for SOAK_MINUTES (default 15), on PGlite (the embedded
 * default) and on PostgreSQL with Redis. It prints the server's idle memory before the traffic
 * (minute 0, after SOAK_IDLE_SECONDS, default 30), then every minute its RSS, peak RSS, V8 heap in use
 * and external memory with the calls made and the errors, and ends each database with a verdict:
 *
 * - flat: RSS at the end at most 5 % above RSS at minute 10, each the mean of three one-minute
 *   samples (minutes 9-11, and the last three). The nonces of the replay window are kept up to 10
 *   minutes (a signature's 300 s either side of the server's clock), so minute 10 is when every store
 *   the traffic fills has reached its steady size. After it, a single sample still moves with the V8
 *   heap's sawtooth between collections: up to 6 % from one minute to the next in a 15-minute run on
 *   PGlite (heap used 66-86 MiB), while the three-sample means moved 2.3 % (PostgreSQL 1.5 %). 5 %
 *   of the means is above that noise and below what a leak of 3 MiB a minute adds by minute 15; a
 *   slower one shows in a longer run (SOAK_MINUTES=60).
 * - errors: none (any answer other than the expected one, or a failed request).
 *
 * With SOAK_MINUTES under 13 (a quick check of the mix) the last three minutes do not all come
 * after minute 10: memory is printed but not judged, and the verdict counts the errors only. Exits
 * non-zero when a verdict fails.
 *
 * `node bench/soak.mjs [pglite|postgres]`: one database; both by default, PGlite first. PostgreSQL
 * at BENCH_PG_URL (a database of its own, dropped after), Redis at SOAK_REDIS_URL (default
 * redis://127.0.0.1:6379, keys under a prefix of their own, removed after).
 */
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { SERVER_ARGS, SERVER_MALLOC_ENV } from '../scripts/server-process.mjs';
import { startNodeBenchServer } from './node-bench-server.mjs';
import { METRICS_TOKEN, memoryLine } from './process-memory.mjs';
import { buildIfStale, startServer } from './serve-built-app.mjs';
import { startWorkload } from './soak-workload.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 15);
const IDLE_SECONDS = Number(process.env.SOAK_IDLE_SECONDS ?? 30);
const REDIS_URL = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPLAY_WINDOW_MINUTES = 10;
const FLAT_GROWTH = 0.05;
const ENV = { ...SERVER_MALLOC_ENV, METRICS_TOKEN, RATE_LIMIT_API_PER_MINUTE: '1000000' };

const which = process.argv[2] ?? 'both';
if (!['pglite', 'postgres', 'both'].includes(which))
  throw new Error('usage: node bench/soak.mjs [pglite|postgres|both]');

/** The server on each database, as `{ server, close }`. */
const DATABASES = {
  async pglite() {
    const server = await startServer({ args: SERVER_ARGS, env: { APP_ENV: 'DEV', ...ENV } });
    return { server, close: () => server.stop() };
  },
  async postgres() {
    const prefix = `kestrel-soak-${randomBytes(4).toString('hex')}:`;
    const bench = await startNodeBenchServer(
      'soak',
      { ...ENV, REDIS_URL, REDIS_KEY_PREFIX: prefix },
      { args: SERVER_ARGS },
    );
    return {
      server: bench.server,
      async close() {
        await bench.close();
        await removeKeys(prefix);
      },
    };
  },
};

/** The run's Redis keys: the nonces and rate limits expire, the nonce fence would stay. */
async function removeKeys(prefix) {
  const redis = new Redis(REDIS_URL);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 }))
      if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

const callsText = (calls) =>
  Object.entries(calls)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');

/** Minute by minute under the traffic; returns the RSS of each minute (index 0: idle). */
async function soak(name, server) {
  await sleep(IDLE_SECONDS * 1000);
  const idle = await memoryLine(server);
  process.stdout.write(`${name} minute  0 (idle) ${idle.text}\n`);
  const rss = [idle.rss];
  const workload = await startWorkload(server.origin);
  const started = Date.now();
  try {
    for (let minute = 1; minute <= MINUTES; minute++) {
      await sleep(started + minute * 60_000 - Date.now());
      const { rss: now, text } = await memoryLine(server);
      rss.push(now);
      const { calls, errors } = workload.tally;
      process.stdout.write(
        `${name} minute ${String(minute).padStart(2)} ${text}; errors ${errors}; ${callsText(calls)}\n`,
      );
    }
  } finally {
    await workload.stop();
  }
  for (const error of workload.tally.firstErrors)
    process.stdout.write(`${name}   error: ${error}\n`);
  return { rss, errors: workload.tally.errors };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The verdict line; true when memory stayed flat (when judged) and nothing failed. */
function verdict(name, { rss, errors }) {
  let memory = 'memory not judged: under 13 minutes, the end is not past the replay window';
  let flat = true;
  if (MINUTES >= REPLAY_WINDOW_MINUTES + 3) {
    const window = mean(rss.slice(REPLAY_WINDOW_MINUTES - 1, REPLAY_WINDOW_MINUTES + 2));
    const end = mean(rss.slice(MINUTES - 2, MINUTES + 1));
    const growth = end / window - 1;
    flat = growth < FLAT_GROWTH;
    memory =
      `RSS ${(growth * 100).toFixed(1)} % from minute ${REPLAY_WINDOW_MINUTES} to minute ${MINUTES} ` +
      `(means of three minutes; ${flat ? 'flat' : 'growing'}: under ${FLAT_GROWTH * 100} % is flat)`;
  }
  const passed = flat && errors === 0;
  process.stdout.write(
    `${name} verdict: ${passed ? 'PASS' : 'FAIL'}: ${memory}, ${errors} errors\n`,
  );
  return passed;
}

buildIfStale();
let failed = false;
for (const name of which === 'both' ? ['pglite', 'postgres'] : [which]) {
  const label = name === 'pglite' ? 'PGlite  ' : 'Postgres';
  process.stdout.write(
    `${label} soak: ${MINUTES} minutes of traffic after ${IDLE_SECONDS} s idle\n`,
  );
  const { server, close } = await DATABASES[name]();
  try {
    if (!verdict(label, await soak(label, server))) failed = true;
  } finally {
    await close();
  }
}
process.exitCode = failed ? 1 : 0;
