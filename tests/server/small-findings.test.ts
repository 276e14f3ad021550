/**
 * The audit's smaller findings (issue 11, item 6) that are not proven elsewhere: a failed statement
 * is logged without its parameters; source maps are not served in PROD; `GET /assets/` and a missing
 * chunk are 404s, not the page; the import link's host comes from the configuration, not from the
 * request's Host header. (Redis outage and the nonce fence: redis-outage.test.ts; PGlite file modes:
 * admin-channel.test.ts.)
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByUsername } from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

function builtSpa(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-spa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kestrel</title><div id="root">');
  writeFileSync(join(dir, 'assets', 'index-Abc123.js'), 'export {};\n//# sourceMappingURL=x');
  writeFileSync(join(dir, 'assets', 'index-Abc123.js.map'), '{"version":3,"sources":["src"]}');
  return dir;
}

describe.each(variants)('logs on $name', (variant) => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(variant, {
      env: { LOG_LEVEL: 'info' },
      overrides: { logger: { stream } },
    });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('log a failed statement with its SQL and SQLSTATE, never its parameters', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE';
    const failure = await t.app.kestrel.database.db
      .execute(sql`SELECT ${secret}::int AS n`)
      .catch((error: unknown) => error);
    t.app.log.error({ err: failure }, 'request failed');
    const logged = lines.join('');
    expect(logged).toContain('request failed');
    expect(logged).toContain('22P02');
    expect(logged).toContain('SELECT $1::int');
    expect(logged).not.toContain('SECRETHASHVALUE');
  });
});

describe('static files', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await startTestApp(variants[0]!, { env: { STATIC_DIR: builtSpa() } });
    prod = await startTestApp(variants[0]!, {
      env: { STATIC_DIR: builtSpa(), APP_ENV: 'PROD', PUBLIC_ORIGIN: 'https://vpn.example' },
    });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([dev?.close(), prod?.close()]);
  });

  it('serves source maps outside PROD only', async () => {
    const url = '/assets/index-Abc123.js.map';
    expect((await dev.app.inject({ url })).statusCode).toBe(200);
    expect((await prod.app.inject({ url })).statusCode).toBe(404);
    expect((await prod.app.inject({ url: '/assets/index-Abc123.js' })).statusCode).toBe(200);
  });

  it('answers 404 for /assets/ and a missing chunk, not the page', async () => {
    for (const url of ['/assets/', '/assets', '/assets/gone-123.js', '/assets/sub/'])
      for (const app of [dev.app, prod.app]) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('<div id="root">');
      }
  });
});

describe('the import link', () => {
  const t = useTestApp(variants[0]!);

  it('takes its host from the configuration, never from the Host header', async () => {
    const user = await registerByUsername(t.api);
    const db = t.app.kestrel.database.db;
    await db.execute(
      sql`UPDATE users SET expire_time = now() + interval '30 days', plan_type = 1 WHERE id = ${user.userId}`,
    );
    const headers = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
    const call = (path: string, params: Record<string, unknown> = {}) =>
      t.api.call<{ url: string }>(path, params, { token: user.token, headers });
    await call('/api/user/user_third_party_client_toggle', { enabled: true });
    const issued = await call('/api/user/user_third_party_client_link');
    expect(issued.body.code, issued.body.msg).toBe(200);
    expect(new URL(issued.body.data.url).origin).toBe(
      `http://127.0.0.1:${t.app.kestrel.config.port}`,
    );
  });
});
