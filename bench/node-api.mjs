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
 *
 * `node bench/node-api.mjs fleet`: a fleet of agents on their real cycle instead (bench/node-fleet.mjs).
 */
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { startNodeBenchServer } from './node-bench-server.mjs';
import { runFleet } from './node-fleet.mjs';

const SIZES = (process.env.BENCH_NODE_MEMBERS ?? '10000,50000').split(',').map(Number);
const ROUNDS = 7;

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

async function runSizes() {
  const { server, db, close } = await startNodeBenchServer('bench_nodes');
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
    await close();
  }
}

if (process.argv[2] === 'fleet') await runFleet();
else await runSizes();
