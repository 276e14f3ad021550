/**
 * One API rate limit per client (issue 11, item 2): both prefixes, every route, unknown paths and
 * the public keys share one counter per IP (per /64 for IPv6), checked before the body is read (so
 * before any RSA work). On Redis the counter is shared by every process of one deployment (same
 * REDIS_KEY_PREFIX) and by nobody else.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { clientKey } from '../../server/protocol/rate-limit';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { redisAvailable, REDIS_URL } from './helpers/test-redis';

const [pglite] = await databaseVariants();
const withRedis = await redisAvailable();
const LIMIT = 8;

/** Eight requests of every kind the API has, from one client. */
async function mixedRequests(t: TestApp, ip: string) {
  const statuses: number[] = [];
  const calls = [
    () => t.api.call('/api/system/system_client_config', {}, { ip }),
    () => t.api.call('/api/system/system_client_config', {}, { ip, prefix: '/v4/test' }),
    () =>
      t.api.call('/api/user/user_login', { account: 'a', password: 'b' }, { ip, signature: 'x' }),
    () =>
      t.api.call('/api/payment/payment_shop', {}, { ip, prefix: '/v4/test', signature: 'garbage' }),
    () => t.api.call('/api/nothing/nothing_here', {}, { ip }),
  ];
  for (let i = 0; i < LIMIT; i += 1) statuses.push((await calls[i % calls.length]!()).httpStatus);
  return statuses;
}

describe('one API limit per client', () => {
  const t = useTestApp(pglite!, { env: { RATE_LIMIT_API_PER_MINUTE: String(LIMIT) } });

  it('counts both prefixes and every path against one limit, before reading the body', async () => {
    const statuses = await mixedRequests(t, '10.1.0.1');
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    for (const url of ['/v4/api/system/system_client_config', '/v4/test/api/user/user_login']) {
      // Not JSON at all: a 429, not BAD_REQUEST, because the limit comes before the body.
      const limited = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.1.0.1',
        headers: { 'content-type': 'application/json', platform: 'ios', language: 'zh_CN' },
        payload: '{not json',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        code: Errors.RATE_LIMITED.code,
        msg: Errors.RATE_LIMITED.zh_CN,
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    const keys = await t.app.inject({ url: '/v4/public-keys', remoteAddress: '10.1.0.1' });
    expect(keys.statusCode).toBe(429);
    // Another client is not affected; pages outside the API are not counted.
    expect(
      (await t.api.call('/api/system/system_client_config', {}, { ip: '10.1.0.2' })).body.code,
    ).toBe(200);
  });

  it('counts an IPv6 client per /64', async () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    for (let i = 0; i < LIMIT; i += 1)
      await t.api.call('/api/system/system_client_config', {}, { ip: `2001:db8:9:9::${i + 1}` });
    const rotated = await t.api.call(
      '/api/system/system_client_config',
      {},
      { ip: '2001:db8:9:9::ffff' },
    );
    expect(rotated.httpStatus).toBe(429);
  });
});

describe.runIf(withRedis)('one API limit per client on Redis', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_API_PER_MINUTE: String(LIMIT) };
    a = await startTestApp(pglite!, { env });
    b = await startTestApp(pglite!, { env });
    other = await startTestApp(pglite!, {
      env: { REDIS_URL, RATE_LIMIT_API_PER_MINUTE: String(LIMIT) },
    });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), other?.close()]);
  });

  it('shares the count between the processes of one deployment, and only them', async () => {
    const ip = `10.2.${Math.floor(Math.random() * 250)}.1`;
    const half = await mixedRequests(a, ip);
    expect(half.filter((s) => s === 429)).toEqual([]);
    const next = await b.api.call('/api/system/system_client_config', {}, { ip });
    expect(next.httpStatus).toBe(429);
    const elsewhere = await other.api.call('/api/system/system_client_config', {}, { ip });
    expect(elsewhere.body.code).toBe(200);
  });
});
