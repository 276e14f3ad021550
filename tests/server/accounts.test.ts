/**
 * Accounts end to end through the signed API: register (username, e-mail, phone, device), login by
 * each identifier, codes, reset, logout, delete, user info; no account enumeration; bad input changes
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { CODE, DEFAULT_WEB_DEVICE_ID, Errors } from '../../contract';
import { createPasswordHasher, type PasswordHasher } from '../../server/identity/password-hasher';
import { DEMO_USER } from '../../server/accounts/seed-demo-user';
import { rowsOf } from '../../server/db/database';
import { invites, sessions, users, verificationCodes } from '../../server/db/schema';
import { enqueueMessage } from '../../server/messaging/message-queue';
import {
  PASSWORD,
  registerByEmail,
  registerByUsername,
  sendEmailCode,
  uniqueEmail,
  uniqueName,
} from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const P = {
  login: '/api/user/user_login',
  registerUsername: '/api/user/register_type_username',
  registerNormal: '/api/user/register_type_normal',
  registerDevice: '/api/user/register_type_deviceid',
  sendCode: '/api/user/user_send_code',
  reset: '/api/user/user_reset_password',
  logout: '/api/user/user_logout',
  remove: '/api/user/user_delete_account',
  info: '/api/system/system_user_info',
};

describe.each(variants)('accounts on $name', (variant) => {
  let t: TestApp;
  const hashCalls = { verify: 0, verifyDummy: 0 };
  beforeAll(async () => {
    const real = createPasswordHasher();
    const hasher: PasswordHasher = {
      hash: (password) => real.hash(password),
      verify: (stored, password) => {
        hashCalls.verify += 1;
        return real.verify(stored, password);
      },
      verifyDummy: (password) => {
        hashCalls.verifyDummy += 1;
        return real.verifyDummy(password);
      },
    };
    t = await startTestApp(variant, { overrides: { hasher } });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.kestrel.database.db;
  /** Moves earlier codes of a target back past the cooldown instead of waiting a minute. */
  const passCooldown = (target: string) =>
    db()
      .update(verificationCodes)
      .set({ createdAt: sql`created_at - interval '61 seconds'` })
      .where(eq(verificationCodes.target, target));
  /** Registers an e-mail address with a code, as the register form does. */
  const registerWithCode = (target: string, code: string) =>
    t.api.call(P.registerNormal, { channel: 'email', target, code, password: PASSWORD });
  /** Sets a new password with a code, as the reset form does. */
  const resetWithCode = (target: string, code: string, password: string) =>
    t.api.call(P.reset, { channel: 'email', target, code, password });

  it('registers by username, starts a session and reports the user', async () => {
    const user = await registerByUsername(t.api, uniqueName('Alice'));
    const info = await t.api.call<Record<string, unknown>>(P.info, {}, { token: user.token });
    expect(info.body.code).toBe(200);
    expect(info.body.data).toMatchObject({
      userId: user.userId,
      username: user.username,
      email: null,
      phone: null,
      expireTime: null,
      planType: null,
      yearlyPaidUser: 0,
      isKol: 0,
      hasPassword: true,
      trialAvailable: true,
      deviceLimit: 1,
    });
    expect(info.body.data.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('says USERNAME_UNAVAILABLE for a taken username, case-insensitively', async () => {
    const user = await registerByUsername(t.api);
    const again = await t.api.call(P.registerUsername, {
      username: user.username.toUpperCase(),
      password: PASSWORD,
    });
    expect(again.body.code).toBe(Errors.USERNAME_UNAVAILABLE.code);
    expect(again.headers.pragma).toBeUndefined();
  });

  it('logs in by username, e-mail and phone, and by Bearer token too', async () => {
    const byName = await registerByUsername(t.api);
    const login = await t.api.call<{ userId: number }>(P.login, {
      account: byName.username,
      password: PASSWORD,
    });
    expect(login.body.data.userId).toBe(byName.userId);
    expect(login.headers.pragma).not.toBe(byName.token);
    const bearer = await t.api.call(
      P.info,
      {},
      { token: `Bearer ${String(login.headers.pragma)}` },
    );
    expect(bearer.body.code).toBe(200);

    const email = uniqueEmail('Mixed.Case');
    const byEmail = await registerByEmail(t.api, email);
    const emailLogin = await t.api.call<{ userId: number }>(P.login, {
      account: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(emailLogin.body.data.userId).toBe(byEmail.userId);

    const phone = `138${String(Date.now()).slice(-8)}`;
    await t.api.call(P.sendCode, { channel: 'phone', target: phone, purpose: 'register' });
    const code = await t.api.latestCode(`+86${phone}`);
    const reg = await t.api.call<{ userId: number }>(P.registerNormal, {
      channel: 'phone',
      target: phone,
      code,
      password: PASSWORD,
    });
    expect(reg.body.code).toBe(200);
    const phoneLogin = await t.api.call<{ userId: number }>(P.login, {
      account: `+86${phone}`,
      password: PASSWORD,
    });
    expect(phoneLogin.body.data.userId).toBe(reg.body.data.userId);
    const info = await t.api.call<{ phone: string }>(
      P.info,
      {},
      { token: String(phoneLogin.headers.pragma) },
    );
    expect(info.body.data.phone).toBe(`+86${phone.slice(0, 3)}****${phone.slice(-4)}`);
  });

  it('takes a phone typed with spaces the same everywhere: code, registration, sign-in, reset', async () => {
    const digits = `139${String(Date.now()).slice(-8)}`;
    const spaced = `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
    const e164 = `+86${digits}`;
    const sent = await t.api.call(P.sendCode, {
      channel: 'phone',
      target: `+86 ${spaced}`,
      purpose: 'register',
    });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const reg = await t.api.call<{ userId: number }>(P.registerNormal, {
      channel: 'phone',
      target: spaced.replaceAll(' ', '-'),
      code: await t.api.latestCode(e164),
      password: PASSWORD,
    });
    expect(reg.body.code, reg.body.msg).toBe(200);
    const [stored] = await db()
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, reg.body.data.userId));
    expect(stored!.phone).toBe(e164);
    for (const account of [
      `+86 ${spaced}`,
      spaced,
      ` +86 (${digits.slice(0, 3)}) ${digits.slice(3)} `,
    ]) {
      const login = await t.api.call<{ userId: number }>(P.login, { account, password: PASSWORD });
      expect(login.body.code, `${account}: ${login.body.msg}`).toBe(200);
      expect(login.body.data.userId).toBe(reg.body.data.userId);
    }
    await passCooldown(e164);
    const resetCode = await t.api.call(P.sendCode, {
      channel: 'phone',
      target: spaced,
      purpose: 'reset_password',
    });
    expect(resetCode.body.code, resetCode.body.msg).toBe(200);
    const reset = await t.api.call(P.reset, {
      channel: 'phone',
      target: `+86 ${spaced}`,
      code: await t.api.latestCode(e164),
      password: 'a-new-password-1',
    });
    expect(reset.body.code, reset.body.msg).toBe(200);
    const after = await t.api.call(P.login, { account: spaced, password: 'a-new-password-1' });
    expect(after.body.code).toBe(200);
  });

  it('logs the seeded demo user in with its membership', async () => {
    const login = await t.api.call(P.login, {
      account: DEMO_USER.email,
      password: DEMO_USER.password,
    });
    expect(login.body.code).toBe(200);
    const info = await t.api.call<Record<string, unknown>>(
      P.info,
      {},
      { token: String(login.headers.pragma) },
    );
    expect(info.body.data).toMatchObject({
      username: 'demo',
      email: 'd***@kestrel.example',
      planType: 1,
      yearlyPaidUser: 1,
    });
    expect(Date.parse(String(info.body.data.expireTime))).toBeGreaterThan(
      Date.now() + 300 * 86_400_000,
    );
  });

  it('names the missing field of a login: account, then password', async () => {
    const noAccount = await t.api.call(P.login, { account: '  ', password: 'whatever-1' });
    expect(noAccount.body.code).toBe(Errors.REQUIRED_ACCOUNT.code);
    const noPassword = await t.api.call(P.login, { account: 'someone', password: '' });
    expect(noPassword.body.code).toBe(Errors.REQUIRED_PASSWORD.code);
    const tooLong = await t.api.call(P.login, { account: 'someone', password: 'x'.repeat(129) });
    expect(tooLong.body.code).toBe(Errors.PASSWORD_TOO_LONG.code);
  });

  it('answers unknown account and wrong password identically (code, message, no token)', async () => {
    const user = await registerByUsername(t.api);
    const wrong = await t.api.call(P.login, {
      account: user.username,
      password: 'not-the-password',
    });
    const unknown = await t.api.call(P.login, {
      account: uniqueName('nobody'),
      password: 'not-the-password',
    });
    const unknownEmail = await t.api.call(P.login, {
      account: uniqueEmail(),
      password: 'not-the-password',
    });
    for (const r of [wrong, unknown, unknownEmail]) {
      expect(r.httpStatus).toBe(200);
      expect(r.body).toEqual({
        code: Errors.INVALID_CREDENTIALS.code,
        msg: Errors.INVALID_CREDENTIALS.en,
        status: 'INVALID_CREDENTIALS',
        data: null,
      });
      expect(r.headers.pragma).toBeUndefined();
    }
  });

  it('runs one argon2 verify for unknown accounts too, so timing does not tell them apart', async () => {
    const user = await registerByUsername(t.api);
    const attempts = [user.username, uniqueName('ghost'), uniqueEmail(), '+8613900000000'];
    for (const account of attempts) {
      const before = { ...hashCalls };
      await t.api.call(P.login, { account, password: 'not-the-password' });
      expect(
        hashCalls.verify + hashCalls.verifyDummy - before.verify - before.verifyDummy,
        account,
      ).toBe(1);
    }
    const time = async (account: string) => {
      const started = performance.now();
      await t.api.call(P.login, { account, password: 'not-the-password' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(user.username));
      unknown.push(await time(uniqueName('ghost')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Loose on purpose (busy CI machines): without the dummy verify the unknown path is ~50x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.2);
  });

  it('send_code answers the same for a new and an existing e-mail, but mails a notice to the owner', async () => {
    const owner = await registerByEmail(t.api);
    await passCooldown(owner.email);
    const fresh = uniqueEmail();
    const forExisting = await sendEmailCode(t.api, owner.email);
    const forNew = await sendEmailCode(t.api, fresh);
    expect(forExisting.body).toEqual(forNew.body);
    expect(forNew.body.data).toEqual({
      cooldownSeconds: CODE.resendCooldownSeconds,
      expiresInSeconds: CODE.ttlSeconds,
    });
    const [notice] = await t.api.outbox(owner.email);
    expect(notice).toMatchObject({ purpose: 'register', code: null });
    expect(notice!.text).toMatch(/already have/);
    // No code exists for the owner's address, so no guess can register it twice.
    const attempt = await registerWithCode(owner.email, '123456');
    expect(attempt.body.code).toBe(Errors.CODE_INVALID.code);
  });

  it('sends codes in the caller language with the brand name', async () => {
    const email = uniqueEmail();
    await t.api.call(
      P.sendCode,
      { channel: 'email', target: email, purpose: 'register' },
      { language: 'zh_CN' },
    );
    const [message] = await t.api.outbox(email);
    expect(message!.subject).toContain('红隼 VPN');
    expect(message!.text).toContain(message!.code!);
    expect(message!.code).toMatch(/^\d{6}$/);
  });

  it('enforces the 60 s resend cooldown per target and tells the remaining seconds', async () => {
    const email = uniqueEmail();
    expect((await sendEmailCode(t.api, email)).body.code).toBe(200);
    const again = await sendEmailCode<{ cooldownSeconds: number }>(t.api, email, 'reset_password');
    expect(again.body.code).toBe(Errors.CODE_COOLDOWN.code);
    expect(again.body.data.cooldownSeconds).toBeGreaterThan(50);
    expect(again.body.data.cooldownSeconds).toBeLessThanOrEqual(60);
    expect(await t.api.outbox(email)).toHaveLength(1);
  });

  it('codes are single use and bound to purpose and target', async () => {
    const email = uniqueEmail();
    await sendEmailCode(t.api, email);
    const code = await t.api.latestCode(email);
    const other = uniqueEmail();
    const wrongTarget = await registerWithCode(other, code);
    expect(wrongTarget.body.code).toBe(Errors.CODE_INVALID.code);
    const wrongPurpose = await resetWithCode(email, code, PASSWORD);
    expect(wrongPurpose.body.code).toBe(Errors.CODE_INVALID.code);
    const ok = await registerWithCode(email, code);
    expect(ok.body.code).toBe(200);
    const reuse = await registerWithCode(email, code);
    expect(reuse.body.code).toBe(Errors.CODE_INVALID.code);
  });

  it('a resent code replaces the earlier one', async () => {
    const email = uniqueEmail();
    await sendEmailCode(t.api, email);
    const first = await t.api.latestCode(email);
    await passCooldown(email);
    await sendEmailCode(t.api, email);
    const second = await t.api.latestCode(email);
    if (first !== second) {
      const old = await registerWithCode(email, first);
      expect(old.body.code).toBe(Errors.CODE_INVALID.code);
    }
    const ok = await registerWithCode(email, second);
    expect(ok.body.code).toBe(200);
  });

  it('expired codes are refused', async () => {
    const email = uniqueEmail();
    await sendEmailCode(t.api, email);
    const code = await t.api.latestCode(email);
    await db()
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.target, email));
    const late = await registerWithCode(email, code);
    expect(late.body.code).toBe(Errors.CODE_INVALID.code);
  });

  it('caps codes per target per day', async () => {
    const email = uniqueEmail();
    const limit = t.app.kestrel.config.rateLimit.codesPerTargetPerDay;
    // Backdate earlier sends past the cooldown instead of waiting a minute each.
    for (let i = 0; i < limit; i += 1) {
      const sent = await sendEmailCode(t.api, email);
      expect(sent.body.code).toBe(200);
      await passCooldown(email);
    }
    const over = await sendEmailCode(t.api, email);
    expect(over.body.code).toBe(Errors.CODE_DAILY_LIMIT.code);
  });

  it('resets a password by e-mail, ending every session; an unknown address answers the same', async () => {
    const user = await registerByEmail(t.api);
    const second = await t.api.call(P.login, { account: user.email, password: PASSWORD });
    await passCooldown(user.email);
    const stranger = uniqueEmail();
    const forUser = await sendEmailCode(t.api, user.email, 'reset_password');
    const forStranger = await sendEmailCode(t.api, stranger, 'reset_password');
    expect(forUser.body).toEqual(forStranger.body);
    expect((await t.api.outbox(stranger))[0]?.code).toBeNull();
    const strangerReset = await resetWithCode(stranger, '000000', 'new-password-1');
    expect(strangerReset.body.code).toBe(Errors.CODE_INVALID.code);

    const code = await t.api.latestCode(user.email);
    const reset = await resetWithCode(user.email, code, 'new-password-1');
    expect(reset.body.code).toBe(200);
    for (const token of [user.token, String(second.headers.pragma)]) {
      const info = await t.api.call(P.info, {}, { token });
      expect(info.httpStatus).toBe(401);
    }
    expect((await t.api.call(P.login, { account: user.email, password: PASSWORD })).body.code).toBe(
      Errors.INVALID_CREDENTIALS.code,
    );
    expect(
      (await t.api.call(P.login, { account: user.email, password: 'new-password-1' })).body.code,
    ).toBe(200);
  });

  it('logout revokes only the current session', async () => {
    const user = await registerByUsername(t.api);
    const other = await t.api.call(P.login, { account: user.username, password: PASSWORD });
    const out = await t.api.call(P.logout, {}, { token: user.token });
    expect(out.body).toMatchObject({ code: 200, data: {} });
    expect((await t.api.call(P.info, {}, { token: user.token })).httpStatus).toBe(401);
    expect((await t.api.call(P.info, {}, { token: String(other.headers.pragma) })).body.code).toBe(
      200,
    );
  });

  it('registers device accounts and logs the same device back in', async () => {
    const deviceId = `device-${uniqueName()}`;
    const first = await t.api.call<{ userId: number }>(
      P.registerDevice,
      {},
      { deviceId, platform: 'android' },
    );
    expect(first.body.code).toBe(200);
    const again = await t.api.call<{ userId: number }>(
      P.registerDevice,
      {},
      { deviceId, platform: 'android' },
    );
    expect(again.body.data.userId).toBe(first.body.data.userId);
    expect(again.headers.pragma).not.toBe(first.headers.pragma);
    const info = await t.api.call<{ hasPassword: boolean }>(
      P.info,
      {},
      { token: String(again.headers.pragma) },
    );
    expect(info.body.data.hasPassword).toBe(false);
    for (const bad of [
      undefined,
      '',
      DEFAULT_WEB_DEVICE_ID,
      'short',
      'has space in it',
      'x'.repeat(200),
      '<script>alert(1)</script>',
    ]) {
      const r = await t.api.call(P.registerDevice, {}, bad === undefined ? {} : { deviceId: bad });
      expect(r.body.code, String(bad)).toBe(Errors.DEVICE_ID_INVALID.code);
    }
  });

  it('records a valid invite code and refuses an unknown one without creating anything', async () => {
    const inviter = await registerByUsername(t.api);
    const info = await t.api.call<{ inviteCode: string }>(P.info, {}, { token: inviter.token });
    const inviteCode = info.body.data.inviteCode;
    const invitee = await t.api.call<{ userId: number }>(P.registerUsername, {
      username: uniqueName('invitee'),
      password: PASSWORD,
      inviteCode: inviteCode.toLowerCase(),
    });
    expect(invitee.body.code).toBe(200);
    const [row] = await db()
      .select()
      .from(invites)
      .where(eq(invites.inviteeId, invitee.body.data.userId));
    expect(row).toMatchObject({ inviterId: inviter.userId, inviteCode });
    const [{ n: before } = { n: 0 }] = await db().select({ n: count() }).from(users);
    const name = uniqueName('badinvite');
    const bad = await t.api.call(P.registerUsername, {
      username: name,
      password: PASSWORD,
      inviteCode: 'NOPE1234',
    });
    expect(bad.body.code).toBe(Errors.INVITE_CODE_INVALID.code);
    const [{ n: after } = { n: 0 }] = await db().select({ n: count() }).from(users);
    expect(after).toBe(before);
  });

  it('deletes an account: confirmation and password required, then erased and unusable', async () => {
    const user = await registerByEmail(t.api);
    const extra = await t.api.call(P.login, { account: user.email, password: PASSWORD });
    const noConfirm = await t.api.call(P.remove, { password: PASSWORD }, { token: user.token });
    expect(noConfirm.body.code).toBe(Errors.DELETE_CONFIRMATION_REQUIRED.code);
    const falseConfirm = await t.api.call(
      P.remove,
      { confirm: false, password: PASSWORD },
      { token: user.token },
    );
    expect(falseConfirm.body.code).toBe(Errors.DELETE_CONFIRMATION_REQUIRED.code);
    const noPassword = await t.api.call(P.remove, { confirm: true }, { token: user.token });
    expect(noPassword.body.code).toBe(Errors.REQUIRED_PASSWORD.code);
    const wrong = await t.api.call(
      P.remove,
      { confirm: true, password: 'wrong-password' },
      { token: user.token },
    );
    expect(wrong.body.code).toBe(Errors.PASSWORD_INCORRECT.code);
    expect((await t.api.call(P.info, {}, { token: user.token })).body.code).toBe(200);
    // The language of the last sign-in is kept for what is sent without a request (a reminder).
    await t.api.call(P.login, { account: user.email, password: PASSWORD }, { language: 'zh_CN' });
    const [signedIn] = await db().select().from(users).where(eq(users.id, user.userId));
    expect(signedIn!.language).toBe('zh_CN');
    // A message still queued for them (a reminder) goes with the account.
    await enqueueMessage(
      db(),
      {
        key: `test:${user.userId}`,
        userId: user.userId,
        channel: 'email',
        to: user.email,
        purpose: 'renewal_1d',
        language: 'en',
        subject: 'Renew',
        text: 'Renew now',
      },
      new Date(),
    );

    const done = await t.api.call(
      P.remove,
      { confirm: true, password: PASSWORD },
      { token: user.token },
    );
    expect(done.body.code).toBe(200);
    for (const token of [user.token, String(extra.headers.pragma)]) {
      expect((await t.api.call(P.info, {}, { token })).httpStatus).toBe(401);
    }
    expect((await t.api.call(P.login, { account: user.email, password: PASSWORD })).body.code).toBe(
      Errors.INVALID_CREDENTIALS.code,
    );
    const [row] = await db().select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({
      username: null,
      email: null,
      phone: null,
      passwordHash: null,
      deviceId: null,
      inviteCode: null,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const live = await db()
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = ${user.userId} AND ${sessions.revokedAt} IS NULL`);
    expect(live).toHaveLength(0);
    expect(await t.api.outbox(user.email)).toHaveLength(0);
    const queued = rowsOf(
      await db().execute(sql`SELECT 1 FROM message_queue WHERE user_id = ${user.userId}`),
    );
    expect(queued).toHaveLength(0);
    // The address is free again for a new account.
    const reuse = await registerByEmail(t.api, user.email);
    expect(reuse.userId).not.toBe(user.userId);
  });

  it('keeps where a sign-up came from (source, click ids, address), refuses a malformed source, erases them on deletion', async () => {
    const username = uniqueName('ad');
    const bad = await t.api.call(P.registerUsername, {
      username,
      password: PASSWORD,
      source: 'not a source!',
    });
    expect(bad.body.code).toBe(Errors.BAD_REQUEST.code);
    expect(await db().select().from(users).where(eq(users.username, username))).toHaveLength(0);

    const tracked = { 'x-gid': 'gclid-123', 'x-bd-vid': 'bd.456', 'x-twclid': 'bad value' };
    const r = await t.api.call<{ userId: number }>(
      P.registerUsername,
      { username, password: PASSWORD, source: 'marketing' },
      { headers: tracked, ip: '203.0.113.77' },
    );
    expect(r.body.code).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, r.body.data.userId));
    expect(row?.signupSource).toBe('marketing');
    // A click id that is not an opaque token (here: with a space) is dropped, not stored.
    expect(row?.signupTracking).toEqual({ gclid: 'gclid-123', bdVid: 'bd.456' });
    // The address, a KOL self-referral signal (docs/kol.md).
    expect(row?.signupIp).toBe('203.0.113.77');

    const token = String(r.headers.pragma);
    expect(
      (await t.api.call(P.remove, { confirm: true, password: PASSWORD }, { token })).body.code,
    ).toBe(200);
    const [erased] = await db().select().from(users).where(eq(users.id, r.body.data.userId));
    expect(erased).toMatchObject({ signupSource: null, signupTracking: null, signupIp: null });
  });

  it('deletes a password-less device account with confirmation only', async () => {
    const r = await t.api.call(P.registerDevice, {}, { deviceId: `device-${uniqueName()}` });
    const done = await t.api.call(P.remove, { confirm: true }, { token: String(r.headers.pragma) });
    expect(done.body.code).toBe(200);
  });

  it('refuses disabled accounts only after the right password', async () => {
    const user = await registerByUsername(t.api);
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.userId));
    expect(
      (await t.api.call(P.login, { account: user.username, password: 'wrong-password' })).body.code,
    ).toBe(Errors.INVALID_CREDENTIALS.code);
    expect(
      (await t.api.call(P.login, { account: user.username, password: PASSWORD })).body.code,
    ).toBe(Errors.ACCOUNT_DISABLED.code);
    expect((await t.api.call(P.info, {}, { token: user.token })).httpStatus).toBe(401);
  });

  it('bad input changes nothing and answers field codes', async () => {
    const [{ n: before } = { n: 0 }] = await db().select({ n: count() }).from(users);
    const cases: [string, Record<string, unknown>, number][] = [
      [P.registerUsername, { password: PASSWORD }, Errors.REQUIRED_USERNAME.code],
      [P.registerUsername, { username: '1abc', password: PASSWORD }, Errors.INVALID_USERNAME.code],
      [
        P.registerUsername,
        { username: uniqueName(), password: 'x'.repeat(129) },
        Errors.PASSWORD_TOO_LONG.code,
      ],
      [
        P.registerUsername,
        { username: uniqueName(), password: PASSWORD, inviteCode: 'a!' },
        Errors.INVITE_CODE_INVALID.code,
      ],
      [
        P.registerNormal,
        { channel: 'email', target: 'no-at-sign', code: '123456', password: PASSWORD },
        Errors.INVALID_EMAIL.code,
      ],
      [
        P.registerNormal,
        { channel: 'phone', target: '12345', code: '123456', password: PASSWORD },
        Errors.INVALID_PHONE.code,
      ],
      [
        P.registerNormal,
        { channel: 'email', target: uniqueEmail(), code: '12ab56', password: PASSWORD },
        Errors.CODE_INVALID.code,
      ],
      [
        P.registerNormal,
        { channel: 'email', target: uniqueEmail(), code: '', password: PASSWORD },
        Errors.REQUIRED_CODE.code,
      ],
      [P.sendCode, { channel: 'fax', target: '1', purpose: 'register' }, Errors.BAD_REQUEST.code],
      [
        P.sendCode,
        { channel: 'email', target: uniqueEmail(), purpose: 'login' },
        Errors.BAD_REQUEST.code,
      ],
      [P.login, { password: PASSWORD }, Errors.REQUIRED_ACCOUNT.code],
    ];
    for (const [path, params, code] of cases) {
      const r = await t.api.call(path, params);
      expect(r.httpStatus).toBe(200);
      expect(r.body.code, `${path} ${JSON.stringify(params)}`).toBe(code);
    }
    const [{ n: after } = { n: 0 }] = await db().select({ n: count() }).from(users);
    expect(after).toBe(before);
  });
});
