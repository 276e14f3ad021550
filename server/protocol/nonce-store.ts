/**
 * Remembers every accepted signature until its timestamp leaves the window, so a replay is refused.
 * `claim` is an atomic set-if-absent: of two requests carrying the same nonce, exactly one wins.
 */
import { Redis } from 'ioredis';

export interface NonceStore {
  /** True when the key was unseen (and is now recorded for ttlSeconds); false for a replay. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 30_000;

export function createMemoryNonceStore(now: () => number = Date.now): NonceStore {
  const expiries = new Map<string, number>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, expiresAt] of expiries) if (expiresAt <= t) expiries.delete(key);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    claim(key, ttlSeconds) {
      const t = now();
      const expiresAt = expiries.get(key);
      if (expiresAt !== undefined && expiresAt > t) return Promise.resolve(false);
      expiries.set(key, t + ttlSeconds * 1000);
      return Promise.resolve(true);
    },
    close() {
      clearInterval(sweep);
      expiries.clear();
      return Promise.resolve();
    },
  };
}

export function createRedisNonceStore(redis: Redis, prefix = 'nonce:'): NonceStore {
  return {
    async claim(key, ttlSeconds) {
      const result = await redis.set(
        `${prefix}${key}`,
        '1',
        'EX',
        Math.max(1, Math.ceil(ttlSeconds)),
        'NX',
      );
      return result === 'OK';
    },
    async close() {
      // The Redis connection belongs to the app, which closes it.
    },
  };
}
