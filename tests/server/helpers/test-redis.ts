/** The local Redis (127.0.0.1:6379) for the Redis variants; same start/skip rule as PostgreSQL. */
import { execSync } from 'node:child_process';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function ping(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

let available: Promise<boolean> | undefined;

export function redisAvailable(): Promise<boolean> {
  available ??= (async () => {
    if (await ping()) return true;
    try {
      execSync(
        'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
        { stdio: 'ignore', timeout: 15_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    } catch {
      // Not startable here; reported below.
    }
    if (await ping()) return true;
    if (process.env.CI === 'true')
      throw new Error(`Redis is required in CI but unreachable at ${REDIS_URL}`);
    console.warn(
      `\n!!!!!!!!\n!! Redis unreachable at ${REDIS_URL}: SKIPPING the Redis variants.\n!!!!!!!!\n`,
    );
    return false;
  })();
  return available;
}
