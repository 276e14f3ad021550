/**
 * `node bench/node-api.mjs fleet`: a provider's fleet against one built server on PostgreSQL
 * (docs/nodes.md "Fleet scale"). N simulated agents (BENCH_FLEET_NODES, default 200) each run V2bX's
 * cycle: pull `config`, `user` and `alivelist` with the ETags they hold, then push traffic for about
 * 2 % of the members they serve, online IPs for about 1 %, and a status report. Members
 * (BENCH_FLEET_MEMBERS, default 50,000) are 80 % Standard, 20 % Lite; nodes carry both plans (60 %),
 * Standard only (25 %) or Lite only (15 %). Before each cycle new members buy (BENCH_FLEET_PURCHASES,
 * default 1 a minute, about what a store of that size sees), so the lists do change and the nodes of
 * that plan download theirs again.
 *
 * Agents call once a minute; here a cycle runs as fast as BENCH_FLEET_CONCURRENCY (default 4)
 * agents in flight allow, so time is compressed by 60 s / cycle time. After one warm-up cycle (the
 * agents' first pulls), BENCH_FLEET_CYCLES (default 3) cycles are measured: the p99 of each call,
 * and the CPU the server process and its database backends used (/proc/<pid>/stat, sampled every
 * second), which over the real 60 s per cycle is the share of one core the fleet costs.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { startNodeBenchServer } from './node-bench-server.mjs';
import { addDevNode, agentCall } from './node-agent.mjs';

const NODES = Number(process.env.BENCH_FLEET_NODES ?? 200);
const MEMBERS = Number(process.env.BENCH_FLEET_MEMBERS ?? 50_000);
const CYCLES = Number(process.env.BENCH_FLEET_CYCLES ?? 3);
const CONCURRENCY = Number(process.env.BENCH_FLEET_CONCURRENCY ?? 4);
const PURCHASES = Number(process.env.BENCH_FLEET_PURCHASES ?? 1);
const ALIVE_SECONDS = Number(process.env.BENCH_FLEET_ALIVE_SECONDS ?? 6);
const CYCLE_SECONDS = 60;
const TICK_MS = 10;
const CALLS = ['config', 'user', 'alivelist', 'push', 'alive', 'status'];

/** CPU ticks a process has used so far, or undefined once it is gone. */
function ticksOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * CPU used by the server and its database backends from `start()` to `stop()`: each backend's
 * highest reading (sampled every second, so one that ends meanwhile still counts up to its last
 * sample) less its reading at start (0 for one opened meanwhile).
 */
function cpuMeter(client, database, serverPid) {
  const first = new Map();
  const last = new Map();
  let timer;
  const sample = async () => {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    for (const pid of [serverPid, ...rows.map((r) => r.pid)]) {
      const ticks = ticksOf(pid);
      if (ticks === undefined) continue;
      if (!first.has(pid)) first.set(pid, timer === undefined ? ticks : 0);
      last.set(pid, Math.max(ticks, last.get(pid) ?? 0));
    }
  };
  return {
    async start() {
      await sample();
      timer = setInterval(() => void sample().catch(() => {}), 1000);
    },
    /** CPU seconds: { server, database }. */
    async stop() {
      clearInterval(timer);
      await sample();
      let server = 0;
      let database = 0;
      for (const [pid, ticks] of last) {
        const used = ((ticks - first.get(pid)) * TICK_MS) / 1000;
        if (pid === serverPid) server += used;
        else database += used;
      }
      return { server, database };
    },
  };
}

function pick(ids, share) {
  const chosen = new Set();
  const wanted = Math.max(1, Math.round(ids.length * share));
  while (chosen.size < wanted) chosen.add(ids[Math.floor(Math.random() * ids.length)]);
  return [...chosen];
}

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1];

