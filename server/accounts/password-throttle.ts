/**
 * Password guessing limits (issue 11 item 3, issue 19 item 3; ASVS 2.2.1; OWASP's device cookies).
 * Every password check first passes the throttle with the keys it counts against.
 *
 * Login: an attempt presenting a valid device token for the account (server/accounts/device-token.ts:
 * that browser signed in before) is judged only by that device's own count. Every other attempt
 * counts against the account's shared "untrusted" count (keyed by the user id, so username, e-mail
 * and phone are one account; an unknown identifier is keyed by itself, normalised, and answers the
 * same) and against the client (IPv4 address or IPv6 /64). So an attacker who keeps failing slows
 * the untrusted pool down, never the owner's own devices.
 *
 * Per key, the first `free` failures (within `windowMs` of the last one) are free; after that each
 * attempt must wait 1, 2, 4, ... seconds after the previous one, at most `capMs`. Untrusted and
 * client keys count an attempt as a failure from the moment it starts (a parallel burst cannot slip
 * past) and take it back on success. A device key counts failures when they happen and admits at
 * most `parallel` attempts at once while under `free` failures, one at a time after: the owner's
 * parallel sign-ins all pass, and a stolen device token buys one burst, then the same pace.
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
  /** The first wait once the free failures are spent; it doubles with each failure after. */
  readonly firstWaitMs: number;
}

/** A device key: failures counted as they happen, at most `parallel` attempts in flight. */
export interface DeviceRule extends ThrottleRule {
  readonly parallel: number;
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
  /** Refuses while the device is in its backoff or has too many attempts in flight; else admits one. */
  beginDevice(key: string, rule: DeviceRule, nowMs: number): Promise<BeginResult>;
  /** The device's attempt ended: a failure is counted, a success forgets the device's failures. */
  endDevice(key: string, rule: DeviceRule, failed: boolean, nowMs: number): Promise<void>;
}

/**
 * An attempt in flight is forgotten this long after it started even if its end was never recorded
 * (a process that died mid-attempt): an argon2 verify takes well under a second.
 */
export const IN_FLIGHT_TTL_MS = 30_000;

/** The wait before the next device attempt, or 0 to admit it. */
function deviceWait(
  entry: { failures: number; lastAt: number; pending: number },
  rule: DeviceRule,
  nowMs: number,
): number {
  if (entry.failures < rule.free) return entry.pending >= rule.parallel ? 1000 : 0;
  const wait = backoffMs(entry.failures, rule) - (nowMs - entry.lastAt);
  if (wait > 0) return wait;
  return entry.pending > 0 ? 1000 : 0;
}

/** The wait a key with `failures` failures imposes after its last one. */
export function backoffMs(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.firstWaitMs * 2 ** (failures - rule.free), rule.capMs);
}

interface Entry {
  failures: number;
  lastAt: number;
  expiresAt: number;
  pending: number;
  pendingUntil: number;
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
          pending: 0,
          pendingUntil: 0,
        });
      }
      return Promise.resolve({ ok: true });
    },
    beginDevice(key, rule, nowMs) {
      const entry = live(key, nowMs) ?? {
        failures: 0,
        lastAt: 0,
        expiresAt: 0,
        pending: 0,
        pendingUntil: 0,
      };
      if (entry.pendingUntil <= nowMs) entry.pending = 0;
      const wait = deviceWait(entry, rule, nowMs);
      if (wait > 0) return Promise.resolve({ ok: false, retryAfterMs: wait });
      if (!entries.has(key) && entries.size >= maxKeys)
        entries.delete(entries.keys().next().value!);
      entry.pending += 1;
      entry.pendingUntil = nowMs + IN_FLIGHT_TTL_MS;
      entry.expiresAt = Math.max(entry.expiresAt, nowMs + rule.windowMs);
      entries.set(key, entry);
      return Promise.resolve({ ok: true });
    },
    endDevice(key, rule, failed, nowMs) {
      const entry = live(key, nowMs);
      if (entry) entry.pending = Math.max(0, entry.pending - 1);
      if (!failed) {
        if (entry) entry.failures = 0;
        return Promise.resolve();
      }
      const next = entry ?? { failures: 0, lastAt: 0, expiresAt: 0, pending: 0, pendingUntil: 0 };
      next.failures += 1;
      next.lastAt = nowMs;
      next.expiresAt = nowMs + rule.windowMs;
      entries.set(key, next);
      return Promise.resolve();
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

// KEYS: the keys; ARGV: now, then free, capMs, windowMs, firstWaitMs per key.
const BEGIN_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local free = tonumber(ARGV[i * 4 - 2])
  local cap = tonumber(ARGV[i * 4 - 1])
  local first = tonumber(ARGV[i * 4 + 1])
  local state = redis.call('HMGET', key, 'f', 't')
  local failures = tonumber(state[1] or '0')
  if failures >= free then
    local backoff = math.min(first * 2 ^ (failures - free), cap)
    wait = math.max(wait, backoff - (now - tonumber(state[2] or '0')))
  end
end
if wait > 0 then return math.ceil(wait) end
for i, key in ipairs(KEYS) do
  redis.call('HINCRBY', key, 'f', 1)
  redis.call('HSET', key, 't', now)
  redis.call('PEXPIRE', key, tonumber(ARGV[i * 4]))
end
return 0`;

const UNCOUNT_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('HGET', key, 'f') or '0') > 0 then redis.call('HINCRBY', key, 'f', -1) end
end
return 0`;

// KEYS: the device's failures (hash f, t) and its attempts in flight; ARGV: now, free, capMs,
// parallel, in-flight TTL, firstWaitMs. Mirrors deviceWait().
const BEGIN_DEVICE_SCRIPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'f', 't')
local failures = tonumber(state[1] or '0')
local pending = tonumber(redis.call('GET', KEYS[2]) or '0')
local wait = 0
if failures < free then
  if pending >= tonumber(ARGV[4]) then wait = 1000 end
