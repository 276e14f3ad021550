/**
 * The production topology (issue 23; deploy/): Debian's nginx with deploy/nginx/kestrel.conf in front
 * of three server processes on one PostgreSQL and Redis (deploy/local-topology.mjs). Signed calls go
 * through nginx without pause while each process in turn is stopped with SIGTERM (it answers /readyz
 * 503 and keeps serving for its drain, then stops listening, finishes what is in flight and closes
 * the database) and started again: not one call fails, and every process exits cleanly. The client
 * address the processes see is the one nginx saw (TRUST_PROXY=1), whatever the visitor claims.
 * Needs nginx, PostgreSQL and Redis: in CI they must be there (.ci/run installs nginx); elsewhere a
 * missing one skips this file with a loud warning.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- deploy/ is plain JavaScript for operators, without declarations.
import { NGINX, startTopology } from '../../deploy/local-topology.mjs';
import pg from 'pg';
import { PASSWORD, uniqueName } from './helpers/accounts';
import { createApiClient } from './helpers/api-client';
import { adminQuery, PG_ADMIN_URL, postgresAvailable } from './helpers/test-databases';
import { REDIS_URL, redisAvailable } from './helpers/test-redis';

interface Topology {
  readonly origin: string;
  restart(index: number): Promise<number | null>;
  stop(): Promise<void>;
}

const missing = [
  existsSync(NGINX as string) ? undefined : `nginx (${NGINX as string})`,
  (await postgresAvailable()) ? undefined : 'PostgreSQL',
  (await redisAvailable()) ? undefined : 'Redis',
].filter((what) => what !== undefined);
if (missing.length > 0) {
  if (process.env.CI === 'true')
    throw new Error(`the topology test needs ${missing.join(', ')} in CI`);
  console.warn(`\n*** SKIPPED tests/server/topology.test.ts: no ${missing.join(', ')} here ***\n`);
}

/** Four consecutive free ports (nginx and three processes). */
async function freePortRange(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const all = await Promise.all([0, 1, 2, 3].map((i) => free(base + i)));
    if (all.every(Boolean)) return base;
  }
  throw new Error('no four free ports in a row');
}

describe.runIf(missing.length === 0)('three server processes behind nginx', () => {
  const database = `topology_${Math.random().toString(36).slice(2, 10)}`;
  let topology: Topology;
  let databaseUrl: string;
  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    const base = await freePortRange();
    topology = (await startTopology({
      databaseUrl,
      redisUrl: REDIS_URL,
      processes: 3,
      listenPort: base,
      basePort: base,
      // Every call comes from this machine's one address: the API's per-client limit (600 a minute,
      // counted across the processes in Redis) would refuse most of them.
      env: { RATE_LIMIT_API_PER_MINUTE: '1000000' },
    })) as Topology;
  }, 300_000);
  afterAll(async () => {
    await topology?.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 60_000);

  it('signed calls lose nothing while the processes restart one by one', async () => {
    const api = createApiClient(topology.origin);
    let running = true;
    let answered = 0;
    const failures: string[] = [];
    const worker = async () => {
      while (running) {
        try {
          const result = await api.call('/api/system/system_display_config');
          if (result.httpStatus === 200 && result.body.code === 200) answered += 1;
          else failures.push(`${result.httpStatus} ${JSON.stringify(result.body)}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const workers = Array.from({ length: 4 }, () => worker());
    await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(20);
    const exits: (number | null)[] = [];
    for (const index of [0, 1, 2]) {
      const before = answered;
      exits.push(await topology.restart(index));
      // Calls went on while this process drained, closed and started again.
      expect(answered).toBeGreaterThan(before);
    }
    await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(answered + 20);
    running = false;
    await Promise.all(workers);
    expect(exits).toEqual([0, 0, 0]);
    expect(failures).toEqual([]);
  }, 300_000);

  it("sees the visitor's address as nginx saw it, never one the visitor claims", async () => {
    const api = createApiClient(topology.origin);
    // From 127.0.0.7, claiming to be 203.0.113.9 in the header a proxy would add.
    const registered = await api.call<{ userId: number }>(
      '/api/user/register_type_username',
      { username: uniqueName(), password: PASSWORD },
      { ip: '127.0.0.7', headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(registered.body.code, registered.body.msg).toBe(200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client
      .query<{ signup_ip: string }>('SELECT signup_ip FROM users WHERE id = $1', [
        registered.body.data.userId,
      ])
      .finally(() => client.end());
    const [row] = rows;
    // The address rate limits and the sessions list use (request.ip, TRUST_PROXY=1).
    expect(row).toEqual({ signup_ip: '127.0.0.7' });
  }, 60_000);
});
