/**
 * Health and readiness (issue 23; server/web/health-routes.ts): /healthz while the process answers,
 * /readyz when it should get traffic (database and Redis answer, started, not draining), and a drain
 * that keeps answering requests, including the ones in flight when the listener closes.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../../server/db/database';
import { registerHealthRoutes } from '../../server/web/health-routes';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('health and readiness on $name', (variant) => {
  const t = useTestApp(variant);

  it('/healthz answers while the process lives; /readyz names the database and Redis', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      started: true,
      draining: false,
      database: 'ok',
      redis: 'off',
    });
  });
});

describe('readiness faults and draining', () => {
  const answering = { execute: async () => ({ rows: [] }) } as unknown as Db;
  const build = async (db: Db, redis?: Redis) => {
    const app = Fastify();
    registerHealthRoutes(app, { db, redis, timeoutMs: 100 });
    let release: () => void = () => undefined;
    let entered = false;
    const slowDone = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      entered = true;
      await slowDone;
      return { done: true };
    });
    await app.ready();
    return { app, release, entered: () => entered };
  };

  it('a database that fails or does not answer within the timeout: 503, and says which', async () => {
    const failing = { execute: () => Promise.reject(new Error('ECONNREFUSED')) } as unknown as Db;
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Db;
    for (const db of [failing, hanging]) {
      const { app } = await build(db);
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'not ready', database: 'failed' });
      // The process itself lives.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await app.close();
    }
  });

  it('a Redis that does not answer: 503 with redis failed', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const { app } = await build(answering, redis);
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ database: 'ok', redis: 'failed' });
    await app.close();
    redis.disconnect();
  });

  it('draining: /readyz 503 while requests are answered, and a request in flight at close finishes', async () => {
    const { app, release, entered } = await build(answering);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    const inFlight = fetch(`${origin}/slow`);
    await expect.poll(entered).toBe(true);
    app.readiness.drain();
    const draining = await fetch(`${origin}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'not ready', draining: true });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const closed = app.close();
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    await closed;
  });
});
