/**
 * One node's calls at the size a busy node makes them (docs/nodes.md "Figures"): a traffic push and
 * an alive report naming 1,000 served members (two IPs each), through the app (`app.inject`:
 * parsing, the checks of who the node serves, the set-based SQL), on PostgreSQL; then its user list
 * with those members, unchanged (304) and served from the kept body (200). Prints the median wall
 * time of 41 rounds after 3 warm-up rounds, and the CPU time one call costs: this process
 * (`process.cpuUsage`) plus the database's backends (`/proc/<pid>/stat`, 10 ms ticks summed over
 * the rounds), which a machine busy with other work disturbs far less than wall time. Needs
 * PostgreSQL on this machine at BENCH_PG_URL (default the test server); makes a database of its own
 * and drops it. Run: `npx tsx bench/node-reports.ts` (BENCH_REPORT_ENTRIES=1000).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { InjectOptions } from 'fastify';
import process from 'node:process';
import pg from 'pg';
import { createScratchDatabase } from './scratch-database.mjs';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createNode } from '../server/nodes/manage-nodes';

const ENTRIES = Number(process.env.BENCH_REPORT_ENTRIES ?? 1000);
const ROUNDS = 41;
const WARMUP = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const database = await createScratchDatabase('bench_reports');
const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-bench-'));
const app = await buildApp(
  loadConfig({
    APP_ENV: 'DEV',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-spa'),
    RATE_LIMIT_API_PER_MINUTE: '1000000',
  }),
);
await app.ready();
try {
  const db = app.kestrel.database.db;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const ids: number[] = (
    await client.query(
      `INSERT INTO users (username, plan_type, expire_time, device_limit)
       SELECT 'bench_' || g || '_' || md5(random()::text), 1, now() + interval '30 days', 5
       FROM generate_series(1, $1) AS g RETURNING id`,
      [ENTRIES],
    )
  ).rows.map((r: { id: number }) => r.id);
  /** CPU ticks (1/100 s) the database's other backends (the app's pool) have used so far. */
  const backendTicks = async () => {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    );
    let ticks = 0;
    for (const { pid } of rows as { pid: number }[]) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The backend ended meanwhile.
      }
    }
    return ticks;
  };
  const node = await createNode(db, {
    name: 'Bench',
    protocol: 'vless',
    host: 'bench.example',
    port: 443,
    sni: null,
    method: null,
    planTypes: [1, 2],
    sort: 0,
  });
  const query = `node_type=vless&node_id=${node.id}&token=${node.token}`;
  const traffic = JSON.stringify(Object.fromEntries(ids.map((id) => [id, [123_456, 7_890_123]])));
  const alive = JSON.stringify(
    Object.fromEntries(
      ids.map((id) => [id, [`10.${id >> 16}.${(id >> 8) & 255}.${id & 255}`, `2001:db8::${id}`]]),
    ),
  );
  /** Median wall time and CPU per call (this process + the database's backends) of one request. */
  const measure = async (label: string, request: InjectOptions, status: number) => {
    const times: number[] = [];
    let ticks = 0;
    let ownCpu = process.cpuUsage();
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      if (i === WARMUP) {
        ticks = await backendTicks();
        ownCpu = process.cpuUsage();
      }
      const started = performance.now();
      const response = await app.inject(request);
      const took = performance.now() - started;
      if (response.statusCode !== status) throw new Error(`${label}: ${response.body}`);
      if (i >= WARMUP) times.push(took);
    }
    const own = process.cpuUsage(ownCpu);
    const dbCpu = ((await backendTicks()) - ticks) * 10;
    process.stdout.write(
      `${label}: wall median ${median(times).toFixed(1)} ms ` +
        `(min ${Math.min(...times).toFixed(1)}); CPU per call: database ` +
        `${(dbCpu / ROUNDS).toFixed(1)} ms + app ${((own.user + own.system) / 1000 / ROUNDS).toFixed(1)} ms\n`,
    );
  };
  const path = (action: string) => `/api/v1/server/UniProxy/${action}?${query}`;
  const json = { 'content-type': 'application/json' };
  await measure(
    `POST push (${ENTRIES} entries)`,
    { method: 'POST', url: path('push'), headers: json, payload: traffic },
    200,
  );
  await measure(
    `POST alive (${ENTRIES} entries)`,
    { method: 'POST', url: path('alive'), headers: json, payload: alive },
    200,
  );
  const listed = await app.inject({ method: 'GET', url: path('user') });
  await measure(
    `GET user unchanged (304, ${ENTRIES} members)`,
    { method: 'GET', url: path('user'), headers: { 'if-none-match': String(listed.headers.etag) } },
    304,
  );
  await measure(
    `GET user kept list (200 gzip, ${ENTRIES} members)`,
    { method: 'GET', url: path('user'), headers: { 'accept-encoding': 'gzip' } },
    200,
  );
  await client.end();
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
