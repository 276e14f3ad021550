/**
 * The node API at the sizes an operator runs (docs/nodes.md): with N active members on PostgreSQL,
 * how long a node agent's pulls take (`user` with a fresh ETag and when unchanged, `alivelist`) and
 * how big the user list is, and how long one traffic push and one alive push naming every member
 * take. Medians of a few rounds, one node agent at a time (agents call once a minute). Prints
 * figures; exits 0 unless something broke.
 *
 * Needs PostgreSQL at BENCH_PG_URL (default the test server, postgres://postgres@127.0.0.1:5432/test):
 * makes a database of its own, drops it after. Members are written with SQL, as a store of that size
 * would hold them. BENCH_NODE_MEMBERS sets the sizes (default 10000,50000).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import pg from 'pg';
import { SERVER_BUNDLE } from '../scripts/build-freshness.mjs';
import { buildIfStale, startServer } from './serve-built-app.mjs';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.BENCH_NODE_MEMBERS ?? '10000,50000').split(',').map(Number);
const ROUNDS = 7;
/** The nodes engineer's ports (GUIDE): nobody else's bench or server is disturbed. */
const PORTS = { from: 18162, to: 18169 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

async function measure(label, rounds, fn) {
  const times = [];
  let last;
  for (let i = 0; i < rounds; i++) {
    const { ms: took, result } = await timed(fn);
    times.push(took);
    last = result;
  }
  process.stdout.write(`  ${label.padEnd(46)} median ${ms(median(times))}\n`);
  return last;
}

buildIfStale();
const name = `bench_nodes_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const server = await startServer({
  args: [SERVER_BUNDLE],
  env: { APP_ENV: 'DEV', DATABASE_URL: url.toString(), RATE_LIMIT_API_PER_MINUTE: '1000000' },
  ports: PORTS,
});
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
try {
  const created = await fetch(`${server.origin}/dev/nodes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"protocol":"vless"}',
  });
  const node = await created.json();
  const query = `node_type=${node.nodeType}&node_id=${node.id}&token=${node.token}`;
  const call = (method, action, body, headers = {}) =>
    fetch(`${server.origin}/api/v1/server/UniProxy/${action}?${query}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let members = 0;
  for (const size of SIZES) {
    // Active Standard members, each with a plan's device limit; a tenth with the 10 Mbps function.
    await db.query(
      `INSERT INTO users (username, plan_type, expire_time, device_limit)
       SELECT 'bench_' || g || '_' || md5(random()::text), 1, now() + interval '30 days', 5
       FROM generate_series(1, $1) AS g`,
      [size - members],
    );
    await db.query(
      `INSERT INTO third_party_clients (user_id, enabled, enabled_at, speed_limit_mbps)
       SELECT id, true, now(), 10 FROM users WHERE id % 10 = 0 AND plan_type = 1
       ON CONFLICT (user_id) DO NOTHING`,
    );
    members = size;
    const ids = (await db.query(`SELECT id FROM users WHERE username LIKE 'bench_%'`)).rows.map(
      (r) => r.id,
    );
    process.stdout.write(`\n${size} active members\n`);
    let etag = '';
    const full = await measure('GET user (200, full list)', ROUNDS, async () => {
      const response = await call('GET', 'user');
      const text = await response.text();
      etag = response.headers.get('etag') ?? '';
      return { status: response.status, bytes: Buffer.byteLength(text) };
    });
    process.stdout.write(
      `  ${'user list size'.padEnd(46)} ${(full.bytes / 1024).toFixed(0)} KiB\n`,
    );
    const unchanged = await measure('GET user (304, unchanged)', ROUNDS, async () => {
      const response = await call('GET', 'user', undefined, { 'if-none-match': etag });
      await response.arrayBuffer();
      return response.status;
    });
    if (unchanged !== 304) throw new Error(`expected 304, got ${unchanged}`);
    const traffic = Object.fromEntries(ids.map((id) => [id, [123_456, 7_890_123]]));
    await measure(`POST push (${ids.length} users)`, ROUNDS, async () => {
      const response = await call('POST', 'push', traffic);
      if (response.status !== 200) throw new Error(await response.text());
    });
    const alive = Object.fromEntries(
      ids.map((id) => [id, [`10.${id >> 16}.${(id >> 8) & 255}.${id & 255}`]]),
    );
    await measure(`POST alive (${ids.length} users)`, ROUNDS, async () => {
      const response = await call('POST', 'alive', alive);
      if (response.status !== 200) throw new Error(await response.text());
    });
    await measure('GET alivelist', ROUNDS, async () => {
      const response = await call('GET', 'alivelist');
      await response.arrayBuffer();
    });
  }
} finally {
  await db.end();
  await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
