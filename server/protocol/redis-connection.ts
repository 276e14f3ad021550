/**
 * The Redis connection (nonces, rate limits, password-attempt counts), set to fail fast: while
 * Redis is unreachable a command fails at once instead of waiting in ioredis' offline queue (the
 * audit measured about 10 s per call before a 500), and a command Redis does not answer within
 * `REDIS_COMMAND_TIMEOUT_MS` fails too. Reconnection goes on in the background.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export function connectRedis(
  url: string,
  options: { readonly commandTimeoutMs: number; readonly log: FastifyBaseLogger },
): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: options.commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
  });
  let lastReport = 0;
  redis.on('error', (error: Error) => {
    // One line per 10 s while it is down, not one per reconnection attempt.
    if (Date.now() - lastReport < 10_000) return;
    lastReport = Date.now();
    options.log.warn(
      { err: error },
      'Redis unreachable; API calls answer INTERNAL until it is back',
    );
  });
  return redis;
}

/** Resolves once connected, or after `timeoutMs` (the server then starts and fails calls fast). */
export function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