export async function runFleet() {
  // A real minute counts the alive lists twice (kept 30 s). Cycles here take about 12 s on two cores,
  // so they are kept 6 s (BENCH_FLEET_ALIVE_SECONDS); the output says how many counts a cycle had.
  const { server, db, name, close } = await startNodeBenchServer('bench_fleet', {
    NODE_ALIVE_LIST_SECONDS: String(ALIVE_SECONDS),
  });
  try {
    process.stdout.write(`fleet: seeding ${MEMBERS} members and ${NODES} nodes\n`);
    await db.query(
      `INSERT INTO users (username, plan_type, expire_time, device_limit)
       SELECT 'fleet_' || g || '_' || md5(random()::text), CASE WHEN g % 5 = 0 THEN 2 ELSE 1 END,
         now() + make_interval(days => 30 + g % 300), 3 + g % 3
       FROM generate_series(1, $1) AS g`,
      [MEMBERS],
    );
    await db.query(
      `INSERT INTO third_party_clients (user_id, enabled, enabled_at, speed_limit_mbps)
       SELECT id, true, now(), 10 FROM users WHERE id % 10 = 0 AND username LIKE 'fleet_%'
       ON CONFLICT (user_id) DO NOTHING`,
    );
    await db.query('ANALYZE');
    const members = (
      await db.query(`SELECT id, plan_type FROM users WHERE username LIKE 'fleet_%'`)
    ).rows;
    const byPlans = {
      '1,2': members.map((m) => m.id),
      1: members.filter((m) => m.plan_type === 1).map((m) => m.id),
      2: members.filter((m) => m.plan_type === 2).map((m) => m.id),
    };
    const agents = [];
    for (let i = 0; i < NODES; i++) {
      const agent = await addDevNode(server.origin, ['vless', 'trojan', 'ss'][i % 3]);
      const plans = i % 20 < 12 ? [1, 2] : i % 20 < 17 ? [1] : [2];
      await db.query('UPDATE vpn_nodes SET plan_types = $1 WHERE id = $2', [plans, agent.id]);
      agents.push({ ...agent, served: byPlans[plans.join(',')] });
    }

    const times = Object.fromEntries(CALLS.map((call) => [call, []]));
    const statuses = Object.fromEntries(CALLS.map((call) => [call, {}]));
    let failures = 0;
    let firstFailure = '';
    const call = async (agent, action, method, body) => {
      const started = performance.now();
      const { status, text } = await agentCall(server.origin, agent, action, method, body);
      times[action].push(performance.now() - started);
      statuses[action][status] = (statuses[action][status] ?? 0) + 1;
      if (status >= 400) {
        failures++;
        firstFailure ||= `${action} ${agent.query.replace(/token=.*/, '')}: ${status} ${text}`;
      }
    };
    const cycleOf = async (agent) => {
      await call(agent, 'config', 'GET');
      await call(agent, 'user', 'GET');
      await call(agent, 'alivelist', 'GET');
      const traffic = Object.fromEntries(
        pick(agent.served, 0.02).map((id) => [id, [1_000 + id, 50_000 + id]]),
      );
      await call(agent, 'push', 'POST', traffic);
      const alive = Object.fromEntries(
        pick(agent.served, 0.01).map((id) => [
          id,
          [`10.${id >> 16}.${(id >> 8) & 255}.${id & 255}`],
        ]),
      );
      await call(agent, 'alive', 'POST', alive);
      await call(agent, 'status', 'POST', {
        cpu: 12.5,
        mem: { total: 2e9, used: 1e9 },
        swap: { total: 0, used: 0 },
        disk: { total: 4e10, used: 1e10 },
      });
    };
    const runCycle = async () => {
      for (let i = 0; i < PURCHASES; i++)
        await db.query(
          `INSERT INTO users (username, plan_type, expire_time, device_limit)
           VALUES ('fleet_new_' || md5(random()::text), $1, now() + interval '30 days', 3)`,
          [1 + (Math.random() < 0.2 ? 1 : 0)],
        );
      const queue = [...agents];
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let agent = queue.shift(); agent; agent = queue.shift()) await cycleOf(agent);
        }),
      );
    };

    const warm = performance.now();
    await runCycle();
    process.stdout.write(
      `fleet: warm-up cycle (first pulls) ${((performance.now() - warm) / 1000).toFixed(1)} s\n`,
    );
    for (const call of CALLS) {
      times[call].length = 0;
      statuses[call] = {};
    }
    failures = 0;
    const meter = cpuMeter(db, name, server.pid);
    await meter.start();
    const started = performance.now();
    for (let i = 0; i < CYCLES; i++) await runCycle();
    const wall = (performance.now() - started) / 1000;
    const cpu = await meter.stop();
    const cycleWall = wall / CYCLES;
    process.stdout.write(
      `fleet: ${CYCLES} cycles in ${wall.toFixed(1)} s (${cycleWall.toFixed(1)} s a cycle, ` +
        `time compressed ${(CYCLE_SECONDS / cycleWall).toFixed(1)}x), ${CONCURRENCY} agents in flight, ` +
        `alive lists counted about ${(cycleWall / ALIVE_SECONDS).toFixed(1)} times a cycle (2 in a real minute)\n`,
    );
    for (const call of CALLS)
      process.stdout.write(
        `  ${call.padEnd(10)} p99 ${p99(times[call]).toFixed(1).padStart(8)} ms  ` +
          `median ${[...times[call]]
            .sort((a, b) => a - b)
            [times[call].length >> 1].toFixed(1)
            .padStart(7)} ms  ` +
          `answers ${JSON.stringify(statuses[call])}\n`,
      );
    const perCycle = (cpu.server + cpu.database) / CYCLES;
    process.stdout.write(
      `  CPU per cycle: server ${(cpu.server / CYCLES).toFixed(2)} s + database ` +
        `${(cpu.database / CYCLES).toFixed(2)} s; failed calls ${failures}\n`,
    );
    process.stdout.write(
      `fleet: ${NODES} nodes, ${MEMBERS} members: ${((perCycle / CYCLE_SECONDS) * 100).toFixed(1)} % of one core\n`,
    );
    if (failures > 0) {
      process.stdout.write(`  first failure: ${firstFailure}\n`);
      process.exitCode = 1;
    }
  } finally {
    await close();
  }
}
