/**
 * Races (issue 2 §5), on PGlite and, where it matters, PostgreSQL: 20 parallel registrations of one
 * username create exactly one account; 100 parallel wrong guesses of one code count at most 5 times,
 * after which the right code is dead too.
 */
import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { CODE, Errors } from '../../contract';
import { users, verificationCodes } from '../../server/db/schema';
import { PASSWORD, sendEmailCode, uniqueEmail, uniqueName } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('races on $name', (variant) => {
  const t = useTestApp(variant);
  const db = () => t.app.kestrel.database.db;

  it('20 parallel registrations of one username: exactly one succeeds, the rest are told it is taken', async () => {
    const username = uniqueName('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api.call('/api/user/register_type_username', { username, password: PASSWORD }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(results.every((r) => r.httpStatus === 200)).toBe(true);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === Errors.USERNAME_UNAVAILABLE.code)).toHaveLength(19);
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    expect(row?.n).toBe(1);
  });

  it('20 parallel registrations of one device: one account, every call logged in', async () => {
    const deviceId = `race-device-${uniqueName()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api.call<{ userId: number }>('/api/user/register_type_deviceid', {}, { deviceId }),
      ),
    );
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.userId)).size).toBe(1);
  });

  it('100 parallel wrong guesses: at most 5 count, then the right code is dead too', async () => {
    const email = uniqueEmail('guess');
    const sent = await sendEmailCode(t.api, email);
    expect(sent.body.code).toBe(200);
    const right = await t.api.latestCode(email);
    const wrong = right === '000000' ? '000001' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.api.call('/api/user/register_type_normal', {
          channel: 'email',
          target: email,
          code: wrong,
          password: PASSWORD,
        }),
      ),
    );
    expect(guesses.every((g) => g.httpStatus === 200)).toBe(true);
    const codes = guesses.map((g) => g.body.code);
    expect(
      codes.every(
        (c) => c === Errors.CODE_INVALID.code || c === Errors.CODE_TOO_MANY_ATTEMPTS.code,
      ),
    ).toBe(true);
    expect(
      codes.filter((c) => c === Errors.CODE_TOO_MANY_ATTEMPTS.code).length,
    ).toBeGreaterThanOrEqual(95);
    const [row] = await db()
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, email));
    expect(row?.attempts).toBe(CODE.maxAttempts);
    const late = await t.api.call('/api/user/register_type_normal', {
      channel: 'email',
      target: email,
      code: right,
      password: PASSWORD,
    });
    expect(late.body.code).toBe(Errors.CODE_TOO_MANY_ATTEMPTS.code);
    const [account] = await db().select({ n: count() }).from(users).where(eq(users.email, email));
    expect(account?.n).toBe(0);
  });

  it('the right code used twice in parallel registers exactly one account', async () => {
    const email = uniqueEmail('double');
    await sendEmailCode(t.api, email);
    const code = await t.api.latestCode(email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.api.call('/api/user/register_type_normal', {
          channel: 'email',
          target: email,
          code,
          password: PASSWORD,
        }),
      ),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.every((r) => r.httpStatus === 200)).toBe(true);
  });

  it('parallel send_code for one target sends one code (cooldown is atomic)', async () => {
    const email = uniqueEmail('burst');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => sendEmailCode(t.api, email)),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === Errors.CODE_COOLDOWN.code)).toHaveLength(9);
    expect(await t.api.outbox(email)).toHaveLength(1);
  });
});
