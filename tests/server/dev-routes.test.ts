/**
 * Safe defaults (issue 11, item 4): the server binds 127.0.0.1 unless HOST says otherwise, and the
 * dev routes (outbox, code cooldown, redeem minting, order expiry, sandbox checkout) answer only a
 * loopback client: not a remote one, not one claiming loopback in X-Forwarded-For, not a proxied
 * one, not a DNS-rebinding page, not another site's page; they never carry CORS headers. The
 * audit's takeover (reset code from the outbox, minted 10-year redeem code) fails from outside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import {
  PROD_REQUIRED_ENV,
  startTestApp,
  STARTUP_TIMEOUT_MS,
  type TestApp,
} from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { testKeyEnv } from './helpers/test-keys';
import { groupCalls } from './helpers/group-buy';
import { buyOrder } from './helpers/payments';
import { orderRow } from './helpers/store';
import { redeemCodes } from '../../server/db/schema';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [pglite] = await databaseVariants();

type Method = 'GET' | 'POST';

describe('dev routes only for this machine', () => {
  let t: TestApp;
  let orderNo: string;
  let devRoutes: [Method, string, Record<string, unknown> | undefined][];
  beforeAll(async () => {
    t = await startTestApp(pglite!, { env: { TRUST_PROXY: 'true' } });
    const bought = await buyOrder(t.api);
    orderNo = bought.orderNo;
    const group = await groupCalls(t.api).start(bought.user.token);
    const inviteToken = group.body.data.inviteToken;
    devRoutes = [
      ['GET', '/dev/outbox', undefined],
      ['GET', '/dev/outbox.json?to=demo%40kestrel.example', undefined],
      ['POST', '/dev/codes/pass-cooldown?to=demo%40kestrel.example', undefined],
      ['POST', '/dev/redeem-codes', { planType: 1, days: 3650, uses: 1000 }],
      ['POST', '/dev/messages/round', undefined],
      ['POST', `/dev/orders/${orderNo}/expire`, undefined],
      ['POST', `/dev/group-buy/${inviteToken}/ends-at`, { inSeconds: 60 }],
      ['POST', `/dev/group-buy/${inviteToken}/end`, undefined],
      ['GET', `/pay/sandbox/${orderNo}`, undefined],
    ];
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const send = (
    method: Method,
    url: string,
    body: Record<string, unknown> | undefined,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: { host: '127.0.0.1:8110', ...options.headers },
      ...(body ? { payload: body } : {}),
    });

  it('binds 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses every dev route to remote, spoofed, proxied, rebinding and cross-site callers', async () => {
    const callers: { name: string; remoteAddress?: string; headers?: Record<string, string> }[] = [
      { name: 'remote', remoteAddress: '203.0.113.9' },
      {
        name: 'remote claiming loopback',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      },
      { name: 'proxied', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { name: 'proxied (Forwarded)', headers: { forwarded: 'for=203.0.113.9' } },
      { name: 'DNS rebinding', headers: { host: 'attacker.example:8110' } },
      { name: 'cross-site page', headers: { origin: 'https://attacker.example' } },
    ];
    const db = t.app.kestrel.database.db;
    const codesBefore = await db.$count(redeemCodes);
    for (const [method, url, body] of devRoutes)
      for (const caller of callers) {
        const response = await send(method, url, body, caller);
        expect(response.statusCode, `${caller.name} ${method} ${url}`).toBe(404);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
    // Nothing happened: the order is still pending, no code was minted from outside.
    expect((await orderRow(db, orderNo)).status).toBe('pending');
    expect(await db.$count(redeemCodes)).toBe(codesBefore);
  });

  it('serves them to this machine, without CORS headers even for a loopback origin', async () => {
    for (const [method, url, body] of devRoutes) {
      const response = await send(method, url, body, {
        headers: { origin: 'http://localhost:5173' },
      });
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(400);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    const minted = await send('POST', '/dev/redeem-codes', {});
    expect(minted.json()).toHaveProperty('code');
  });

  it('never reflects a foreign origin on a dev path, preflight included; the API keeps its CORS', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/dev/redeem-codes',
      remoteAddress: '127.0.0.1',
      headers: {
        origin: 'https://attacker.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const api = await t.app.inject({
      method: 'OPTIONS',
      url: '/v4/api/system/system_client_config',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(api.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('reproduces the audit from outside: no reset code, no takeover, no minted code', async () => {
    const outside = { remoteAddress: '198.51.100.7' };
    const outbox = await send(
      'GET',
      '/dev/outbox.json?to=demo%40kestrel.example',
      undefined,
      outside,
    );
    expect(outbox.statusCode).toBe(404);
    const mint = await send('POST', '/dev/redeem-codes', { days: 3650, uses: 1000 }, outside);
    expect(mint.statusCode).toBe(404);
    expect(mint.body).not.toContain('code');
  });
});

describe('dev routes in PROD', () => {
  it(
    'are not there at all, even one registered without the helper',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-prod-'));
      const app = await buildApp(
        loadConfig({
          APP_ENV: 'PROD',
          ...PROD_REQUIRED_ENV,
          DATA_DIR: dataDir,
          DATABASE_URL: 'memory://',
          LOG_LEVEL: 'silent',
          STATIC_DIR: join(dataDir, 'none'),
          ...testKeyEnv(),
        }),
      );
      try {
        app.get('/dev/forgotten', async () => ({ secret: true }));
        await app.ready();
        for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/forgotten'])
          expect((await app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(404);
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
