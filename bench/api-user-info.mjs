/**
 * DESIGN §7 API budget: signed `system_user_info` requests/s for a logged-in user at 64 connections on
 * loopback, with p50/p99 latency, next to the bare RSA-2048 private-key rate of one core
 * (`openssl speed rsa2048`) measured in the same run. Prints figures; exits 0 unless something broke.
 *
 * Two ratios: wall clock (requests/s against openssl's signs/s) and CPU (requests per second of the
 * server's own CPU time, read from /proc, against openssl's signs per CPU second: openssl speed
 * divides by user CPU time). The CPU ratio is what the server costs per request, whatever else the
 * machine is doing (the load generator shares the cores); the wall-clock one is what a client sees.
 *
 * Starts the server itself (the built bundle as `npm start` runs it, or the source through tsx with
 * BENCH_SERVER=src) on a free port with a temporary DATA_DIR. Signatures are computed before the
 * timed window: each must be unique.
 * BENCH_PROCESSES=2 starts two server processes on one PostgreSQL (BENCH_DATABASE_URL, required) and
 * Redis (BENCH_REDIS_URL, for the shared replay window) with the same RSA keys, and spreads the
 * connections over both, like two instances behind a load balancer.
 */
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { constants, publicEncrypt, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { ROOT, SERVER_BUNDLE } from '../scripts/build-freshness.mjs';
import { sharedKeysEnv } from '../deploy/local-topology.mjs';
import { buildIfStale, startServer } from './serve-built-app.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PLATFORM = 'windows';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BUDGET_SHARE = 0.7;
const BUDGET_P99_MS = 35;
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function request(port, method, path, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': payload.length, ...headers }
          : headers,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    // One write: headers and body leave in one packet instead of waiting on a delayed ACK.
    req.end(payload);
  });
}

function sign(pem) {
  let nonce = '';
  for (let i = 0; i < 8; i += 1) nonce += ALPHABET[randomInt(ALPHABET.length)];
  const payload = Buffer.from(JSON.stringify({ nonce, timestamp: Date.now() }));
  return publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_PADDING }, payload).toString(
    'base64',
  );
}

/**
 * The server under test: by default the built bundle, started as `npm start` starts it (built first
 * when the sources changed, like `npm run bench` does); BENCH_SERVER=src runs the source through tsx.
 */
function serverUnderTest() {
  const fromSource = process.env.BENCH_SERVER === 'src';
  if (!fromSource) buildIfStale();
  // BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of the server there (sampled every 100 µs).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR]
    : [];
  return {
    name: fromSource ? 'tsx source' : 'built bundle (as npm start runs it)',
    args: [
      ...profile,
      ...(fromSource
        ? ['--import', 'tsx', join(ROOT, 'server/main.ts')]
        : ['--enable-source-maps', SERVER_BUNDLE]),
    ],
  };
}

function opensslRsaSignPerSecond() {
  const result = spawnSync('openssl', ['speed', '-seconds', '3', 'rsa2048'], { encoding: 'utf8' });
  const line = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .find((l) => /^rsa\s+2048\s+bits/.test(l.trim()));
  const figures = line?.trim().split(/\s+/) ?? [];
  // "rsa 2048 bits <s/sign> <s/verify> <sign/s> <verify/s>"
  const signPerSecond = Number(figures[5]);
  if (!Number.isFinite(signPerSecond))
    throw new Error(`could not read openssl speed output:\n${result.stdout}`);
  return signPerSecond;
}