else
  wait = math.min(tonumber(ARGV[6]) * 2 ^ (failures - free), tonumber(ARGV[3])) - (now - tonumber(state[2] or '0'))
  if wait <= 0 and pending > 0 then wait = 1000 end
end
if wait > 0 then return math.ceil(wait) end
redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[5]))
return 0`;

// KEYS: as above; ARGV: 1 when the attempt failed, now, windowMs.
const END_DEVICE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
if ARGV[1] == '1' then
  redis.call('HINCRBY', KEYS[1], 'f', 1)
  redis.call('HSET', KEYS[1], 't', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
else
  redis.call('DEL', KEYS[1])
end
return 0`;

export function createRedisAttemptStore(redis: Redis, prefix: string): AttemptStore {
  return {
    async begin(keys, nowMs) {
      const args = keys.flatMap(({ rule }) => [
        rule.free,
        rule.capMs,
        rule.windowMs,
        rule.firstWaitMs,
      ]);
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
    async beginDevice(key, rule, nowMs) {
      const wait = (await redis.eval(
        BEGIN_DEVICE_SCRIPT,
        2,
        `${prefix}${key}`,
        `${prefix}${key}:in-flight`,
        nowMs,
        rule.free,
        rule.capMs,
        rule.parallel,
        IN_FLIGHT_TTL_MS,
        rule.firstWaitMs,
      )) as number;
      return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
    },
    async endDevice(key, rule, failed, nowMs) {
      await redis.eval(
        END_DEVICE_SCRIPT,
        2,
        `${prefix}${key}`,
        `${prefix}${key}:in-flight`,
        failed ? 1 : 0,
        nowMs,
        rule.windowMs,
      );
    },
  };
}

export const ACCOUNT_RULE: ThrottleRule = {
  free: 5,
  capMs: 60_000,
  windowMs: 15 * 60_000,
  firstWaitMs: 1_000,
};
export const CLIENT_RULE: ThrottleRule = { ...ACCOUNT_RULE, free: 30 };
/** A device that signed in before: the account's pace, and up to 20 sign-ins at once. */
export const DEVICE_RULE: DeviceRule = { ...ACCOUNT_RULE, parallel: 20 };

export interface ThrottleRules {
  readonly account: ThrottleRule;
  readonly client: ThrottleRule;
  readonly device: DeviceRule;
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

export interface PasswordAttempt {
  /** The password was right: the failures of what was counted are forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong (a device's failure is counted now; the others already were). */
  failed(): Promise<void>;
}

export interface LoginAttempt {
  /**
   * What the password is tried on: `user:<id>` for a known account, whatever identifier was typed
   * (normalised) for an unknown one. Hashed before it becomes a key.
   */
  readonly account: string;
  /** The device id of a valid device token for this account, if one came with the attempt. */
  readonly trustedDevice?: string;
  readonly ip: string;
}

export interface PasswordThrottle {
  /**
   * Counts an attempt at `subject`'s password from `ip`, or throws TOO_MANY_FAILED_ATTEMPTS (with
   * `retryAfterSeconds`) while the subject or the client is in its backoff. `subject` names what is
   * guessed, e.g. `delete:<user id>`.
   */
  begin(subject: string, ip: string): Promise<PasswordAttempt>;
  /** A login attempt: judged by its trusted device's count, else by the account's and the client's. */
  beginLogin(attempt: LoginAttempt): Promise<PasswordAttempt>;
}

function refused(retryAfterMs: number): never {
  throw fail('TOO_MANY_FAILED_ATTEMPTS', {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

export function createPasswordThrottle(
  store: AttemptStore,
  now: () => number = Date.now,
  rules: ThrottleRules = { account: ACCOUNT_RULE, client: CLIENT_RULE, device: DEVICE_RULE },
): PasswordThrottle {
  async function counted(subject: string, ip: string): Promise<PasswordAttempt> {
    const account = `pw:${digest(subject)}`;
    const client = `pw-ip:${clientKey(ip)}`;
    const result = await store.begin(
      [
        { key: account, rule: rules.account },
        { key: client, rule: rules.client },
      ],
      now(),
    );
    if (!result.ok) refused(result.retryAfterMs);
    return {
      succeeded: () => store.succeeded([account], [client]),
      failed: () => Promise.resolve(),
    };
  }

  return {
    begin: (subject, ip) => counted(subject.trim().toLowerCase(), ip),
    async beginLogin({ account, trustedDevice, ip }) {
      if (trustedDevice === undefined) return counted(`login:${account}`, ip);
      const device = `pw-dev:${digest(`${account}:${trustedDevice}`)}`;
      const result = await store.beginDevice(device, rules.device, now());
      if (!result.ok) refused(result.retryAfterMs);
      return {
        succeeded: () => store.endDevice(device, rules.device, false, now()),
        failed: () => store.endDevice(device, rules.device, true, now()),
      };
    },
  };
}
