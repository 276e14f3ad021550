/**
 * Changing the e-mail or phone an account signs in with (issue 22, item 2; docs/account-security.md
 * "E-mail and phone") through the real HTTP routes and database, on PGlite and PostgreSQL: the
 * current password first, a code to the new address bound to the member who asked, the login
 * identifier changed only by the right code (once, under concurrency too), a taken address answered
 * exactly like a free one with a notice to it instead of a code, and a notice to the old address.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { verificationCodes } from '../../server/db/schema';
import {
  memberCalls,
  PASSWORD,
  registerByEmail,
  registerByUsername,
  uniqueEmail,
  uniqueIp,
  uniqueName,
} from './helpers/accounts';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

/** A mainland mobile number no other test uses. */
function uniquePhone(): string {
  return `139${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`;
}

describe.each(variants)('changing the e-mail or phone on $name', (variant) => {
  const t = useTestApp(variant, { env: { PASSWORD_FAILURES_PER_CLIENT: '1000' } });
  const db = () => t.app.kestrel.database.db;
  const call = memberCalls(t);
  const sendCode = (
    token: string,
    target: string,
    extra: Record<string, unknown> = {},
    language: 'en' | 'zh_CN' = 'en',
  ) =>
    call(
      'user_change_target_send_code',
      token,
      { channel: 'email', target, password: PASSWORD, ...extra },
      language,
    );
  const change = (
    token: string,
    target: string,
    code: string,
    extra: Record<string, unknown> = {},
    language: 'en' | 'zh_CN' = 'en',
  ) =>
    call<{ email: string | null; phone: string | null }>(
      'user_change_target',
      token,
      { channel: 'email', target, code, password: PASSWORD, ...extra },
      language,
    );
  const login = (account: string) =>
    t.api.call('/api/user/user_login', { account, password: PASSWORD }, { ip: uniqueIp() });
  /** The registration's code to an address was just sent: let another be asked for now. */
  const passCooldown = (to: string) =>
    t.app.inject({ method: 'POST', url: `/dev/codes/pass-cooldown?to=${encodeURIComponent(to)}` });
  const addressesOf = async (token: string) =>
    (await call<{ email: string | null; phone: string | null }>('user_security', token)).body.data;

  it('moves the sign-in to the new e-mail with its code, and tells the old one', async () => {
    const member = await registerByEmail(t.api);
    const next = uniqueEmail('moved');
    const sent = await sendCode(member.token, next);
    expect(sent.body).toMatchObject({ code: 200, data: { cooldownSeconds: 60 } });
    const [mail] = await t.api.outbox(next);
    expect(mail).toMatchObject({ purpose: 'change_target' });
    expect(mail!.code).toMatch(/^\d{6}$/);
    // Nothing changes before the code comes back.
    expect(await addressesOf(member.token)).toMatchObject({ email: member.email });

    const changed = await change(member.token, next, mail!.code!);
    expect(changed.body).toMatchObject({ code: 200, data: { email: next, phone: null } });
    expect(await addressesOf(member.token)).toMatchObject({ email: next });
    expect((await login(next)).body.code).toBe(200);
    expect((await login(member.email)).body.code).toBe(Errors.INVALID_CREDENTIALS.code);

    const [notice] = (await t.api.outbox(member.email)).filter(
      (m) => m.purpose === 'address_changed',
    );
    expect(notice).toMatchObject({ code: null });
    expect(notice!.subject).toContain('e-mail address of your account was changed');
    expect(notice!.text).toContain(next.slice(-12));
    expect(notice!.text).not.toContain(next);
    // The code is spent: a second use changes nothing.
    const again = await change(member.token, next, mail!.code!);
    expect(again.body.code).toBe(Errors.TARGET_SAME.code);
  });

  it('writes the notice in the language of the request', async () => {
    const member = await registerByEmail(t.api);
    const next = uniqueEmail('zh');
    expect((await sendCode(member.token, next)).body.code).toBe(200);
    const code = await t.api.latestCode(next);
    const changed = await t.api.call(
      '/api/user/user_change_target',
      { channel: 'email', target: next, code, password: PASSWORD },
      { token: member.token, language: 'zh_CN', ip: uniqueIp() },
    );
    expect(changed.body.code).toBe(200);
    const [notice] = (await t.api.outbox(member.email)).filter(
      (m) => m.purpose === 'address_changed',
    );
    expect(notice!.subject).toBe('红隼 VPN：账号邮箱已修改');
  });

  it('adds a phone to an account that had none, and tells its e-mail', async () => {
    const member = await registerByEmail(t.api);
    const phone = uniquePhone();
    expect((await sendCode(member.token, phone, { channel: 'phone' })).body.code).toBe(200);
    const code = await t.api.latestCode(phone);
    const changed = await change(member.token, phone, code, { channel: 'phone' });
    expect(changed.body).toMatchObject({
      code: 200,
      data: { email: member.email, phone: `+86${phone}` },
    });
    expect((await login(phone)).body.code).toBe(200);
    expect((await login(member.email)).body.code).toBe(200);
    const [notice] = (await t.api.outbox(member.email)).filter(
      (m) => m.purpose === 'address_changed',
    );
    expect(notice!.subject).toContain('phone number of your account was added');
  });

  it('refuses a wrong password, a bad or unchanged address, and sends nothing', async () => {
    const member = await registerByEmail(t.api);
    const next = uniqueEmail('refused');
    const wrong = await sendCode(member.token, next, { password: 'not-the-password' });
    expect(wrong.body.code).toBe(Errors.PASSWORD_INCORRECT.code);
    const bad = await sendCode(member.token, 'not-an-address', {}, 'zh_CN');
    expect(bad.body).toMatchObject({
      code: Errors.INVALID_EMAIL.code,
      msg: Errors.INVALID_EMAIL.zh_CN,
    });
    const same = await sendCode(member.token, member.email.toUpperCase());
    expect(same.body.code).toBe(Errors.TARGET_SAME.code);
    const noPassword = await call('user_change_target_send_code', member.token, {
      channel: 'email',
      target: next,
    });
    expect(noPassword.body.code).toBe(Errors.REQUIRED_PASSWORD.code);
    expect(await t.api.outbox(next)).toHaveLength(0);
    // The confirmation checks the password too, before the code.
    const guessed = await change(member.token, next, '123456', { password: 'not-the-password' });
    expect(guessed.body.code).toBe(Errors.PASSWORD_INCORRECT.code);
    expect(await addressesOf(member.token)).toMatchObject({ email: member.email });
  });

  it('refuses an account without a password, and every call without a session', async () => {
    const device = await t.api.call(
      '/api/user/register_type_deviceid',
      {},
      { deviceId: `device-${uniqueName()}`, platform: 'android' },
    );
    const token = String(device.headers.pragma);
    const refused = await sendCode(token, uniqueEmail('device'));
    expect(refused.body.code).toBe(Errors.PASSWORD_NOT_SET.code);
    for (const path of ['user_change_target_send_code', 'user_change_target']) {
      const anonymous = await t.api.call(`/api/user/${path}`, {
        channel: 'email',
        target: uniqueEmail(),
        code: '123456',
        password: PASSWORD,
      });
      expect(anonymous.body.code).toBe(Errors.UNAUTHORIZED.code);
    }
  });

  it('answers a taken address like a free one, and writes it a notice instead of a code', async () => {
    const owner = await registerByEmail(t.api);
    const member = await registerByEmail(t.api);
    await passCooldown(owner.email);
    const sent = await sendCode(member.token, owner.email);
    expect(sent.body).toMatchObject({ code: 200, data: { cooldownSeconds: 60 } });
    const [notice] = (await t.api.outbox(owner.email)).filter((m) => m.purpose === 'change_target');
    expect(notice).toMatchObject({ code: null });
    expect(notice!.subject).toContain('this address already has an account');
    // No code can be right: nobody was ever shown one.
    const guess = await change(member.token, owner.email, '000000');
    expect(guess.body.code).toBe(Errors.CODE_INVALID.code);
    expect(await addressesOf(member.token)).toMatchObject({ email: member.email });
    expect((await login(owner.email)).body.code).toBe(200);
  });

  it("binds a code to the member who asked: another member's session cannot use it", async () => {
    const asker = await registerByEmail(t.api);
    const other = await registerByUsername(t.api);
    const next = uniqueEmail('bound');
    expect((await sendCode(asker.token, next)).body.code).toBe(200);
    const code = await t.api.latestCode(next);
    const stolen = await change(other.token, next, code);
    expect(stolen.body.code).toBe(Errors.CODE_INVALID.code);
    expect(await addressesOf(other.token)).toMatchObject({ email: null });
    expect((await change(asker.token, next, code)).body.code).toBe(200);
  });

  it('refuses a wrong code, then takes the right one once when it is sent twice at once', async () => {
    const member = await registerByEmail(t.api);
    const next = uniqueEmail('twice');
    expect((await sendCode(member.token, next)).body.code).toBe(200);
    const code = await t.api.latestCode(next);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await change(member.token, next, wrong)).body.code).toBe(Errors.CODE_INVALID.code);
    const [a, b] = await Promise.all([
      change(member.token, next, code),
      change(member.token, next, code),
    ]);
    const codes = [a.body.code, b.body.code].sort((x, y) => x - y);
    expect(codes[0]).toBe(200);
    expect([Errors.CODE_INVALID.code, Errors.TARGET_SAME.code]).toContain(codes[1]);
    const notices = (await t.api.outbox(member.email)).filter(
      (m) => m.purpose === 'address_changed',
    );
    expect(notices).toHaveLength(1);
  });

  it('locks the code after five wrong guesses', async () => {
    const member = await registerByEmail(t.api);
    const next = uniqueEmail('locked');
    expect((await sendCode(member.token, next)).body.code).toBe(200);
    const code = await t.api.latestCode(next);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let guess = 0; guess < 4; guess++) await change(member.token, next, wrong);
    expect((await change(member.token, next, wrong)).body.code).toBe(
      Errors.CODE_TOO_MANY_ATTEMPTS.code,
    );
    expect((await change(member.token, next, code)).body.code).toBe(
      Errors.CODE_TOO_MANY_ATTEMPTS.code,
    );
    expect(await addressesOf(member.token)).toMatchObject({ email: member.email });
  });

  it('says so when the address got an account between the code and the change', async () => {
    const member = await registerByEmail(t.api);
    const next = uniqueEmail('raced');
    expect((await sendCode(member.token, next)).body.code).toBe(200);
    const code = await t.api.latestCode(next);
    await passCooldown(next);
    await registerByEmail(t.api, next);
    const late = await change(member.token, next, code, {}, 'zh_CN');
    expect(late.body).toMatchObject({
      code: Errors.TARGET_UNAVAILABLE.code,
      msg: Errors.TARGET_UNAVAILABLE.zh_CN,
    });
    expect(await addressesOf(member.token)).toMatchObject({ email: member.email });
    expect((await login(member.email)).body.code).toBe(200);
  });

  it("erases the codes a member asked for with the account's data", async () => {
    const member = await registerByEmail(t.api);
    expect((await sendCode(member.token, uniqueEmail('erased'))).body.code).toBe(200);
    const erased = await call('user_delete_account', member.token, {
      confirm: true,
      password: PASSWORD,
    });
    expect(erased.body.code).toBe(200);
    const left = await db()
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, member.userId));
    expect(left).toHaveLength(0);
  });
});
