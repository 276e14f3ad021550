/**
 * DESIGN §7 API budget: signed `system_user_info` requests/s for a logged-in user at 64 connections on
 * loopback, with p50/p99 latency, next to the bare RSA-2048 private-key rate of one core
 * (`openssl speed rsa2048`) measured in the same run. Prints figures; exits 0 unless something broke.
 *
 * Starts the server itself (tsx from source, or the bundle with BENCH_SERVER=dist) on a free port with
 * a temporary DATA_DIR. Signatures are computed before the timed window: each must be unique.
 */
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { constants, publicEncrypt, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { ROOT, SERVER_BUNDLE } from '../scripts/build-freshness.mjs';
import { startServer } from './serve-built-app.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PLATFORM = 'windows';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BUDGET_SHARE = 0.7;
const BUDGET_P99_MS = 35;

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

/** The server under test: the source through tsx, or the bundle with BENCH_SERVER=dist. */
function serverUnderTest() {
  const useBundle = process.env.BENCH_SERVER === 'dist' && existsSync(SERVER_BUNDLE);
  // BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of the server there.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR]
    : [];
  return {
    name: useBundle ? 'dist bundle' : 'tsx source',
    args: [
      ...profile,
      ...(useBundle ? [SERVER_BUNDLE] : ['--import', 'tsx', join(ROOT, 'server/main.ts')]),
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

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const server = serverUnderTest();
  const { port, stop } = await startServer({
    args: server.args,
    timeoutSeconds: 120,
    env: {
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      // PROD as deployed (no response re-validation, no outbox), with the demo user to log in.
      APP_ENV: 'PROD',
      STATIC_DIR: join(tmpdir(), 'kestrel-bench-no-spa'),
      // The bench is one client IP sending thousands of requests a second.
      RATE_LIMIT_API_PER_MINUTE: '100000000',
    },
  });
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
    async function worker() {
      while (Date.now() < deadline && next < signatures.length) {
        const signature = signatures[next];
        next += 1;
        const started = performance.now();
        const res = await request(port, 'POST', '/v4/api/system/system_user_info', {
          headers,
          body: { signature },
        });
        const elapsed = performance.now() - started;
        const good = res.status === 200 && res.text.startsWith('{"code":200');
        if (measuring) {
          if (measuredFrom === 0) measuredFrom = performance.now();
          if (good) {
            ok += 1;
            latencies.push(elapsed);
          } else errors += 1;
        }
      }
    }
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const measuredSeconds = (performance.now() - measuredFrom) / 1000;
    if (next >= signatures.length)
      process.stdout.write('warning: ran out of signatures; raise BENCH_MAX_RPS\n');

    latencies.sort((a, b) => a - b);
    const rps = ok / measuredSeconds;
    const rsa = opensslRsaSignPerSecond();
    const share = rps / rsa;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const lines = [
      `server: ${server.name}, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, one process`,
      `signed system_user_info: ${rps.toFixed(0)} req/s over ${measuredSeconds.toFixed(1)} s at ${CONNECTIONS} connections (${errors} errors)`,
      `latency: p50 ${p50?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms (budget p99 < ${BUDGET_P99_MS} ms: ${p99 < BUDGET_P99_MS ? 'met' : 'NOT met'})`,
      `openssl speed rsa2048: ${rsa.toFixed(0)} private-key ops/s on one core`,
      `ratio: ${(share * 100).toFixed(0)}% of bare RSA (budget >= ${BUDGET_SHARE * 100}%: ${share >= BUDGET_SHARE ? 'met' : 'NOT met'})`,
      "note: the load generator shares the machine's cores with the server.",
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    agent.destroy();
    await stop();
  }
}

main().catch((error) => {
  process.stderr.write(`api-user-info bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
