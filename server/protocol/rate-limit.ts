/**
 * The API's rate limit (issue 11, item 2): ONE counter per client across the whole API, both
 * prefixes and every path under them (unknown ones and the public keys included), counted in the
 * `onRequest` hook, before the body is read and before any RSA work. With `REDIS_URL` the counter
 * lives in Redis, shared by every process; while Redis does not answer, each process counts on its
 * own rather than letting everything through. IPv4 clients are counted per address, IPv6 clients per
 * /64 (one subscriber line gets a whole /64, and would otherwise have 2^64 addresses to rotate).
 */
import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { API_VERSION_PREFIX } from '../../contract';
import { fail } from './api-error';

export interface WindowHit {
  /** Hits of this key in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends and the count starts again. */
  readonly resetMs: number;
}

/** Fixed-window counters; one in memory answers at once, one in Redis with a promise. */
export interface WindowCounter {
  hit(key: string, windowMs: number): WindowHit | Promise<WindowHit>;
}

const SWEEP_INTERVAL_MS = 30_000;

/** In-process counters; at most `maxKeys` windows are held (the oldest go first when full). */
export function createMemoryWindowCounter(
  now: () => number = Date.now,
  maxKeys = 200_000,
): WindowCounter & { close(): void } {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.endsAt <= t) windows.delete(key);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    hit(key, windowMs) {
      const t = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= t) {
        if (!window && windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        window = { count: 0, endsAt: t + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetMs: window.endsAt - t };
    },
    close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Counters in Redis, under `prefix` (one atomic script per hit). */
export function createRedisWindowCounter(redis: Redis, prefix: string): WindowCounter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, windowMs)) as [
        number,
        number,
      ];
      return { count, resetMs: ttl };
    },
  };
}

/** Uses `primary`; when it fails (Redis down), `fallback` counts instead, and `onError` hears why. */
export function withFallback(
  primary: WindowCounter,
  fallback: WindowCounter,
  onError: (error: unknown) => void,
): WindowCounter {
  return {
    async hit(key, windowMs) {
      try {
        return await primary.hit(key, windowMs);
      } catch (error) {
        onError(error);
        return fallback.hit(key, windowMs);
      }
    },
  };
}

/** The client a limit counts: the IPv4 address, or the /64 of an IPv6 one. */
export function clientKey(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && !ip.slice(7).includes(':') ? ip.slice(7) : ip;
  if (!isIPv6(v4)) return v4;
  const [head = '', tail = ''] = v4.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = v4.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const MINUTE_MS = 60_000;

/** Counts every request under `/v4/` against one limit per client and minute. */
export function registerApiRateLimit(
  app: FastifyInstance,
  options: { readonly counter: WindowCounter; readonly perMinute: number },
): void {
  const { counter, perMinute } = options;
  const prefix = `${API_VERSION_PREFIX}/`;
  const apply = (hit: WindowHit, reply: FastifyReply, done: (error?: Error) => void) => {
    const { count, resetMs } = hit;
    reply
      .header('x-ratelimit-limit', perMinute)
      .header('x-ratelimit-remaining', Math.max(0, perMinute - count))
      .header('x-ratelimit-reset', Math.ceil(resetMs / 1000));
    if (count > perMinute) {
      reply.header('retry-after', Math.ceil(resetMs / 1000));
      done(fail('RATE_LIMITED'));
      return;
    }
    done();
  };
  // A callback hook: the in-memory counter answers without a promise (a signed call's every µs
  // counts, docs/performance.md); Redis's answer is awaited.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(prefix)) {
      done();
      return;
    }
    let hit: WindowHit | Promise<WindowHit>;
    try {
      hit = counter.hit(`api:${clientKey(request.ip)}`, MINUTE_MS);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (hit instanceof Promise) hit.then((h) => apply(h, reply, done), done);
    else apply(hit, reply, done);
  });
}
