/**
 * The wire protocol (DESIGN §2, issue 2 §5): signatures that are replayed, stale, garbage or made with
 * another platform's key are all refused with stable codes, never a 5xx, and change nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { API_TEST_PREFIX, Errors, MAX_BODY_BYTES, SIGNATURE_WINDOW_SECONDS } from '../../contract';
import { users } from '../../server/db/schema';
import { rsaEncrypt } from '../../src/lib/rsa-signer';
import { randomNonce, signWithPem } from './helpers/api-client';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { redisAvailable, REDIS_URL } from './helpers/test-redis';

const variants = await databaseVariants();
const CLIENT_CONFIG = '/api/system/system_client_config';
const REGISTER = '/api/user/register_type_username';

describe.each(variants)('protocol on $name', (variant) => {
  let t: TestApp;
  /** Moves the server's clock; 0 but in the window test. */
  let shift = 0;
  beforeAll(async () => {
    t = await startTestApp(variant, { overrides: { now: () => Date.now() + shift } });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const userCount = async () => {
    const [row] = await t.app.kestrel.database.db.select({ n: count() }).from(users);
    return row?.n ?? 0;
  };

  it('serves the four public keys as SPKI PEM with caching headers, on both prefixes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v4/public-keys' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    const { keys } = response.json() as { keys: Record<string, string> };
    expect(Object.keys(keys).sort()).toEqual(['android', 'ios', 'mac', 'windows']);
    for (const pem of Object.values(keys)) expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(new Set(Object.values(keys)).size).toBe(4);
    const again = await t.app.inject({
      method: 'GET',
      url: `${API_TEST_PREFIX}/public-keys`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a correctly signed call on /v4/api and on /v4/test/api', async () => {
    for (const prefix of ['/v4', API_TEST_PREFIX]) {
      const { httpStatus, body } = await t.api.call(CLIENT_CONFIG, {}, { prefix });
      expect(httpStatus).toBe(200);
      expect(body).toMatchObject({ code: 200, status: 'ok' });
    }
  });

  it('accepts a signature made by the SPA signer (jsencrypt; its ciphertext may drop leading zero bytes)', async () => {
    const keys = await t.api.publicKeys();
    for (const platform of ['ios', 'android', 'mac', 'windows'] as const) {
      const signature = rsaEncrypt(
        keys[platform],
        JSON.stringify({ nonce: randomNonce(), timestamp: Date.now() }),
      );
      const { body } = await t.api.call(CLIENT_CONFIG, {}, { platform, signature });
      expect(body.code).toBe(200);
    }
  });

  it('refuses a replayed signature, and the replay changes nothing', async () => {
    const signature = await t.api.sign('windows');
    const first = await t.api.call(
      REGISTER,
      { username: 'replay_first', password: 'long-enough-1' },
      { signature },
    );
    expect(first.body.code).toBe(200);
    const before = await userCount();
    const replay = await t.api.call(
      REGISTER,
      { username: 'replay_second', password: 'long-enough-1' },
      { signature },
    );
    expect(replay.httpStatus).toBe(200);
    expect(replay.body).toMatchObject({
      code: Errors.SIGNATURE_REPLAYED.code,
      status: 'SIGNATURE_REPLAYED',
    });
    expect(replay.headers.pragma).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('refuses parallel copies of one signature: exactly one is accepted', async () => {
    const signature = await t.api.sign('mac');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api.call(CLIENT_CONFIG, {}, { platform: 'mac', signature }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === Errors.SIGNATURE_REPLAYED.code)).toHaveLength(9);
  });

  it('refuses stale and future timestamps outside ±300 s and accepts them inside', async () => {
    const window = SIGNATURE_WINDOW_SECONDS * 1000;
    // As on a server that has run longer than the window: without Redis, a signature made before
    // the process started is refused whatever the window says (replay-after-restart.test.ts).
    shift = 2 * window;
    try {
      const serverNow = () => Date.now() + shift;
      for (const offset of [-window - 2000, window + 2000, -10 * window]) {
        const before = await userCount();
        const { httpStatus, body } = await t.api.call(
          REGISTER,
          { username: `stale_${randomBytes(3).toString('hex')}`, password: 'long-enough-1' },
          { timestamp: serverNow() + offset },
        );
        expect(httpStatus).toBe(200);
        expect(body.code).toBe(Errors.SIGNATURE_EXPIRED.code);
        // The server's clock comes with it, so that a client can sign again (the SPA does).
        const { serverTime } = body.data as { serverTime: number };
        expect(Math.abs(serverTime - serverNow())).toBeLessThan(5000);
        expect(await userCount()).toBe(before);
      }
      for (const offset of [-window + 5000, window - 5000]) {
        const { body } = await t.api.call(CLIENT_CONFIG, {}, { timestamp: serverNow() + offset });
        expect(body.code).toBe(200);
      }
    } finally {
      shift = 0;
    }
  });

  it('refuses garbage signatures with SIGNATURE_INVALID, never a 5xx, changing nothing', async () => {
    const keys = await t.api.publicKeys();
    const pem = keys.windows;
    const garbage: unknown[] = [
      undefined,
      '',
      'not base64 !!',
      'abc',
      12345,
      { nonce: 'abcdefgh' },
      ['x'],
      randomBytes(256).toString('base64'),
      randomBytes(255).toString('base64'),
      randomBytes(300).toString('base64'),
      Buffer.alloc(256, 0xff).toString('base64'),
      signWithPem(pem, 'not json'),
      signWithPem(pem, JSON.stringify({ nonce: 'short', timestamp: Date.now() })),
      signWithPem(pem, JSON.stringify({ nonce: 'abcd-fgh', timestamp: Date.now() })),
      signWithPem(pem, JSON.stringify({ nonce: randomNonce(), timestamp: String(Date.now()) })),
      signWithPem(pem, JSON.stringify({ nonce: randomNonce(), timestamp: Date.now() + 0.5 })),
      signWithPem(pem, JSON.stringify({ nonce: randomNonce() })),
      signWithPem(pem, JSON.stringify([randomNonce(), Date.now()])),
      signWithPem(pem, 'null'),
    ];
    const before = await userCount();
    for (const signature of garbage) {
      const { httpStatus, body } = await t.api.call(
        REGISTER,
        { username: `garbage_${randomBytes(3).toString('hex')}`, password: 'long-enough-1' },
        { signature },
      );
      expect(httpStatus, String(signature)).toBe(200);
      expect(body.code, String(signature)).toBe(Errors.SIGNATURE_INVALID.code);
    }
    expect(await userCount()).toBe(before);
  });

  it("refuses a signature made with another platform's key", async () => {
    for (const [sent, signedWith] of [
      ['windows', 'ios'],
      ['ios', 'android'],
      ['mac', 'windows'],
    ] as const) {
      const { body } = await t.api.call(
        CLIENT_CONFIG,
        {},
        { platform: sent, signWith: signedWith },
      );
      expect(body.code).toBe(Errors.SIGNATURE_INVALID.code);
    }
  });

  it('refuses a missing or unknown platform header with PLATFORM_INVALID', async () => {
    for (const platform of ['', 'linux', 'WINDOWS ', 'web']) {
      const signature = await t.api.sign('windows');
      const { body } = await t.api.call(CLIENT_CONFIG, {}, { platform, signature });
      expect(body.code, platform).toBe(
        platform === 'WINDOWS ' ? 200 : Errors.PLATFORM_INVALID.code,
      );
    }
  });

  it('answers in the caller language, defaulting to English', async () => {
    const zh = await t.api.call(CLIENT_CONFIG, {}, { signature: 'garbage', language: 'zh_CN' });
    expect(zh.body.msg).toBe(Errors.SIGNATURE_INVALID.zh_CN);
    const en = await t.api.call(CLIENT_CONFIG, {}, { signature: 'garbage' });
    expect(en.body.msg).toBe(Errors.SIGNATURE_INVALID.en);
  });

  it('caps the body size before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v4${CLIENT_CONFIG}`,
      headers: { platform: 'windows', 'content-type': 'application/json' },
      payload: JSON.stringify({ signature: 'x', pad: 'a'.repeat(MAX_BODY_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: Errors.PAYLOAD_TOO_LARGE.code });
  });

  it('answers malformed JSON with BAD_REQUEST and hides internals', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v4${CLIENT_CONFIG}`,
      headers: { platform: 'windows', 'content-type': 'application/json' },
      payload: '{"signature": ',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { code: number; msg: string };
    expect(body.code).toBe(Errors.BAD_REQUEST.code);
    expect(JSON.stringify(body)).not.toMatch(/at |Error|JSON/);
  });

  it('answers unknown APIs with ENDPOINT_NOT_FOUND, before decrypting', async () => {
    const unknown = await t.api.call('/api/user/user_nothing');
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.body.code).toBe(Errors.ENDPOINT_NOT_FOUND.code);
    const garbage = await t.api.call(
      '/api/payment/payment_nothing',
      {},
      { signature: 'not even a signature' },
    );
    expect(garbage.body.code).toBe(Errors.ENDPOINT_NOT_FOUND.code);
  });

  it('validates params with the contract and answers the first field code', async () => {
    const { body } = await t.api.call(REGISTER, { username: 'ab', password: 'long-enough-1' });
    expect(body.code).toBe(Errors.INVALID_USERNAME.code);
    const short = await t.api.call(REGISTER, { username: 'valid_name', password: 'short' });
    expect(short.body.code).toBe(Errors.PASSWORD_TOO_SHORT.code);
  });

  it('lets CORS callers send the tracking headers and read the pragma header', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: `/v4${CLIENT_CONFIG}`,
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization,platform,language,deviceid,content-type,x-gid,x-bd-vid,x-twclid',
      },
    });
    expect(response.statusCode).toBe(204);
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    for (const name of ['deviceid', 'x-gid', 'x-bd-vid', 'x-twclid'])
      expect(allowed).toContain(name);
    const actual = await t.app.inject({
      method: 'GET',
      url: '/v4/public-keys',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(String(actual.headers['access-control-expose-headers']).toLowerCase()).toContain(
      'pragma',
    );
  });
});

describe.each(variants)('rate limit on $name', (variant) => {
  const t = useTestApp(variant, { env: { RATE_LIMIT_API_PER_MINUTE: '5' } });

  it('limits each IP before any decryption, garbage included', async () => {
    const garbage = [];
    for (let i = 0; i < 5; i += 1)
      garbage.push(await t.api.call(CLIENT_CONFIG, {}, { signature: 'x', ip: '10.0.0.1' }));
    expect(garbage.every((r) => r.body.code === Errors.SIGNATURE_INVALID.code)).toBe(true);
    const limited = await t.api.call(CLIENT_CONFIG, {}, { ip: '10.0.0.1' });
    expect(limited.httpStatus).toBe(429);
    expect(limited.body.code).toBe(Errors.RATE_LIMITED.code);
    const other = await t.api.call(CLIENT_CONFIG, {}, { ip: '10.0.0.2' });
    expect(other.body.code).toBe(200);
  });
});

const redisReady = await redisAvailable();

describe.runIf(redisReady)('replay store and rate limit on Redis (PGlite app)', () => {
  const t = useTestApp(variants[0]!, { env: { REDIS_URL, RATE_LIMIT_API_PER_MINUTE: '50' } });

  it('refuses a replay through Redis and limits per IP there', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const signature = await t.api.sign('ios');
    const first = await t.api.call(CLIENT_CONFIG, {}, { platform: 'ios', signature, ip });
    const replay = await t.api.call(CLIENT_CONFIG, {}, { platform: 'ios', signature, ip });
    expect(first.body.code).toBe(200);
    expect(replay.body.code).toBe(Errors.SIGNATURE_REPLAYED.code);
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => t.api.call(CLIENT_CONFIG, {}, { signature: 'x', ip })),
    );
    expect(burst.filter((r) => r.httpStatus === 429).length).toBeGreaterThanOrEqual(10);
  });
});
