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
 * agents in flight allow, so time is compressed by 60 s / cycle time. The server counts the online
 * devices for the alive lists on its own clock (every 30 s), so it is restarted after a timed cycle
 * with that period compressed the same way (BENCH_FLEET_ALIVE_SECONDS sets it instead). After a
 * warm-up cycle (the agents' first pulls), that timed cycle and one more, BENCH_FLEET_CYCLES
 * (default 3) cycles are measured: the p99 of each call, and the CPU the server process and the
 * database used (/proc, cpuMeter), which over the real 60 s per cycle is the share of one core the
 * fleet costs. A node's online members are the same from one minute to the next but for a share
 * (BENCH_FLEET_ONLINE_CHURN, default 0.2; 1 makes them all new every minute), and what a node no
 * longer reports stays online for 300 real seconds, so the count covers every cycle's leavers.
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
const ALIVE_SECONDS = process.env.BENCH_FLEET_ALIVE_SECONDS;
/** The share of a node's online members who leave each minute, replaced by others (1: all new). */
const ONLINE_CHURN = Number(process.env.BENCH_FLEET_ONLINE_CHURN ?? 0.2);
const CYCLE_SECONDS = 60;
const TICK_MS = 10;
const CALLS = ['config', 'user', 'alivelist', 'push', 'alive', 'status'];

/** A process's /proc stat fields after its name: [state, ppid, ...], or undefined once it is gone. */
function statOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** CPU ticks a process has used so far, or undefined once it is gone. */
function ticksOf(pid) {
  const fields = statOf(pid);
  return fields && Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks of a process's children that ended and were reaped (Linux adds them to the parent). */
function reapedTicksOf(pid) {
  const fields = statOf(pid);
  return Number(fields[13]) + Number(fields[14]);
}

/**
 * CPU used by the server and the database from `start()` to `stop()`. The server: its own reading.
 * The database: each backend of the bench's database that lives on (sampled every second) less its
 * reading at start, plus every PostgreSQL process that ended meanwhile, which its parent, the
 * postmaster, received when it reaped it: parallel workers (a count of the online IPs runs in three
 * processes for a fifth of a second), autovacuum workers and closed backends, which a sample every
 * second misses. Of a process that ended after being read at start, that reading is taken off.
 */
function cpuMeter(client, database, serverPid) {
  const first = new Map();
  const last = new Map();
  let postmaster;
  let reapedAtStart = 0;
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
      const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
      postmaster = Number(statOf(rows[0].pid)[1]);
      reapedAtStart = reapedTicksOf(postmaster);
      await sample();
      timer = setInterval(() => void sample().catch(() => {}), 1000);
    },
    /** CPU seconds: { server, database }. */
    async stop() {
      clearInterval(timer);
      await sample();
      let server = 0;
      let ticks = reapedTicksOf(postmaster) - reapedAtStart;
      for (const [pid, started] of first) {
        if (pid === serverPid) {
          server = ((last.get(pid) - started) * TICK_MS) / 1000;
          continue;
        }
        const now = ticksOf(pid);
        // Ended: its whole life is in the reaped ticks, so its reading at start comes off.
        ticks += now === undefined ? -started : now - started;
      }
      return { server, database: (ticks * TICK_MS) / 1000 };
    },
  };
}

/** About `share` of `ids`, chosen at random, starting with `kept` (which are kept). */
function pick(ids, share, kept = []) {
  const chosen = new Set(kept);
  const wanted = Math.max(1, Math.round(ids.length * share));
  while (chosen.size < wanted) chosen.add(ids[Math.floor(Math.random() * ids.length)]);
  return [...chosen];
}

/**
 * The members online at an agent this minute: about 1 % of those it serves, the same as a minute
 * ago but for ONLINE_CHURN of them, who left and were replaced by others (a VPN session lasts far
 * longer than a minute; at 0.2 the average stay is five minutes).
 */
function stillOnline(agent) {
  const staying = (agent.online ?? []).filter(() => Math.random() >= ONLINE_CHURN);
  return pick(agent.served, 0.01, staying);
}

const p99 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1];

export async function runFleet() {
  // A real minute counts the alive lists twice (kept 30 s). A cycle here takes 8-11 s on two cores,
  // so unless BENCH_FLEET_ALIVE_SECONDS says otherwise the server is restarted after a timed cycle
  // with the lists kept half of that: two counts a cycle, as in a real minute.
  const bench = await startNodeBenchServer('bench_fleet', {
    NODE_ALIVE_LIST_SECONDS: ALIVE_SECONDS ?? '30',
  });
  const { db, name, close } = bench;
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
      const agent = await addDevNode(bench.server.origin, ['vless', 'trojan', 'ss'][i % 3]);
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
      const { status, text } = await agentCall(bench.server.origin, agent, action, method, body);
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
      agent.online = stillOnline(agent);
      const alive = Object.fromEntries(
        agent.online.map((id) => [id, [`10.${id >> 16}.${(id >> 8) & 255}.${id & 255}`]]),
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
    let aliveSeconds = Number(ALIVE_SECONDS);
    if (ALIVE_SECONDS === undefined) {
      const timed = performance.now();
      await runCycle();
      aliveSeconds = Math.round((performance.now() - timed) / 200) / 10;
      await bench.restart({ NODE_ALIVE_LIST_SECONDS: String(aliveSeconds) });
      await runCycle();
      process.stdout.write(
        `fleet: server restarted with alive lists kept ${aliveSeconds} s, then one more cycle\n`,
      );
    }
    for (const call of CALLS) {
      times[call].length = 0;
      statuses[call] = {};
    }
    failures = 0;
    const meter = cpuMeter(db, name, bench.server.pid);
    await meter.start();
    const started = performance.now();
    for (let i = 0; i < CYCLES; i++) await runCycle();
    const wall = (performance.now() - started) / 1000;
    const cpu = await meter.stop();
    const cycleWall = wall / CYCLES;
    process.stdout.write(
      `fleet: ${CYCLES} cycles in ${wall.toFixed(1)} s (${cycleWall.toFixed(1)} s a cycle, ` +
        `time compressed ${(CYCLE_SECONDS / cycleWall).toFixed(1)}x), ${CONCURRENCY} agents in flight, ` +
        `alive lists counted about ${(cycleWall / aliveSeconds).toFixed(1)} times a cycle (2 in a real minute)\n`,
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
