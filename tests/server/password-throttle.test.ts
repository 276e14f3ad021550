/**
 * Password guessing (issue 11, item 3; ASVS 2.2.1): per account and per client, five (thirty)
 * failures are free, then each attempt waits an exponential backoff capped at a minute. Unknown
 * accounts get the same answers at the same moments; a parallel burst cannot slip past the count;
 * a victim waits at most a minute; one account takes at most 100 guesses an hour. The clock is the
 * app's own (`now` override), moved by the test instead of waited out.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { PASSWORD, registerByUsername, uniqueName, type Registered } from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { redisAvailable, REDIS_URL } from './helpers/test-redis';

const [pglite] = await databaseVariants();
const stores = [{ name: 'in-process', env: {} as Record<string, string> }];
if (await redisAvailable()) stores.push({ name: 'Redis', env: { REDIS_URL } });

const LOGIN = '/api/user/user_login';
const THROTTLED = Errors.TOO_MANY_FAILED_ATTEMPTS.code;

describe.each(stores)('password attempts ($name)', ({ env }) => {
  let t: TestApp;
  let offset = 0;
  /** Set while a burst must all arrive at one instant, however slowly this machine serves it. */
  let frozenAt: number | undefined;
  const clock = () => frozenAt ?? Date.now() + offset;
  const advance = (ms: number) => (offset += ms);
  let ipSerial = 0;
  const freshIp = () => `10.3.${Math.floor(ipSerial / 250)}.${(ipSerial++ % 250) + 1}`;

  beforeAll(async () => {
    t = await startTestApp(pglite!, { env, overrides: { now: clock } });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const login = (account: string, password: string, ip: string) =>
    t.api.call<{ retryAfterSeconds?: number }>(
      LOGIN,
      { account, password },
      { ip, timestamp: clock() },
    );

  it('lets five failures through, then backs off, the right password included', async () => {
    const user = await registerByUsername(t.api);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1)
      expect((await login(user.username, 'wrong-password', ip)).body.code).toBe(
        Errors.INVALID_CREDENTIALS.code,
      );
    const throttled = await login(user.username, PASSWORD, ip);
    expect(throttled.body).toMatchObject({ code: THROTTLED, data: { retryAfterSeconds: 1 } });
    expect(throttled.body.msg).toBe('Too many failed attempts. Please wait 1 s and try again.');
    // Another client is refused too: the limit is the account's, not the attacker's IP.
    expect((await login(user.username.toUpperCase(), PASSWORD, freshIp())).body.code).toBe(
      THROTTLED,
    );
    advance(1100);
    expect((await login(user.username, PASSWORD, ip)).body.code).toBe(200);
    // A success forgets the account's failures.
    expect((await login(user.username, 'wrong-password', ip)).body.code).toBe(
      Errors.INVALID_CREDENTIALS.code,
    );
  });

  it('answers an unknown account exactly like a known one', async () => {
    const known: Registered = await registerByUsername(t.api);
    const unknown = uniqueName('nobody');
    const answers = async (account: string) => {
      const ip = freshIp();
      const codes: unknown[] = [];
      for (let i = 0; i < 7; i += 1) {
        const { body } = await login(account, 'wrong-password', ip);
        codes.push([body.code, body.data]);
      }
      return codes;
    };
    expect(await answers(unknown)).toEqual(await answers(known.username));
  });

  it('counts a parallel burst: five guesses get through, the rest wait', async () => {
    const user = await registerByUsername(t.api);
    const ip = freshIp();
    // The account is looked up before it is counted: on a busy machine 20 lookups can take longer
    // than the first backoff (1 s), which would rightly let a 6th guess through.
    frozenAt = clock();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => login(user.username, 'wrong-password', ip)),
    ).finally(() => (frozenAt = undefined));
    const codes = burst.map((r) => r.body.code);
    expect(codes.filter((c) => c === Errors.INVALID_CREDENTIALS.code)).toHaveLength(5);
    expect(codes.filter((c) => c === THROTTLED)).toHaveLength(15);
  });

  it('limits one client across many accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1)
      expect((await login(uniqueName('spray'), 'wrong-password', ip)).body.code).toBe(
        Errors.INVALID_CREDENTIALS.code,
      );
    expect((await login(uniqueName('spray'), 'wrong-password', ip)).body.code).toBe(THROTTLED);
    expect((await login(uniqueName('spray'), 'wrong-password', freshIp())).body.code).toBe(
      Errors.INVALID_CREDENTIALS.code,
    );
  });

  it('limits guessing the password that confirms an account deletion', async () => {
    const user = await registerByUsername(t.api);
    const ip = freshIp();
    const remove = (password: string) =>
      t.api.call(
        '/api/user/user_delete_account',
        { confirm: true, password },
        { token: user.token, ip, timestamp: clock() },
      );
    for (let i = 0; i < 5; i += 1)
      expect((await remove(`wrong-${randomBytes(3).toString('hex')}`)).body.code).toBe(
        Errors.PASSWORD_INCORRECT.code,
      );
    expect((await remove(PASSWORD)).body.code).toBe(THROTTLED);
    advance(1100);
    expect((await remove(PASSWORD)).body.code).toBe(200);
  });
  // Last: it moves the app's clock an hour ahead, past what the other tests' clients sign with.
  it('makes a victim wait at most a minute, and an attacker take under 100 guesses an hour', async () => {
    const victim = await registerByUsername(t.api);
    const attackerIps = Array.from({ length: 8 }, freshIp);
    const start = clock();
    let guesses = 0;
    let longestWait = 0;
    for (let i = 0; clock() - start < 3_600_000; i += 1) {
      const { body } = await login(victim.username, `guess-${i}`, attackerIps[i % 8]!);
      if (body.code === THROTTLED) {
        const wait = (body.data.retryAfterSeconds ?? 0) * 1000;
        longestWait = Math.max(longestWait, wait);
        advance(wait);
      } else {
        expect(body.code).toBe(Errors.INVALID_CREDENTIALS.code);
        guesses += 1;
      }
    }
    expect(guesses).toBeLessThanOrEqual(100);
    expect(longestWait).toBeLessThanOrEqual(60_000);
    // Right after an attacker's guess, the victim waits no more than a minute.
    for (;;) {
      const { body } = await login(victim.username, 'one-more-guess', attackerIps[0]!);
      if (body.code !== THROTTLED) break;
      advance((body.data.retryAfterSeconds ?? 0) * 1000);
    }
    const blocked = await login(victim.username, PASSWORD, freshIp());
    expect(blocked.body.code).toBe(THROTTLED);
    expect(blocked.body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    advance(60_000);
    expect((await login(victim.username, PASSWORD, freshIp())).body.code).toBe(200);
  }, 240_000);
});
