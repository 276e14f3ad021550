/**
 * Guessing must not lock the owner out (issue 19 item 3; OWASP's device cookies): a login that
 * presents the device token an earlier login gave is judged on that device's own count, every other
 * attempt on the account's shared count, which username, e-mail and phone all feed. The app's clock
 * (`now` override) is moved by the test instead of waited out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { DEVICE_TOKEN_TTL_SECONDS } from '../../server/accounts/device-token';
import { DEVICE_RULE } from '../../server/accounts/password-throttle';
import { users } from '../../server/db/schema';
import { PASSWORD, registerByEmail, registerByUsername, uniqueName } from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { redisAvailable, REDIS_URL } from './helpers/test-redis';

const variants = await databaseVariants();
const stores = [{ name: 'in-process', env: {} as Record<string, string> }];
if (await redisAvailable()) stores.push({ name: 'Redis', env: { REDIS_URL } });
const setups = variants.flatMap((variant) =>
  stores.map((store) => ({ ...store, variant, label: `${variant.name}, ${store.name}` })),
);

const LOGIN = '/api/user/user_login';
const THROTTLED = Errors.TOO_MANY_FAILED_ATTEMPTS.code;
const WRONG = Errors.INVALID_CREDENTIALS.code;

interface LoginData {
  userId: number;
  deviceToken: string;
  retryAfterSeconds?: number;
}

describe.each(setups)('password attempts with device tokens ($label)', ({ env, variant }) => {
  let t: TestApp;
  // The app's clock stands still unless a test moves it: a slow machine cannot open a backoff.
  let base = Date.now();
  let offset = 0;
  const clock = () => base + offset;
  const advance = (ms: number) => (offset += ms);
  let ipSerial = 0;
  const freshIp = () => `10.9.${Math.floor(ipSerial / 250)}.${(ipSerial++ % 250) + 1}`;

  beforeAll(async () => {
    t = await startTestApp(variant, { env, overrides: { now: clock } });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  // Each test moves the clock for its own accounts only; registering signs with the real time.
  beforeEach(() => {
    base = Date.now();
    offset = 0;
  });

  const login = (account: string, password: string, deviceTokens?: string[], ip = freshIp()) =>
    t.api.call<LoginData>(
      LOGIN,
      { account, password, ...(deviceTokens ? { deviceTokens } : {}) },
      { ip, timestamp: clock() },
    );

  /** Signs in once with the right password and returns the device token this gave. */
  const trustedToken = async (account: string) => {
    const { body } = await login(account, PASSWORD);
    expect(body.code, body.msg).toBe(200);
    expect(body.data.deviceToken).toMatch(/^\d+\.[\w-]+\.\d+\.[\w-]+$/);
    return body.data.deviceToken;
  };

  /** Wrong passwords from fresh clients until the account's shared count refuses. */
  const lockUntrusted = async (account: string) => {
    for (let i = 0; i < 5; i += 1)
      expect((await login(account, `wrong-${i}`)).body.code).toBe(WRONG);
    expect((await login(account, PASSWORD)).body.code).toBe(THROTTLED);
  };

  it('lets the owner in from a device that signed in before while an attacker guesses every 200 ms', async () => {
    const owner = await registerByUsername(t.api);
    const token = await trustedToken(owner.username);
    const attackerIps = Array.from({ length: 8 }, freshIp);
    let guesses = 0;
    let ownerIn = 0;
    // 180 s of an attacker trying a password every 200 ms from 8 addresses; the owner signs in
    // every 10 s from the device that signed in before.
    for (let tick = 0; tick < 900; tick += 1) {
      const { body } = await login(
        owner.username,
        `guess-${tick}`,
        undefined,
        attackerIps[tick % 8],
      );
      if (body.code === WRONG) guesses += 1;
      else expect(body.code).toBe(THROTTLED);
      if (tick % 50 === 25) {
        const trusted = await login(owner.username, PASSWORD, [token]);
        expect(trusted.body.code, trusted.body.msg).toBe(200);
        ownerIn += 1;
      }
      advance(200);
    }
    expect(ownerIn).toBe(18);
    // The attacker is still slowed down: 5 free guesses, then 1, 2, 4 ... 60 s apart.
    expect(guesses).toBeLessThanOrEqual(13);
    // The owner's sign-ins from the device did not reset the attacker's count, and a browser that
    // never signed in shares it (the price, docs/accounts.md).
    expect((await login(owner.username, 'one-more', undefined, attackerIps[0])).body.code).toBe(
      THROTTLED,
    );
    expect((await login(owner.username, PASSWORD)).body.code).toBe(THROTTLED);
  }, 240_000);

  it('lets 20 parallel sign-ins from a trusted device all in', async () => {
    const user = await registerByUsername(t.api);
    const token = await trustedToken(user.username);
    await lockUntrusted(user.username);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => login(user.username, PASSWORD, [token])),
    );
    expect(burst.map((r) => r.body.code)).toEqual(Array(20).fill(200));
  });

  it('gives a stolen device token one burst of guesses, then the account’s pace', async () => {
    const user = await registerByUsername(t.api);
    const token = await trustedToken(user.username);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.username, `wrong-${i}`, [token])),
    );
    const admitted = burst.filter((r) => r.body.code === WRONG).length;
    expect(burst.filter((r) => r.body.code === THROTTLED)).toHaveLength(30 - admitted);
    // At most 20 at once while under 5 failures (a few may end while the burst still arrives).
    expect(admitted).toBeLessThanOrEqual(DEVICE_RULE.parallel + DEVICE_RULE.free - 1);
    expect((await login(user.username, PASSWORD, [token])).body.code).toBe(THROTTLED);
    // From then on one attempt at a time, after the backoff.
    advance(60_000);
    const second = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(user.username, `again-${i}`, [token])),
    );
    expect(second.filter((r) => r.body.code === WRONG)).toHaveLength(1);
    expect(second.filter((r) => r.body.code === THROTTLED)).toHaveLength(9);
    advance(60_000);
    expect((await login(user.username, PASSWORD, [token])).body.code).toBe(200);
  });

  it('counts username, e-mail and phone as one account', async () => {
    const user = await registerByEmail(t.api);
    const username = uniqueName('trio');
    const phone = `+86139${String(Date.now()).slice(-8)}`;
    await t.app.kestrel.database.db
      .update(users)
      .set({ username, phone })
      .where(eq(users.id, user.userId));
    const spelled = [
      username,
      user.email.toUpperCase(),
      phone,
      `${phone.slice(0, 3)} ${phone.slice(3)}`,
    ];
    for (let i = 0; i < 5; i += 1)
      expect((await login(spelled[i % 4]!, `wrong-${i}`)).body.code).toBe(WRONG);
    for (const account of spelled)
      expect((await login(account, PASSWORD)).body.code).toBe(THROTTLED);
    advance(1100);
    expect((await login(user.email, PASSWORD)).body.code).toBe(200);
  });

  it('trusts the device an account was registered on', async () => {
    const username = uniqueName('fresh');
    const { body } = await t.api.call<LoginData>('/api/user/register_type_username', {
      username,
      password: PASSWORD,
    });
    expect(body.code, body.msg).toBe(200);
    await lockUntrusted(username);
    expect((await login(username, PASSWORD, [body.data.deviceToken])).body.code).toBe(200);
  });

  it('does not trust the device token of another account', async () => {
    const a = await registerByUsername(t.api);
    const b = await registerByUsername(t.api);
    const tokenA = await trustedToken(a.username);
    await lockUntrusted(b.username);
    expect((await login(b.username, PASSWORD, [tokenA])).body.code).toBe(THROTTLED);
    // A's own token still lets A in, wherever it is in the list.
    expect((await login(a.username, PASSWORD, ['not-a-token', tokenA])).body.code).toBe(200);
  });

  it('does not trust a forged token', async () => {
    const user = await registerByUsername(t.api);
    const token = await trustedToken(user.username);
    await lockUntrusted(user.username);
    const [id, device, expires, mac] = token.split('.') as [string, string, string, string];
    const forged = [
      `${id}.${device}.${Number(expires) + 1}.${mac}`,
      `${id}.${'A'.repeat(22)}.${expires}.${mac}`,
      `${id}.${device}.${expires}.${mac.slice(0, -2)}AA`,
      `${id}.${device}.${expires}`,
    ];
    for (const fake of forged)
      expect((await login(user.username, PASSWORD, [fake])).body.code, fake).toBe(THROTTLED);
    expect((await login(user.username, PASSWORD, [token])).body.code).toBe(200);
  });

  it('refuses malformed device tokens as a bad request and changes nothing', async () => {
    const user = await registerByUsername(t.api);
    for (const deviceTokens of [['has space'], Array(6).fill('a'), 'not-a-list', [''], [7]]) {
      const { body } = await t.api.call(
        LOGIN,
        { account: user.username, password: PASSWORD, deviceTokens },
        { ip: freshIp(), timestamp: clock() },
      );
      expect(body.code, JSON.stringify(deviceTokens)).toBe(Errors.BAD_REQUEST.code);
    }
  });

  it('does not trust an expired token', async () => {
    const user = await registerByUsername(t.api);
    const token = await trustedToken(user.username);
    advance(DEVICE_TOKEN_TTL_SECONDS * 1000 + 1000);
    await lockUntrusted(user.username);
    expect((await login(user.username, PASSWORD, [token])).body.code).toBe(THROTTLED);
  });
});
