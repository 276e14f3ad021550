/**
 * Starts the app server for a benchmark on a fresh data directory and resolves once it answers.
 * Used by bench/bundle.mjs (the built app) and bench/api-user-info.mjs (bundle or source).
 */
import { spawn, spawnSync } from 'node:child_process';
import { openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, SERVER_BUNDLE, staleReason } from '../scripts/build-freshness.mjs';

export function buildIfStale() {
  const reason = staleReason();
  if (!reason) return;
  process.stderr.write(`bench: building (${reason})\n`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/**
 * The first port of the range nobody listens on: several people may run the benches at once.
 * `BENCH_PORTS=from-to` picks another range (each engineer has one, docs/testing.md).
 */
const [envFrom, envTo] = (process.env.BENCH_PORTS ?? '18101-18109').split('-').map(Number);
export async function freePort(from = envFrom, to = envTo) {
  for (let port = from; port <= to; port++) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * Starts the server on a free port with a fresh data directory and demo data, and resolves once it
 * answers. `args` are node's arguments (the built bundle by default); `env` adds to or overrides the
 * defaults; `ports` `{ from, to }` picks another range. The caller stops it with `stop()`, which also
 * removes the data directory; `pid` is the server process's, for CPU and memory accounting.
 * `dataDir` runs it on a directory the caller keeps instead (neither emptied first nor removed by
 * `stop()`): a restart on existing data.
 */
export async function startServer({
  args = [SERVER_BUNDLE],
  env = {},
  timeoutSeconds = 60,
  ports = {},
  dataDir: keptDataDir,
} = {}) {
  const port = await freePort(ports.from, ports.to);
  const dataDir = keptDataDir ?? join(tmpdir(), `kestrel-bench-${port}`);
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // BENCH_SERVER_LOG=<file>: the server's log (pino writes to stdout) goes there.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  // If this process dies early (an error, a closed output pipe), the server must not outlive it.
  process.once('exit', () => child.kill('SIGTERM'));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < timeoutSeconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/v4/public-keys`);
      if (res.ok) return { origin, port, pid: child.pid, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`the server did not answer within ${timeoutSeconds} s`);
}

/** The built app as a visitor gets it (DEV: the outbox is on), for the browser benches. */
export async function serveBuiltApp(extraEnv = {}) {
  buildIfStale();
  return startServer({ env: { APP_ENV: 'DEV', ...extraEnv } });
}
