/**
 * Member account security (issue 22; docs/account-security.md) through the real HTTP routes and
 * database, on PGlite and PostgreSQL: the password change (current password, rules, other sessions
 * signed out, a notice), the session list and its sign-outs taking effect on the next call, and
 * two-step sign-in (setup, enable, sign-in with a code or a recovery code, each good once, under
 * concurrency too, wrong codes throttled, turning it off).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { TWO_STEP } from '../../contract/endpoints/account-security';
import { userRecoveryCodes, users } from '../../server/db/schema';
import { totpCode } from '../../server/identity/totp';
import {
  memberCalls,
  PASSWORD,
  registerByEmail,
  registerByUsername,
  uniqueIp,
} from './helpers/accounts';
import type { ApiClient } from './helpers/api-client';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'battery-staple-77';
const STEP_MS = 30_000;

interface SessionRow {
  id: number;
  current: boolean;
  platform: string;
  client: string;
  ip: string | null;
  signedInAt: string;
  lastActiveAt: string;
}

/** A login from another browser: a second, ordinary session of the account. */
async function loginAs(
  api: ApiClient,
  account: string,
  extra: Record<string, unknown> = {},
  options: { userAgent?: string; ip?: string } = {},
) {
  const result = await api.call<{ userId: number }>(
    '/api/user/user_login',
    { account, password: PASSWORD, ...extra },
    {
      ip: options.ip ?? uniqueIp(),
      headers: { 'user-agent': options.userAgent ?? CHROME_MAC },
    },
  );
  return { body: result.body, token: result.headers.pragma as string | undefined };
}

/** A signed-in member with a second session (the first is the registration's, renewed once). */
async function memberWithTwoSessions(api: ApiClient) {
  const member = await registerByUsername(api);
  const first = await loginAs(api, member.username, {}, { userAgent: CHROME_MAC });
  const second = await loginAs(api, member.username, {}, { userAgent: SAFARI_IPHONE });
  expect(first.body.code, first.body.msg).toBe(200);
  expect(second.body.code, second.body.msg).toBe(200);
  return { member, first: first.token!, second: second.token! };
}

