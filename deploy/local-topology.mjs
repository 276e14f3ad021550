/**
 * The production topology on one machine (issue 23; docs/operations.md "Several processes behind
 * nginx"): Debian's nginx with deploy/nginx/kestrel.conf's proxy settings in front of N server
 * processes on one PostgreSQL and Redis, with shared RSA keys, TRUST_PROXY=1 and a drain on SIGTERM,
 * as deploy/systemd/kestrel@.service runs them. nginx runs unprivileged from a temporary directory.
 *
 * `DATABASE_URL=postgres://… REDIS_URL=redis://… node deploy/local-topology.mjs` runs it until Ctrl-C
 * (nginx on 127.0.0.1:8080, processes on 8081…); tests/server/topology.test.ts starts it, sends
 * signed load through nginx and restarts the processes one by one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLATFORMS = ['ios', 'android', 'mac', 'windows'];
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** One RSA key per platform, the same for every process, so a signature works on any of them. */
export function sharedKeysEnv() {
  const env = {};
  for (const platform of PLATFORMS) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    env[`RSA_PRIVATE_KEY_${platform.toUpperCase()}`] = privateKey
      .export({ type: 'pkcs1', format: 'pem' })
      .toString();
  }
  return env;
}

/** deploy/nginx/kestrel.conf with this machine's ports, inside a main config nginx can run as anyone. */
function nginxConfig(dir, listenPort, ports) {
  const site = readFileSync(join(ROOT, 'deploy/nginx/kestrel.conf'), 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*;\n/gm, '')
    .replace(
      /upstream kestrel \{\n/,
      `upstream kestrel {\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;\n`).join('')}`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  writeFileSync(join(dir, 'kestrel.conf'), site);
  const temp = (name) => {
    const path = join(dir, name);
    mkdirSync(path, { recursive: true });
    chmodSync(path, 0o777);
    return path;
  };
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  include ${join(dir, 'kestrel.conf')};
}
`,
  );
  return join(dir, 'nginx.conf');
}

async function waitFor(url, seconds, isUp = (response) => response.ok) {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if (isUp(await fetch(url))) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * Starts nginx on `listenPort` in front of `processes` server processes on `basePort + 1…`.
 * `command` runs one server (default: the source through tsx). Resolves once nginx and every
 * process are ready; `restart(i)` stops process i with SIGTERM (it drains, then closes) and starts
 * it again, resolving once it is ready; `stop()` stops everything and removes the directory.
 */
export async function startTopology({
  databaseUrl,
  redisUrl,
  processes = 3,
  listenPort = 8080,
  basePort = listenPort,
  env = {},
  command = [process.execPath, '--import', 'tsx', 'server/main.ts'],
  log = () => undefined,
}) {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-topology-'));
  chmodSync(dir, 0o755);
  const ports = Array.from({ length: processes }, (_, i) => basePort + 1 + i);
  const shared = {
    ...process.env,
    APP_ENV: 'DEV',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `topology-${randomBytes(4).toString('hex')}:`,
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_SECONDS: '1',
    LOG_LEVEL: 'warn',
    ...sharedKeysEnv(),
    ...env,
  };
  const children = [];
  let nginx;
  // If this process ends without stop() (a killed test run), nothing it started outlives it.
  process.once('exit', () => {
    for (const child of [...children, nginx]) if (child?.exitCode === null) child.kill('SIGKILL');
  });
  const startProcess = async (i) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...shared, PORT: String(ports[i]), DATA_DIR: join(dir, `data-${i}`) },
    });
    children[i] = child;
    await waitFor(`http://127.0.0.1:${ports[i]}/readyz`, 120);
    log(`process ${i} ready on ${ports[i]}`);
  };
  // The first migrates the empty database; the others start together after it.
  await startProcess(0);
  await Promise.all(ports.slice(1).map((_, i) => startProcess(i + 1)));

  const configFile = nginxConfig(dir, listenPort, ports);
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', configFile], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  nginx = spawn(NGINX, ['-p', dir, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${listenPort}`;
  await waitFor(`${origin}/healthz`, 30);
  log(`nginx on ${origin}`);

  const stopProcess = async (i) => {
    const child = children[i];
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  };
  return {
    origin,
    ports,
    async restart(i) {
      const code = await stopProcess(i);
      log(`process ${i} exited with ${code}`);
      await startProcess(i);
      return code;
    },
    async stop() {
      await Promise.all(children.map((_, i) => stopProcess(i)));
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const topology = await startTopology({
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`Kestrel VPN behind nginx at ${topology.origin}; Ctrl-C stops it\n`);
  const stop = () => void topology.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
