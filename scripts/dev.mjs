/**
 * `npm run dev`: the Vite dev server on DEV_PORT, default 5173 (hot reload; vite.config.ts proxies /v4 and /dev to
 * API_PORT) and the API under `tsx watch` on API_PORT (default 8080), which restarts on every
 * server/ or contract/ change. Either one exiting, or Ctrl-C, stops both.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import process from 'node:process';
import { ROOT } from './build-freshness.mjs';

const apiPort = process.env.API_PORT ?? process.env.PORT ?? '8080';
const env = {
  ...process.env,
  API_PORT: apiPort,
  PORT: apiPort,
  APP_ENV: process.env.APP_ENV ?? 'DEV',
  DATA_DIR: process.env.DATA_DIR ?? './data',
};
const bin = (name) => join(ROOT, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--port', process.env.DEV_PORT ?? '5173', '--strictPort'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
