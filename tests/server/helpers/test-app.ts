/**
 * Builds the real app for a test file: a temp DATA_DIR, the shared test keys, a database of the given
 * variant, APP_ENV=TEST, and a signing client that behaves like the SPA.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOverrides } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createApiClient, type ApiClient } from './api-client';
import type { DbVariant } from './test-databases';
import { testKeyEnv } from './test-keys';

/**
 * PGlite's start (WASM + initdb) takes 1-2 s on an idle machine and several times that on a busy CI
 * runner; app start-up hooks get this much time.
 */
export const STARTUP_TIMEOUT_MS = 180_000;

/**
 * What PROD refuses to start without (server/config.ts): a test that starts a PROD app gets these
 * unless it gives its own. Nothing listens on that SMTP port: a code sent by e-mail fails there.
 */
export const PROD_REQUIRED_ENV = {
  PUBLIC_ORIGIN: 'https://vpn.example',
  SMTP_URL: 'smtp://127.0.0.1:1',
} as const;

export interface TestApp {
  readonly app: FastifyInstance;
  readonly api: ApiClient;
  readonly dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  overrides?: AppOverrides;
}

export async function startTestApp(
  variant: DbVariant,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-server-test-'));
  const database = await variant.create({ migrated: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    APP_ENV: 'TEST',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // Redis is shared by every test run on the machine: this app's keys are its own.
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    STATIC_DIR: join(dataDir, 'no-spa'),
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    RATE_LIMIT_CODES_PER_IP_PER_DAY: '1000000',
    ...testKeyEnv(),
    ...(options.env?.APP_ENV === 'PROD' ? PROD_REQUIRED_ENV : {}),
    ...options.env,
  });
  // The migrations, applied once per run (migrated-databases.global-setup.ts): the app's own
  // migration step at start finds them done. Not when the test gives a database of its own.
  const memoryDatabaseImage =
    config.databaseUrl === database.url ? database.memoryImage : undefined;
  const app = await buildApp(config, {
    ...(memoryDatabaseImage ? { memoryDatabaseImage } : {}),
    ...options.overrides,
  });
  await app.ready();
  return {
    app,
    api: createApiClient(app),
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Something a describe block (or file) starts before its first test and stops after its last. The
 * returned function reads it, and says so when a test reads it before the hook has started it.
 */
export function useStarted<T>(
  what: string,
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    if (started !== undefined) await stop(started);
  });
  return () => {
    if (started === undefined) {
      throw new Error(`the ${what} is read before its beforeAll hook has started it`);
    }
    return started;
  };
}

/**
 * The app of a describe block: started before its first test (options made then when given as a
 * function, for gateways or chains that other hooks build first) and closed after its last. The
 * handle reads the running app, so a suite can write `const t = useTestApp(variant)` where it held
 * `let t` and a pair of hooks.
 */
export function useTestApp(
  variant: DbVariant,
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
): TestApp {
  const running = useStarted(
    'test app',
    async () => startTestApp(variant, typeof options === 'function' ? await options() : options),
    (started) => started.close(),
  );
  return {
    get app() {
      return running().app;
    },
    get api() {
      return running().api;
    },
    get dataDir() {
      return running().dataDir;
    },
    close: () => running().close(),
  };
}

/**
 * The address of the app `t` listening on a free port of 127.0.0.1, for callers over real HTTP (a
 * node's agent): it starts listening after the app has started, and closes with it.
 */
export function useListening(t: TestApp): () => string {
  return useStarted(
    'listening address',
    () => t.app.listen({ host: '127.0.0.1', port: 0 }),
    async () => {},
  );
}