/** CPU seconds a process has used so far in user space and in the kernel (its sockets' work). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / CLOCK_TICKS, system: Number(fields[12]) / CLOCK_TICKS };
}

/** The servers' CPU so far, summed over processes. */
function serversCpu(servers) {
  const total = { user: 0, system: 0 };
  for (const { pid } of servers) {
    const { user, system } = cpuSeconds(pid);
    total.user += user;
    total.system += system;
  }
  return total;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const server = serverUnderTest();
  if (PROCESSES > 1 && !process.env.BENCH_DATABASE_URL)
    throw new Error('BENCH_PROCESSES > 1 needs BENCH_DATABASE_URL (PGlite is one process)');
  const env = {
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    // PROD as deployed (no response re-validation, no outbox), with the demo user to log in.
    APP_ENV: 'PROD',
    // What PROD refuses to start without (server/config.ts); the bench sends no mail.
    PUBLIC_ORIGIN: 'https://bench.example',
    SMTP_URL: 'smtp://127.0.0.1:1',
    STATIC_DIR: join(tmpdir(), 'kestrel-bench-no-spa'),
    // The bench is one client IP sending thousands of requests a second.
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    ...(PROCESSES > 1 ? sharedKeysEnv() : {}),
  };
  // One after the other: the first one migrates and seeds the shared database.
  const servers = [];
  for (let i = 0; i < PROCESSES; i += 1)
    servers.push(await startServer({ args: server.args, timeoutSeconds: 120, env }));
  const [{ port }] = servers;
  try {
    const { keys } = JSON.parse((await request(port, 'GET', '/v4/public-keys')).text);
    const pem = keys[PLATFORM];
    const login = await request(port, 'POST', '/v4/api/user/user_login', {
      headers: { platform: PLATFORM, language: 'en' },
      body: { signature: sign(pem), account: 'demo', password: 'demo-pass-2026' },
    });
    const token = login.headers.pragma;
    if (JSON.parse(login.text).code !== 200 || !token)
      throw new Error(`demo login failed: ${login.text}`);

    const budget = Number(process.env.BENCH_MAX_RPS ?? 6000) * (SECONDS + WARMUP_SECONDS);
    process.stdout.write(`pre-computing ${budget} signatures... `);
    const signatures = Array.from({ length: budget }, () => sign(pem));
    process.stdout.write('done\n');
    let next = 0;
    let errors = 0;
    let ok = 0;
    const latencies = [];
    let measuring = false;
    const headers = { platform: PLATFORM, language: 'en', authorization: token };

    const deadline = Date.now() + (WARMUP_SECONDS + SECONDS) * 1000;
    setTimeout(() => {
      measuring = true;
    }, WARMUP_SECONDS * 1000);
    let measuredFrom = 0;
    let cpuFrom = { user: 0, system: 0 };
    async function worker(index) {
      const target = servers[index % servers.length].port;
      while (Date.now() < deadline && next < signatures.length) {
        const signature = signatures[next];
        next += 1;
        const started = performance.now();
        const res = await request(target, 'POST', '/v4/api/system/system_user_info', {
          headers,
          body: { signature },
        });
        const elapsed = performance.now() - started;
        const good = res.status === 200 && res.text.startsWith('{"code":200');
        if (measuring) {
          if (measuredFrom === 0) {
            measuredFrom = performance.now();
            cpuFrom = serversCpu(servers);
          }
          if (good) {
            ok += 1;
            latencies.push(elapsed);
          } else errors += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => worker(index)));
    const measuredSeconds = (performance.now() - measuredFrom) / 1000;
    const cpuTo = serversCpu(servers);
    const userCpu = cpuTo.user - cpuFrom.user;
    const systemCpu = cpuTo.system - cpuFrom.system;
    const serverCpu = userCpu + systemCpu;
    if (next >= signatures.length)
      process.stdout.write('warning: ran out of signatures; raise BENCH_MAX_RPS\n');

    latencies.sort((a, b) => a - b);
    const rps = ok / measuredSeconds;
    const rsa = opensslRsaSignPerSecond();
    const share = rps / rsa;
    // Requests answered per second of server CPU, against RSA signs per second of CPU.
    const perCpuSecond = ok / serverCpu;
    const cpuShare = perCpuSecond / rsa;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const met = (ratio) => (ratio >= BUDGET_SHARE ? 'met' : 'NOT met');
    const lines = [
      `server: ${server.name}, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, nonces: ${process.env.BENCH_REDIS_URL ? 'Redis' : 'in process'}, ${PROCESSES} process(es)`,
      `signed system_user_info: ${rps.toFixed(0)} req/s over ${measuredSeconds.toFixed(1)} s at ${CONNECTIONS} connections (${errors} errors)`,
      `latency: p50 ${p50?.toFixed(1)} ms, p90 ${percentile(latencies, 90)?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms, p99.9 ${percentile(latencies, 99.9)?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms (budget p99 < ${BUDGET_P99_MS} ms: ${p99 < BUDGET_P99_MS ? 'met' : 'NOT met'})`,
      `openssl speed rsa2048: ${rsa.toFixed(0)} private-key ops per CPU second (one core)`,
      `server CPU: ${serverCpu.toFixed(1)} s for ${ok} requests, ${((serverCpu / ok) * 1e6).toFixed(0)} µs each (user ${((userCpu / ok) * 1e6).toFixed(0)} µs, kernel ${((systemCpu / ok) * 1e6).toFixed(0)} µs), ${perCpuSecond.toFixed(0)} requests per CPU second`,
      `CPU ratio: ${(cpuShare * 100).toFixed(0)}% of bare RSA per CPU second (budget >= ${BUDGET_SHARE * 100}%: ${met(cpuShare)})`,
      `wall-clock ratio: ${(share * 100).toFixed(0)}% of one core's bare RSA rate (${met(share)}); the load generator shares the machine's cores with the server`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    agent.destroy();
    await Promise.all(servers.map(({ stop }) => stop()));
  }
}

main().catch((error) => {
  process.stderr.write(`api-user-info bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
