/**
 * A PostgreSQL cluster of a test's own (Debian's /usr/lib/postgresql/<version>/bin), on a port in
 * 55432-55439, that the test may kill -9 and start again without touching the shared one on 5432.
 * As root, initdb and postgres run as the `postgres` account (initdb refuses root).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const PORTS = [55432, 55433, 55434, 55435, 55436, 55437, 55438, 55439];

export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** uid and gid of the `postgres` account when running as root; undefined otherwise. */
function postgresAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres']).stdout.toString().trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root needs a postgres account');
  return { uid, gid: id('-g') };
}

async function waitUntilReady(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export interface OwnCluster {
  /** URL of the `postgres` database (create others with it). */
  readonly url: string;
  readonly port: number;
  /** SIGKILL to the postmaster and every backend (its process group), then waits for them. */
  kill(): Promise<void>;
  /** Starts the cluster again on the same directory and port (PostgreSQL runs crash recovery). */
  start(): Promise<void>;
  /** Kills it and removes its directory. */
  destroy(): Promise<void>;
}

export async function createOwnCluster(): Promise<OwnCluster> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      'no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)',
    );
  let port: number | undefined;
  for (const candidate of PORTS) {
    if (await portIsFree(candidate)) {
      port = candidate;
      break;
    }
  }
  if (port === undefined) throw new Error(`no free port in ${PORTS[0]}-${PORTS.at(-1)}`);
  const account = postgresAccount();
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-own-pg-'));
  if (account) chownSync(dir, account.uid, account.gid);
  const data = join(dir, 'data');
  const asPostgres = account ? { uid: account.uid, gid: account.gid } : {};
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'],
    { ...asPostgres, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | undefined;

  async function start() {
    server = spawn(
      join(bin!, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'fsync=off',
        '-c',
        'max_connections=60',
      ],
      // Its own process group, so that kill() reaches the backends too.
      { ...asPostgres, detached: true, stdio: 'ignore' },
    );
    await waitUntilReady(url);
  }

  async function kill() {
    const running = server;
    if (!running?.pid || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(-running.pid, 'SIGKILL');
    await exited;
    // Backends of a killed postmaster share its group and died with it; give the kernel a moment
    // to release the port.
    while (!(await portIsFree(port!))) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  await start();
  return {
    url,
    port,
    kill,
    start,
    async destroy() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
