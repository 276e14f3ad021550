/**
 * Playwright's webServer: the one built app every e2e test shares. Builds only when the sources
 * changed (the same check as `npm start`), then runs the bundled server on a fresh data directory,
 * in DEV (the dev outbox is on) with the demo data seeded, and crypto payment offered on a local
 * hardhat chain (scripts/local-chain, the same network `npm run demo:crypto` offers) on
 * E2E_CHAIN_PORT (a free port when unset). Specs find the chain's RPC URL in the crypto options.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { ROOT, SERVER_BUNDLE, staleReason } from '../../scripts/build-freshness.mjs';
import { startDemoNetwork } from '../../scripts/local-chain/demo-network.mjs';

const port = process.env.E2E_PORT ?? '18100';
// A fixed path per port, wiped at every start: fresh data each run and nothing left behind to leak.
const dataDir = join(tmpdir(), `kestrel-e2e-${port}`);

const reason = staleReason();
if (reason) {
  process.stdout.write(`e2e: building (${reason})\n`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

rmSync(dataDir, { recursive: true, force: true });

// The network is configured in the fresh database before the server opens it (PGlite: one process).
const chain = await startDemoNetwork({
  port: Number(process.env.E2E_CHAIN_PORT ?? 0),
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  fundedWallets: 0,
  // Why: the tests share one chain and every transaction of a parallel test mines a block; with
  // 20 confirmations none of them can complete another test's payment: each mines its own.
  confirmations: 20,
});
process.stdout.write(`e2e: local chain ${chain.node.url}\n`);

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ENV: 'DEV',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Every test browser and helper calls from 127.0.0.1; the caps themselves are proven by the
    // server tests, here they would only make the suite's outcome depend on how many tests ran.
    RATE_LIMIT_API_PER_MINUTE: '100000',
    RATE_LIMIT_CODES_PER_TARGET_PER_DAY: '1000',
    RATE_LIMIT_CODES_PER_IP_PER_DAY: '100000',
    // Every e2e browser is 127.0.0.1: the per-client password limit must not decide an outcome.
    PASSWORD_FAILURES_PER_CLIENT: '100000',
    // The throttle's first wait, long enough that a loaded machine's next attempt still meets it
    // (e2e/machines/staff-sign-in.model.ts FIRST_WAIT_SECONDS).
    PASSWORD_FIRST_WAIT_MS: '4000',
  },
});

function stop(signal) {
  server.kill(signal);
}
async function stopChain() {
  await chain.node.stop().catch(() => {
    // Already gone with its process group.
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  void stopChain().then(() => process.exit(code ?? (signal ? 0 : 1)));
});
