/**
 * Health for a load balancer and a supervisor (issue 23; docs/operations.md "Health and readiness"):
 *   GET /healthz  200 while the process answers at all: restart it when this fails;
 *   GET /readyz   200 when this process should be sent traffic: started, not draining, and the
 *                 database (and Redis, when configured) answer within a second; otherwise 503,
 *                 naming what is not ready.
 * Draining (`readiness.drain()`, on SIGTERM in server/main.ts) turns /readyz to 503 while requests
 * keep being answered, so a proxy stops sending new ones before the process stops listening.
 * Probes come every few seconds: they log at `warn` or quieter, and are not rate limited.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database';
import { quietLogLevel } from './quiet-log-level';

export interface Readiness {
  /** From now on /readyz answers 503; requests are still answered. */
  drain(): void;
  readonly draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

type CheckResult = 'ok' | 'failed' | 'off';

/** Resolves 'ok' when `probe` answers within `timeoutMs`, else 'failed'. */
async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('failed'), timeoutMs);
  });
  try {
    return await Promise.race([probe().then((): CheckResult => 'ok'), late]);
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { readonly db: Db; readonly redis: Redis | undefined; readonly timeoutMs?: number },
): void {
  const timeoutMs = deps.timeoutMs ?? 1000;
  let started = false;
  let draining = false;
  app.addHook('onReady', async () => {
    started = true;
  });
  app.decorate('readiness', {
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  } satisfies Readiness);

  const options = { logLevel: quietLogLevel(app) };
  app.get('/healthz', options, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', options, async (_request, reply) => {
    const [database, redis] = await Promise.all([
      check(() => deps.db.execute(sql`SELECT 1`), timeoutMs),
      deps.redis ? check(() => deps.redis!.ping(), timeoutMs) : Promise.resolve<CheckResult>('off'),
    ]);
    const ready = started && !draining && database === 'ok' && redis !== 'failed';
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', started, draining, database, redis });
  });
}
