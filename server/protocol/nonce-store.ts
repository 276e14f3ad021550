/**
 * Remembers every accepted signature until its timestamp leaves the window, so a replay is refused.
 * `claim` is an atomic set-if-absent: of two requests carrying the same nonce, exactly one wins.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';

export interface NonceStore {
  /**
   * True when the key was unseen (and is now recorded for ttlSeconds); false for a replay;
   * 'before-fence' when the signature (made at `timestamp`) predates what the store remembers.
   */
  claim(key: string, ttlSeconds: number, timestamp?: number): Promise<boolean | 'before-fence'>;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 30_000;

/**
 * The in-process store (no REDIS_URL: the default embedded start) lives with the process, so on its
 * own a signature accepted before a restart could be used again inside its 300 s window (issue 19,
 * item 8). Two things close that without a write per call:
 * - its fence is the moment the process started: a signature made before it is refused as expired
 *   ('before-fence'), whatever its nonce. A client whose clock is behind the server's is told so
 *   once and signs again with the server's time (SIGNATURE_EXPIRED carries `serverTime`; the SPA
 *   does, src/lib/api-client.ts);
 * - with `file`, a stop (close) writes the nonces still inside their window there and the next
 *   start reads and removes it: a signature dated after the restart by a client whose clock runs
 *   fast is remembered too. A crash writes nothing; then only the fence holds. docs/protocol.md.
 */
export function createMemoryNonceStore(
  now: () => number = Date.now,
  options: { file?: string } = {},
): NonceStore {
  const fence = now();
  const expiries = new Map<string, number>(options.file ? readKept(options.file, fence) : []);
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, expiresAt] of expiries) if (expiresAt <= t) expiries.delete(key);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    claim(key, ttlSeconds, timestamp) {
      if (timestamp !== undefined && timestamp < fence) return Promise.resolve('before-fence');
      const t = now();
      const expiresAt = expiries.get(key);
      if (expiresAt !== undefined && expiresAt > t) return Promise.resolve(false);
      expiries.set(key, t + ttlSeconds * 1000);
      return Promise.resolve(true);
    },
    close() {
      clearInterval(sweep);
      if (options.file) keep(options.file, expiries, now());
      expiries.clear();
      return Promise.resolve();
    },
  };
}

/** The nonces a previous process kept (still inside their window), and the file gone. */
function readKept(file: string, t: number): [string, number][] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
    rmSync(file, { force: true });
  } catch {
    return [];
  }
  try {
    const entries = JSON.parse(text) as unknown;
    if (!Array.isArray(entries)) return [];
    return entries.filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) &&
        typeof entry[0] === 'string' &&
        typeof entry[1] === 'number' &&
        entry[1] > t,
    );
  } catch {
    return [];
  }
}

function keep(file: string, expiries: ReadonlyMap<string, number>, t: number): void {
  const live = [...expiries].filter(([, expiresAt]) => expiresAt > t);
  if (live.length === 0) return;
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(live), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // A read-only or vanished DATA_DIR: the fence still refuses what was signed before the restart.
  }
}

/**
 * The replay window survives a Redis restart (issue 11, item 6). A fence key holds the oldest
 * signature timestamp whose nonces Redis still remembers. It is set when the store starts (to "now
 * minus the window", which refuses nothing); if Redis loses its data (a restart without persistence,
 * a flush, an eviction), the fence is gone, the next claim sets it to now, and every signature made
 * before that moment is refused as expired: none can be replayed, and clients simply sign again.
 * With Redis persistence (AOF) nothing is lost and the fence never moves.
 */
const CLAIM_SCRIPT = `
local fence = redis.call('GET', KEYS[2])
if not fence then
  redis.call('SET', KEYS[2], ARGV[3])
  fence = ARGV[3]
end
if tonumber(ARGV[2]) < tonumber(fence) then return -1 end
if redis.call('SET', KEYS[1], '1', 'EX', ARGV[1], 'NX') then return 1 end
return 0`;

export function createRedisNonceStore(
  redis: Redis,
  prefix = 'nonce:',
  options: { now?: () => number; windowMs?: number } = {},
): NonceStore {
  const now = options.now ?? Date.now;
  const fenceKey = `${prefix}fence`;
  // Where the fence starts: refuses nothing a client could still send.
  const started = redis
    .set(fenceKey, String(now() - (options.windowMs ?? 300_000)), 'NX')
    .catch(() => undefined);
  return {
    async claim(key, ttlSeconds, timestamp) {
      await started;
      const result = await redis.eval(
        CLAIM_SCRIPT,
        2,
        `${prefix}${key}`,
        fenceKey,
        Math.max(1, Math.ceil(ttlSeconds)),
        timestamp ?? now(),
        now(),
      );
      if (result === -1) return 'before-fence';
      return result === 1;
    },
    async close() {
      // The Redis connection belongs to the app, which closes it.
    },
  };
}