describe.each(variants)('account security on $name', (variant) => {
  const t = useTestApp(variant, {
    env: { PASSWORD_FAILURES_PER_CLIENT: '1000' },
  });
  const call = memberCalls(t);
  const stillSignedIn = async (token: string) =>
    (await call('user_session_list', token)).body.code === 200;

  describe('changing the password', () => {
    it('refuses a wrong current password, a same or short new one, and changes nothing', async () => {
      const { member, first } = await memberWithTwoSessions(t.api);
      const wrong = await call('user_change_password', first, {
        password: 'not-the-password',
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.body.code).toBe(Errors.PASSWORD_INCORRECT.code);
      const same = await call('user_change_password', first, {
        password: PASSWORD,
        newPassword: PASSWORD,
      });
      expect(same.body.code).toBe(Errors.NEW_PASSWORD_SAME.code);
      const short = await call(
        'user_change_password',
        first,
        { password: PASSWORD, newPassword: 'short' },
        'zh_CN',
      );
      expect(short.body).toMatchObject({
        code: Errors.PASSWORD_TOO_SHORT.code,
        msg: Errors.PASSWORD_TOO_SHORT.zh_CN,
      });
      expect((await loginAs(t.api, member.username)).body.code).toBe(200);
    });

    it('changes it, signs the other sessions out on their next call and writes a notice', async () => {
      const member = await registerByEmail(t.api);
      const here = (await loginAs(t.api, member.email)).token!;
      const elsewhere = (await loginAs(t.api, member.email)).token!;
      const changed = await call(
        'user_change_password',
        here,
        { password: PASSWORD, newPassword: NEW_PASSWORD },
        'zh_CN',
      );
      expect(changed.body).toMatchObject({ code: 200, data: { signedOut: 2 } });
      expect(await stillSignedIn(here)).toBe(true);
      expect(await stillSignedIn(elsewhere)).toBe(false);
      expect(await stillSignedIn(member.token)).toBe(false);
      expect((await loginAs(t.api, member.email)).body.code).toBe(Errors.INVALID_CREDENTIALS.code);
      const relogin = await t.api.call('/api/user/user_login', {
        account: member.email,
        password: NEW_PASSWORD,
      });
      expect(relogin.body.code).toBe(200);
      const [notice] = (await t.api.outbox(member.email)).filter(
        (m) => m.purpose === 'password_changed',
      );
      expect(notice).toMatchObject({ code: null, subject: '红隼 VPN：您的密码已修改' });
    });

    it('keeps the other sessions when asked to', async () => {
      const { first, second } = await memberWithTwoSessions(t.api);
      const changed = await call('user_change_password', first, {
        password: PASSWORD,
        newPassword: NEW_PASSWORD,
        signOutOthers: false,
      });
      expect(changed.body).toMatchObject({ code: 200, data: { signedOut: 0 } });
      expect(await stillSignedIn(second)).toBe(true);
    });

    it('lets one of two changes at once win; the other is told the password is wrong', async () => {
      const { member, first, second } = await memberWithTwoSessions(t.api);
      const [a, b] = await Promise.all([
        call('user_change_password', first, {
          password: PASSWORD,
          newPassword: 'first-new-pass-1',
          signOutOthers: false,
        }),
        call('user_change_password', second, {
          password: PASSWORD,
          newPassword: 'second-new-pass-2',
          signOutOthers: false,
        }),
      ]);
      const codes = [a.body.code, b.body.code].sort();
      expect(codes).toEqual([200, Errors.PASSWORD_INCORRECT.code].sort());
      const winner = a.body.code === 200 ? 'first-new-pass-1' : 'second-new-pass-2';
      const login = await t.api.call('/api/user/user_login', {
        account: member.username,
        password: winner,
      });
      expect(login.body.code).toBe(200);
    });
  });

  describe('renewal reminders', () => {
    it('are on by default; the member turns them off and on; bad input changes nothing', async () => {
      const member = await registerByEmail(t.api);
      const token = member.token;
      expect((await call('user_security', token)).body.data).toMatchObject({
        renewalReminders: true,
      });
      const off = await call('user_message_preferences', token, { renewalReminders: false });
      expect(off.body).toMatchObject({ code: 200, data: { renewalReminders: false } });
      expect((await call('user_security', token)).body.data).toMatchObject({
        renewalReminders: false,
      });
      for (const bad of [{}, { renewalReminders: 'no' }, { renewalReminders: 0 }]) {
        const refused = await call('user_message_preferences', token, bad, 'zh_CN');
        expect(refused.body, JSON.stringify(bad)).toMatchObject({
          code: Errors.BAD_REQUEST.code,
          msg: Errors.BAD_REQUEST.zh_CN,
        });
      }
      const [row] = await t.app.kestrel.database.db
        .select({ renewalReminders: users.renewalReminders })
        .from(users)
        .where(eq(users.id, member.userId));
      expect(row).toEqual({ renewalReminders: false });
      const on = await call('user_message_preferences', token, { renewalReminders: true });
      expect(on.body.data).toEqual({ renewalReminders: true });
    });
  });

  describe('the session list', () => {
    it('lists each sign-in once with its client, the current one marked', async () => {
      const { member, first, second } = await memberWithTwoSessions(t.api);
      const listed = await call<{ sessions: SessionRow[] }>('user_session_list', first);
      expect(listed.body.code).toBe(200);
      const rows = listed.body.data.sessions;
      // The registration's token and the one it was renewed into are one sign-in.
      expect(rows).toHaveLength(3);
      expect(rows.filter((r) => r.current)).toHaveLength(1);
      const current = rows.find((r) => r.current)!;
      expect(current.client).toBe('Chrome · macOS 10.15.7');
      expect(rows.map((r) => r.client)).toContain('Safari · iOS 17.5');
      expect(current.platform).toBe('windows');
      expect(Date.parse(current.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
      const fromSecond = await call<{ sessions: SessionRow[] }>('user_session_list', second);
      expect(fromSecond.body.data.sessions.find((r) => r.current)!.client).toBe(
        'Safari · iOS 17.5',
      );
      expect(member.token).toBeTypeOf('string');
    });

    it('signs one session out, effective on its next call', async () => {
      const { first, second } = await memberWithTwoSessions(t.api);
      const rows = (await call<{ sessions: SessionRow[] }>('user_session_list', second)).body.data
        .sessions;
      const firstRow = rows.find((r) => r.client === 'Chrome · macOS 10.15.7')!;
      expect(await stillSignedIn(first)).toBe(true);
      const revoked = await call('user_session_revoke', second, { sessionId: firstRow.id });
      expect(revoked.body).toMatchObject({ code: 200, data: { signedOut: 1 } });
      expect(await stillSignedIn(first)).toBe(false);
      expect(await stillSignedIn(second)).toBe(true);
      const again = await call('user_session_revoke', second, { sessionId: firstRow.id }, 'zh_CN');
      expect(again.body).toMatchObject({
        code: Errors.SESSION_NOT_FOUND.code,
        msg: Errors.SESSION_NOT_FOUND.zh_CN,
      });
    });

    it("never touches another member's session", async () => {
      const mine = await memberWithTwoSessions(t.api);
      const theirs = await memberWithTwoSessions(t.api);
      const their = (await call<{ sessions: SessionRow[] }>('user_session_list', theirs.first)).body
        .data.sessions[0]!;
      const refused = await call('user_session_revoke', mine.first, { sessionId: their.id });
      expect(refused.body.code).toBe(Errors.SESSION_NOT_FOUND.code);
      expect(await stillSignedIn(theirs.first)).toBe(true);
      expect(await stillSignedIn(theirs.second)).toBe(true);
    });

    it('signs every other session out at once', async () => {
      const { member, first, second } = await memberWithTwoSessions(t.api);
      const revoked = await call('user_session_revoke', first, { allOthers: true });
      expect(revoked.body).toMatchObject({ code: 200, data: { signedOut: 2 } });
      expect(await stillSignedIn(first)).toBe(true);
      expect(await stillSignedIn(second)).toBe(false);
      expect(await stillSignedIn(member.token)).toBe(false);
      const left = await call<{ sessions: SessionRow[] }>('user_session_list', first);
      expect(left.body.data.sessions).toHaveLength(1);
    });

    it('refuses a malformed request', async () => {
      const { first } = await memberWithTwoSessions(t.api);
      for (const params of [{}, { sessionId: 'x' }, { allOthers: false }, { sessionId: -1 }]) {
        const refused = await call('user_session_revoke', first, params);
        expect(refused.body.code, JSON.stringify(params)).toBe(Errors.BAD_REQUEST.code);
      }
      expect(await stillSignedIn(first)).toBe(true);
    });
  });

  describe('sign-in alerts', () => {
    const alertsOf = async (email: string) =>
      (await t.api.outbox(email)).filter((m) => m.purpose === 'new_sign_in');
    const loginWith = (email: string, extra: Record<string, unknown>, deviceId?: string) =>
      t.api.call<{ deviceToken: string }>(
        '/api/user/user_login',
        { account: email, password: PASSWORD, ...extra },
        {
          ip: '203.0.113.7',
          language: 'zh_CN',
          headers: { 'user-agent': CHROME_MAC },
          ...(deviceId ? { deviceId, platform: 'android' } : {}),
        },
      );

    it('writes once for a device the account has not had, never for one it has', async () => {
      const member = await registerByEmail(t.api);
      expect(await alertsOf(member.email)).toHaveLength(0);
      const first = await loginWith(member.email, {});
      expect(first.body.code).toBe(200);
      const [alert] = await alertsOf(member.email);
      expect(alert).toMatchObject({ code: null, subject: '红隼 VPN：新设备登录提醒' });
      expect(alert!.text).toContain('Chrome · macOS 10.15.7, 203.0.113.7, ');
      // The same browser again: its device token says it signed in before.
      const again = await loginWith(member.email, { deviceTokens: [first.body.data.deviceToken] });
      expect(again.body.code).toBe(200);
      expect(await alertsOf(member.email)).toHaveLength(1);
      // An app: a new device id is new, the same one later is not.
      expect((await loginWith(member.email, {}, 'android-device-0001')).body.code).toBe(200);
      expect(await alertsOf(member.email)).toHaveLength(2);
      expect((await loginWith(member.email, {}, 'android-device-0001')).body.code).toBe(200);
      expect(await alertsOf(member.email)).toHaveLength(2);
    });

    it('writes nothing for a refused sign-in', async () => {
      const member = await registerByEmail(t.api);
      const refused = await t.api.call('/api/user/user_login', {
        account: member.email,
        password: 'not-the-password',
      });
      expect(refused.body.code).toBe(Errors.INVALID_CREDENTIALS.code);
      expect(await alertsOf(member.email)).toHaveLength(0);
    });
  });

  describe('two-step sign-in', () => {
    /** A member with two-step sign-in on; the enabling code was the previous step's. */
    async function memberWithTwoStep(language: 'en' | 'zh_CN' = 'en') {
      const member = await registerByEmail(t.api);
      const token = (await loginAs(t.api, member.email)).token!;
      const setup = await call<{ secret: string; otpauthUrl: string }>('user_totp_setup', token);
      expect(setup.body.code, setup.body.msg).toBe(200);
      const { secret, otpauthUrl } = setup.body.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(otpauthUrl).toContain(encodeURIComponent(member.email));
      const enabled = await call<{ recoveryCodes: string[] }>(
        'user_totp_enable',
        token,
        { code: totpCode(secret, Date.now() - STEP_MS) },
        language,
      );
      expect(enabled.body.code, enabled.body.msg).toBe(200);
      return { member, token, secret, recoveryCodes: enabled.body.data.recoveryCodes };
    }

    it('turns on only with a right code from the new secret, and answers ten codes once', async () => {
      const member = await registerByEmail(t.api);
      const token = member.token;
      expect((await call('user_totp_enable', token, { code: '123456' })).body.code).toBe(
        Errors.TOTP_SETUP_NOT_STARTED.code,
      );
      const { secret } = (await call<{ secret: string }>('user_totp_setup', token)).body.data;
      const wrong = await call('user_totp_enable', token, {
        code: totpCode(secret, Date.now() + 10 * STEP_MS),
      });
      expect(wrong.body.code).toBe(Errors.TOTP_CODE_INVALID.code);
      const malformed = await call('user_totp_enable', token, { code: '12ab' });
      expect(malformed.body.code).toBe(Errors.TOTP_CODE_INVALID.code);
      const status = await call('user_security', token);
      expect(status.body.data).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
      const enabled = await call<{ recoveryCodes: string[] }>('user_totp_enable', token, {
        code: totpCode(secret, Date.now()),
      });
      expect(enabled.body.code).toBe(200);
      const codes = enabled.body.data.recoveryCodes;
      expect(codes).toHaveLength(TWO_STEP.recoveryCodes);
      expect(new Set(codes).size).toBe(codes.length);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
      const on = await call('user_security', token);
      expect(on.body.data).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
      expect((await call('user_totp_setup', token)).body.code).toBe(
        Errors.TOTP_ALREADY_ENABLED.code,
      );
      // Stored sealed and hashed: neither the secret nor a code is in the database as text.
      const [row] = await t.app.kestrel.database.db
        .select()
        .from(users)
        .where(eq(users.id, member.userId));
      expect(row!.totpSecret).not.toContain(secret);
      expect(row!.totpPendingSecret).toBeNull();
      const stored = await t.app.kestrel.database.db
        .select()
        .from(userRecoveryCodes)
        .where(eq(userRecoveryCodes.userId, member.userId));
      expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
      const [notice] = (await t.api.outbox(member.email)).filter(
        (m) => m.purpose === 'two_step_on',
      );
      expect(notice?.subject).toBe('Kestrel VPN: two-step sign-in is on');
    });

    it('asks for a code after the password, takes each code once, and opens no session before', async () => {
      const { member, secret } = await memberWithTwoStep();
      const asked = await loginAs(t.api, member.email, {}, {});
      expect(asked.body.code).toBe(Errors.TOTP_REQUIRED.code);
      expect(asked.token).toBeUndefined();
      // A wrong password is still just a wrong password: the code is never asked for it.
      const wrongPassword = await t.api.call('/api/user/user_login', {
        account: member.email,
        password: 'not-the-password',
      });
      expect(wrongPassword.body.code).toBe(Errors.INVALID_CREDENTIALS.code);
      const code = totpCode(secret, Date.now());
      const signedIn = await loginAs(t.api, member.email, { totpCode: code });
      expect(signedIn.body.code, signedIn.body.msg).toBe(200);
      expect(await stillSignedIn(signedIn.token!)).toBe(true);
      const replayed = await loginAs(t.api, member.email, { totpCode: code });
      expect(replayed.body.code).toBe(Errors.TOTP_CODE_INVALID.code);
      expect(replayed.token).toBeUndefined();
    });

    it('lets a recovery code in once, in any case and spacing, even when sent twice at once', async () => {
      const { member, token, recoveryCodes } = await memberWithTwoStep();
      const typed = ` ${recoveryCodes[0]!.toUpperCase().replace(/-/g, ' ')} `;
      const first = await loginAs(t.api, member.email, { recoveryCode: typed });
      expect(first.body.code, first.body.msg).toBe(200);
      const again = await loginAs(t.api, member.email, { recoveryCode: recoveryCodes[0] });
      expect(again.body.code).toBe(Errors.RECOVERY_CODE_INVALID.code);
      const both = await Promise.all(
        [1, 2, 3].map(() => loginAs(t.api, member.email, { recoveryCode: recoveryCodes[1] })),
      );
      expect(both.filter((r) => r.body.code === 200)).toHaveLength(1);
      expect(both.filter((r) => r.body.code === Errors.RECOVERY_CODE_INVALID.code)).toHaveLength(2);
      const status = await call('user_security', token);
      expect(status.body.data).toMatchObject({ recoveryCodesLeft: TWO_STEP.recoveryCodes - 2 });
    });

    it('throttles wrong codes like passwords, the right one included', async () => {
      const { member, secret } = await memberWithTwoStep();
      for (let i = 0; i < 5; i += 1) {
        const wrong = await loginAs(t.api, member.email, { totpCode: '000000' });
        expect(wrong.body.code).toBe(Errors.TOTP_CODE_INVALID.code);
      }
      const throttled = await loginAs(t.api, member.email, {
        totpCode: totpCode(secret, Date.now()),
      });
      expect(throttled.body.code).toBe(Errors.TOO_MANY_FAILED_ATTEMPTS.code);
      expect(throttled.token).toBeUndefined();
    });

    it('turns off only with a right code, and then asks for none', async () => {
      const { member, token, secret, recoveryCodes } = await memberWithTwoStep('zh_CN');
      const notOn = await call('user_totp_disable', (await registerByUsername(t.api)).token, {
        code: '123456',
      });
      expect(notOn.body.code).toBe(Errors.TOTP_NOT_ENABLED.code);
      const wrong = await call('user_totp_disable', token, { code: '000000' });
      expect(wrong.body.code).toBe(Errors.TOTP_CODE_INVALID.code);
      const wrongRecovery = await call('user_totp_disable', token, { code: 'aaaa-bbbb-cccc-dddd' });
      expect(wrongRecovery.body.code).toBe(Errors.RECOVERY_CODE_INVALID.code);
      expect((await call('user_security', token)).body.data).toMatchObject({ totpEnabled: true });
      const off = await call('user_totp_disable', token, { code: recoveryCodes[3] }, 'zh_CN');
      expect(off.body.code, off.body.msg).toBe(200);
      expect((await call('user_security', token)).body.data).toMatchObject({
        totpEnabled: false,
        totpEnabledAt: null,
        recoveryCodesLeft: 0,
      });
      expect((await loginAs(t.api, member.email)).body.code).toBe(200);
      const left = await t.app.kestrel.database.db
        .select()
        .from(userRecoveryCodes)
        .where(eq(userRecoveryCodes.userId, member.userId));
      expect(left).toHaveLength(0);
      const [notice] = (await t.api.outbox(member.email)).filter(
        (m) => m.purpose === 'two_step_off',
      );
      expect(notice?.subject).toBe('红隼 VPN：两步登录已关闭');
      expect(secret).toBeTypeOf('string');
    });

    it('refuses every security call without a session', async () => {
      for (const path of [
        'user_security',
        'user_change_password',
        'user_session_list',
        'user_session_revoke',
        'user_totp_setup',
        'user_totp_enable',
        'user_totp_disable',
      ]) {
        const refused = await t.api.call(`/api/user/${path}`, {});
        expect(refused.body.code, path).toBe(Errors.UNAUTHORIZED.code);
      }
    });
  });
});
