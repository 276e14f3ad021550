/**
 * Issue 19, item 8: without Redis (the default embedded start) the nonces live in the process, so a
 * signed body accepted before a restart could be sent again after it, inside its 300 s window. The
 * in-process store refuses every signature made before the process started (SIGNATURE_EXPIRED, with
 * the server's time to sign again), and a stop keeps the nonces still in their window for the next
 * start (a fast client clock dates a signature after the restart); a fresh call works at once. Two real apps one after the other
 * on the same DATA_DIR: PGlite embedded there (no DATABASE_URL), and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rowsOf } from '../../server/db/database';
import { createApiClient } from './helpers/api-client';
import { STARTUP_TIMEOUT_MS } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { testKeyEnv } from './helpers/test-keys';

const variants = await databaseVariants();
const REGISTER = '/api/user/register_type_username';

describe.each(variants)(
  'a signature replayed after a restart without Redis, on $name',
  (variant) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-replay-restart-'));
    let database: { url: string; drop: () => Promise<void> } | undefined;
    afterAll(async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function start(): Promise<FastifyInstance> {
      const config = loadConfig({
        DATA_DIR: dataDir,
        // PGlite: the embedded database in DATA_DIR, as `npm start` runs it.
        ...(database ? { DATABASE_URL: database.url } : {}),
        APP_ENV: 'TEST',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        STATIC_DIR: join(dataDir, 'no-spa'),
        ...testKeyEnv(),
      });
      expect(config.redisUrl).toBeUndefined();
      const app = await buildApp(config);
      await app.ready();
      return app;
    }

    it(
      'refuses the replay as expired, with the server time, and changes nothing; a fresh call works',
      async () => {
        if (variant.name === 'postgres') database = await variant.create();
        const first = await start();
        const signature = await createApiClient(first).sign('windows');
        // From a client whose clock runs two minutes fast: dated after the restart to come.
        const fast = await createApiClient(first).sign('windows', Date.now() + 120_000);
        const fastCall = await createApiClient(first).call(
          '/api/system/system_client_config',
          {},
          { signature: fast },
        );
        expect(fastCall.body.code).toBe(200);
        const params = { username: `before_${Date.now() % 1e6}`, password: 'long-enough-1' };
        try {
          const accepted = await createApiClient(first).call(REGISTER, params, { signature });
          expect(accepted.body.code, accepted.body.msg).toBe(200);
          // In the same process the store remembers it.
          const again = await createApiClient(first).call(
            REGISTER,
            { ...params, username: `${params.username}_b` },
            { signature },
          );
          expect(again.body.code).toBe(Errors.SIGNATURE_REPLAYED.code);
        } finally {
          await first.close();
        }

        const second = await start();
        try {
          const api = createApiClient(second);
          const replayed = await api.call(
            REGISTER,
            { ...params, username: `${params.username}_c` },
            { signature, language: 'zh_CN' },
          );
          expect(replayed.body).toMatchObject({
            code: Errors.SIGNATURE_EXPIRED.code,
            msg: Errors.SIGNATURE_EXPIRED.zh_CN,
          });
          const { serverTime } = replayed.body.data as { serverTime: number };
          expect(Math.abs(serverTime - Date.now())).toBeLessThan(5000);
          const exact = await api.call(REGISTER, params, { signature });
          expect(exact.body.code).toBe(Errors.SIGNATURE_EXPIRED.code);
          const users = rowsOf<{ n: number }>(
            await second.kestrel.database.db.execute(
              sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${`${params.username}%`}`,
            ),
          );
          // The one registration made before the restart; the replays made none.
          expect(users[0]!.n).toBe(1);

          // Dated after the restart: the nonces the stopped process kept still know it.
          const fastAgain = await api.call(
            '/api/system/system_client_config',
            {},
            { signature: fast },
          );
          expect(fastAgain.body.code).toBe(Errors.SIGNATURE_REPLAYED.code);

          // A client signing now (or again with the server's time) is served at once.
          const fresh = await api.call('/api/system/system_client_config', {});
          expect(fresh.body.code).toBe(200);
          const resigned = await api.call(
            '/api/system/system_client_config',
            {},
            { timestamp: serverTime },
          );
          expect(resigned.body.code).toBe(200);
        } finally {
          await second.close();
        }
      },
      STARTUP_TIMEOUT_MS,
    );
  },
);
