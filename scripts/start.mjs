/**
 * `npm start`: build when the sources changed since the last build, then serve SPA and API from
 * one process. Signals go to the server so Ctrl-C and container stops shut it down cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import process from 'node:process';
import { ROOT, staleReason } from './build-freshness.mjs';
import { SERVER_ARGS, SERVER_MALLOC_ENV } from './server-process.mjs';

const reason = staleReason();
if (reason) {
  process.stdout.write(`Building (${reason})...\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, SERVER_ARGS, {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...SERVER_MALLOC_ENV,
    PORT: process.env.PORT ?? '8080',
    DATA_DIR: process.env.DATA_DIR ?? './data',
  },
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
