/**
 * Password guessing limits (issue 11, item 3; ASVS 2.2.1). Every password check (login, the
 * password that confirms an account deletion) first passes `begin()` with the keys it counts
 * against: the account as typed (normalised, hashed: the same whether or not it exists, so the
 * limit reveals nothing) and the client (IPv4 address or IPv6 /64). An attempt counts as a failure
 * from the moment it starts, so a burst of parallel guesses cannot slip past the count; a success
 * then clears the account's count and takes the attempt back from the client's.
 *
 * Per key, the first `free` failures (within `windowMs` of the last one) are free; after that each
 * attempt must wait 1, 2, 4, ... seconds after the previous one, at most `capMs`. Defaults: 5 per
 * account and 30 per client, capped at 60 s, forgotten 15 minutes after the last failure. So one
 * account takes at most about 70 guesses an hour (ASVS: at most 100), and a victim whose account is
 * under attack waits at most a minute after the attacker's last try, never a lockout.
 * A refused attempt is not counted and costs no password hash.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { fail } from '../protocol/api-error';
import { clientKey } from '../protocol/rate-limit';

export interface ThrottleRule {
  /** Failures allowed before the backoff starts. */
  readonly free: number;
  /** The longest wait between two attempts. */
  readonly capMs: number;
  /** A key's failures are forgotten this long after its last one. */
  readonly windowMs: number;
}

export interface ThrottledKey {
  readonly key: string;
  readonly rule: ThrottleRule;
}

export type BeginResult =
  { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

/** Where failure counts live: in-process, or Redis (shared by every process). */
export interface AttemptStore {
  /** Refuses when any key is inside its backoff; otherwise counts one failure against every key. */
  begin(keys: readonly ThrottledKey[], nowMs: number): Promise<BeginResult>;
  /** The attempt succeeded: `reset` keys forget their failures, `uncount` keys lose this one. */
  succeeded(reset: readonly string[], uncount: readonly string[]): Promise<void>;
}

/** The wait a key with `failures` failures imposes after its last one. */
export function backoffMs(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  return Math.min(1000 * 2 ** (failures - rule.free), rule.capMs);
}

interface Entry {
  failures: number;
  lastAt: number;
  expiresAt: number;
}

export function createMemoryAttemptStore(maxKeys = 200_000): AttemptStore {
  const entries = new Map<string, Entry>();
  const live = (key: string, nowMs: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= nowMs) entries.delete(key);
    return entry && entry.expiresAt > nowMs ? entry : undefined;
  };
  return {
    begin(keys, nowMs) {
      let retryAfterMs = 0;
      for (const { key, rule } of keys) {
        const entry = live(key, nowMs);
        if (entry) {
          const wait = backoffMs(entry.failures, rule) - (nowMs - entry.lastAt);
          retryAfterMs = Math.max(retryAfterMs, wait);
        }
      }
      if (retryAfterMs > 0) return Promise.resolve({ ok: false, retryAfterMs });
      for (const { key, rule } of keys) {
        const entry = live(key, nowMs);
        if (!entry && entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
        entries.set(key, {
          failures: (entry?.failures ?? 0) + 1,
          lastAt: nowMs,
          expiresAt: nowMs + rule.windowMs,
        });
      }
      return Promise.resolve({ ok: true });
    },
    succeeded(reset, uncount) {
      for (const key of reset) entries.delete(key);
      for (const key of uncount) {
        const entry = entries.get(key);
        if (entry) entry.failures = Math.max(0, entry.failures - 1);
      }
      return Promise.resolve();
    },
  };
}

// KEYS: the keys; ARGV: now, then free, capMs, windowMs per key.
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local free = tonumber(ARGV[i * 3 - 1])
  local cap = tonumber(ARGV[i * 3])
  local state = redis.call('HMGET', key, 'f', 't')
  local failures = tonumber(state[1] or '0')
  if failures >= free then
    local backoff = math.min(1000 * 2 ^ (failures - free), cap)
    wait = math.max(wait, backoff - (now - tonumber(state[2] or '0')))
  end
end
if wait > 0 then return math.ceil(wait) end
for i, key in ipairs(KEYS) do
  redis.call('HINCRBY', key, 'f', 1)
  redis.call('HSET', key, 't', now)
  redis.call('PEXPIRE', key, tonumber(ARGV[i * 3 + 1]))
end
return 0`;

const UNCOUNT_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('HGET', key, 'f') or '0') > 0 then redis.call('HINCRBY', key, 'f', -1) end
end
return 0`;

export function createRedisAttemptStore(redis: Redis, prefix: string): AttemptStore {
  return {
    async begin(keys, nowMs) {
      const args = keys.flatMap(({ rule }) => [rule.free, rule.capMs, rule.windowMs]);
      const wait = (await redis.eval(
        BEGIN_SCRIPT,
        keys.length,
        ...keys.map(({ key }) => `${prefix}${key}`),
        nowMs,
        ...args,
      )) as number;
      return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
    },
    async succeeded(reset, uncount) {
      if (reset.length > 0) await redis.del(...reset.map((key) => `${prefix}${key}`));
      if (uncount.length > 0)
        await redis.eval(UNCOUNT_SCRIPT, uncount.length, ...uncount.map((k) => `${prefix}${k}`));
    },
  };
}

export const ACCOUNT_RULE: ThrottleRule = { free: 5, capMs: 60_000, windowMs: 15 * 60_000 };
export const CLIENT_RULE: ThrottleRule = { free: 30, capMs: 60_000, windowMs: 15 * 60_000 };

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

export interface PasswordAttempt {
  /** The password was right: the account's failures are forgotten. */
  succeeded(): Promise<void>;
}

export interface PasswordThrottle {
  /**
   * Counts an attempt at `subject`'s password from `ip`, or throws TOO_MANY_FAILED_ATTEMPTS (with
   * `retryAfterSeconds`) while the subject or the client is in its backoff. `subject` names what is
   * guessed, e.g. `login:<account as typed>` or `delete:<user id>`.
   */
  begin(subject: string, ip: string): Promise<PasswordAttempt>;
}

export function createPasswordThrottle(
  store: AttemptStore,
  now: () => number = Date.now,
  rules: { account: ThrottleRule; client: ThrottleRule } = {
    account: ACCOUNT_RULE,
    client: CLIENT_RULE,
  },
): PasswordThrottle {
  return {
    async begin(subject, ip) {
      const account = `pw:${digest(subject.trim().toLowerCase())}`;
      const client = `pw-ip:${clientKey(ip)}`;
      const result = await store.begin(
        [
          { key: account, rule: rules.account },
          { key: client, rule: rules.client },
        ],
        now(),
      );
      if (!result.ok)
        throw fail('TOO_MANY_FAILED_ATTEMPTS', {
          retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)),
        });
      return { succeeded: () => store.succeeded([account], [client]) };
    },
  };
}
