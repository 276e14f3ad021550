/**
 * Redis going away (issue 11, item 6): every API call answers INTERNAL at once instead of waiting
 * about 10 s in ioredis' offline queue, the rate limit keeps counting in-process, and calls work
 * again when Redis is back. A Redis that lost its data (restart without persistence) cannot be used
 * to replay a signature made before the loss: the nonce fence refuses it as expired.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { redisAvailable, REDIS_URL } from './helpers/test-redis';

const [pglite] = await databaseVariants();
const withRedis = await redisAvailable();
const CONFIG = '/api/system/system_client_config';

/** A TCP relay to the real Redis that the test can cut and restore. */
async function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
  };
}

describe.runIf(withRedis)('Redis outage', () => {
  let t: TestApp;
  let link: Awaited<ReturnType<typeof relay>>;
  beforeAll(async () => {
    link = await relay(new URL(REDIS_URL));
    t = await startTestApp(pglite!, {
      env: { REDIS_URL: link.url(), RATE_LIMIT_API_PER_MINUTE: '40' },
    });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await link?.cut().catch(() => undefined);
  });

  it('answers INTERNAL at once while Redis is gone, keeps limiting, and recovers', async () => {
    expect((await t.api.call(CONFIG)).body.code).toBe(200);
    await link.cut();
    const started = Date.now();
    const down = await Promise.all(Array.from({ length: 10 }, () => t.api.call(CONFIG)));
    // Before: about 10 s each. Now: the command fails at once (under a second or two on a busy runner).
    expect(Date.now() - started).toBeLessThan(3000);
    for (const { httpStatus, body } of down) {
      expect(httpStatus).toBe(500);
      expect(body.code).toBe(Errors.INTERNAL.code);
    }
    // The per-client limit still holds, counted in-process.
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => t.api.call(CONFIG, {}, { signature: 'x' })),
    );
    expect(burst.some((r) => r.httpStatus === 429)).toBe(true);
    await link.restore();
    let back = await t.api.call(CONFIG, {}, { ip: '10.5.0.1' });
    for (let i = 0; i < 50 && back.body.code !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await t.api.call(CONFIG, {}, { ip: '10.5.0.1' });
    }
    expect(back.body.code).toBe(200);
  }, 60_000);

  it('refuses a signature made before Redis lost its nonces, accepts a new one', async () => {
    const signature = await t.api.sign('ios');
    const prefix = t.app.kestrel.config.redisKeyPrefix;
    // Redis restarted without persistence: every key of this app is gone.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    const replayed = await t.api.call(CONFIG, {}, { platform: 'ios', signature, ip: '10.5.0.2' });
    expect(replayed.body.code).toBe(Errors.SIGNATURE_EXPIRED.code);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await t.api.call(CONFIG, {}, { platform: 'ios', ip: '10.5.0.2' });
    expect(fresh.body.code).toBe(200);
  });
});
