/**
 * Redeem codes and the free trial through the real app (PGlite and PostgreSQL): what is granted,
 * what the user info shows at once, and every refusal with its translated message changing nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_WEB_DEVICE_ID, Errors, type ErrorKey, type UserInfo } from '../../contract';
import { membershipGrants, redeemCodes, trials, users } from '../../server/db/schema';
import { createRedeemBatch, normaliseRedeemCode } from '../../server/store/redeem-codes';
import { registerByUsername, uniqueName, type Registered } from './helpers/accounts';
import type { CallResult } from './helpers/api-client';
import { expectOk } from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const DAY = 86_400;

function expectError(result: CallResult, key: ErrorKey, language: 'en' | 'zh_CN' = 'en') {
  expect(result.httpStatus).toBe(key === 'UNAUTHORIZED' ? 401 : 200);
  expect(result.body.code).toBe(Errors[key].code);
  expect(result.body.msg).toBe(Errors[key][language]);
}

interface RedeemData {
  planType: 1 | 2;
  expireTime: string;
  addedSeconds: number;
}

describe.each(variants)('redeem codes and the free trial on $name', (variant) => {
  let t: TestApp;
  let user: Registered;
  beforeAll(async () => {
    t = await startTestApp(variant);
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    user = await registerByUsername(t.api);
  });
  const db = () => t.app.kestrel.database.db;
  const redeem = (token: string, code: string, language: 'en' | 'zh_CN' = 'en') =>
    t.api.call<RedeemData>('/api/system/system_redeem_code', { code }, { token, language });
  const info = async (token: string) =>
    expectOk(await t.api.call<UserInfo>('/api/system/system_user_info', {}, { token }));
  const userRow = async (userId: number) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0]!;
  const batch = (request: Partial<Parameters<typeof createRedeemBatch>[1]> = {}) =>
    createRedeemBatch(db(), {
      count: 1,
      maxUses: 1,
      expiresAt: null,
      note: 'test',
      groupType: 1,
      days: 30,
      ...request,
    });

  describe('system_redeem_code', () => {
    it('grants the code time at once, typed in any case and spacing, and records it in the ledger', async () => {
      const { codes } = await batch();
      const code = codes[0]!;
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
      expect(await info(user.token)).toMatchObject({ expireTime: null, trialAvailable: true });
      const typed = `  ${code.toLowerCase().replaceAll('-', ' ')} `;
      const started = Date.now();
      const data = expectOk(await redeem(user.token, typed));
      expect(data.planType).toBe(1);
      expect(data.addedSeconds).toBe(30 * DAY);
      const expire = Date.parse(data.expireTime);
      expect(expire - started).toBeGreaterThanOrEqual(30 * DAY * 1000 - 5000);
      expect(expire - started).toBeLessThan(30 * DAY * 1000 + 60_000);
      // The user info is fresh right away (the session cache forgot the user).
      const after = await info(user.token);
      expect(after).toMatchObject({
        planType: 1,
        expireTime: data.expireTime,
        deviceLimit: 5,
        trialAvailable: false,
        yearlyPaidUser: 0,
      });
      const ledger = await db()
        .select()
        .from(membershipGrants)
        .where(eq(membershipGrants.userId, user.userId));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ source: 'redeem', kind: 'start', seconds: 30 * DAY });
      const [row] = await db().select().from(redeemCodes).where(eq(redeemCodes.code, code));
      expect(row!.usedCount).toBe(1);
      expect(ledger[0]!.sourceRef).toBe(`${row!.id}:${user.userId}`);
    });

    it('a plan code gives that plan: Lite 12 months with its devices; on Standard it converts', async () => {
      const { codes, groupType, days } = await batch({ planId: 204, groupType: undefined });
      expect({ groupType, days }).toEqual({ groupType: 2, days: 365 });
      const lite = expectOk(await redeem(user.token, codes[0]!));
      expect(lite).toMatchObject({ planType: 2, addedSeconds: 365 * DAY });
      expect(await info(user.token)).toMatchObject({ planType: 2, deviceLimit: 2 });

      // A Standard member redeeming Lite stays Standard; the Lite time is added at 50 %.
      const member = await registerByUsername(t.api);
      const standard = await batch({ days: 10 });
      expectOk(await redeem(member.token, standard.codes[0]!));
      const { codes: liteCodes } = await batch({ groupType: 2, days: 30 });
      const converted = expectOk(await redeem(member.token, liteCodes[0]!));
      expect(converted).toMatchObject({ planType: 1, addedSeconds: 15 * DAY });
      expect(await info(member.token)).toMatchObject({ planType: 1, deviceLimit: 5 });
    });

    it('an N-use code serves N users, once each', async () => {
      const { codes } = await batch({ maxUses: 3 });
      const code = codes[0]!;
      const people = [user, await registerByUsername(t.api), await registerByUsername(t.api)];
      for (const p of people) expectOk(await redeem(p.token, code));
      expectError(await redeem(people[0]!.token, code), 'REDEEM_CODE_ALREADY_REDEEMED');
      const late = await registerByUsername(t.api);
      expectError(await redeem(late.token, code), 'REDEEM_CODE_USED_UP');
      expectError(await redeem(late.token, code, 'zh_CN'), 'REDEEM_CODE_USED_UP', 'zh_CN');
      expect((await userRow(late.userId)).expireTime).toBeNull();
    });

    it('refuses unknown, disabled, expired and empty codes with translated messages, changing nothing', async () => {
      const expired = await batch({ expiresAt: new Date(Date.now() - 1000) });
      const disabled = await batch();
      await db()
        .update(redeemCodes)
        .set({ disabled: true })
        .where(eq(redeemCodes.code, disabled.codes[0]!));
      const cases: [string, ErrorKey][] = [
        ['AAAA-BBBB-CCCC-DDDD', 'REDEEM_CODE_INVALID'],
        [disabled.codes[0]!, 'REDEEM_CODE_INVALID'],
        [expired.codes[0]!, 'REDEEM_CODE_EXPIRED'],
        ['   ', 'REQUIRED_REDEEM_CODE'],
        ['X'.repeat(65), 'REDEEM_CODE_INVALID'],
      ];
      for (const [code, key] of cases) {
        expectError(await redeem(user.token, code), key);
        expectError(await redeem(user.token, code, 'zh_CN'), key, 'zh_CN');
      }
      expectError(
        await t.api.call('/api/system/system_redeem_code', { code: expired.codes[0]! }),
        'UNAUTHORIZED',
      );
      expect((await userRow(user.userId)).expireTime).toBeNull();
      const [row] = await db()
        .select()
        .from(redeemCodes)
        .where(eq(redeemCodes.code, expired.codes[0]!));
      expect(row!.usedCount).toBe(0);
    });

    it('normalises what users type', () => {
      expect(normaliseRedeemCode(' abcd-efgh ijkl\u2013mnop ')).toBe('ABCD-EFGH-IJKL-MNOP');
      expect(normaliseRedeemCode('abcdefghijklmnop')).toBe('ABCD-EFGH-IJKL-MNOP');
      expect(normaliseRedeemCode('short-code')).toBe('SHORTCODE');
    });
  });

  describe('system_free_trial', () => {
    const trial = (token: string, deviceId?: string, language: 'en' | 'zh_CN' = 'en') =>
      t.api.call<{ planType: 1; expireTime: string }>(
        '/api/system/system_free_trial',
        {},
        { token, language, ...(deviceId ? { deviceId } : {}) },
      );

    it('grants Standard for the configured minutes, once; the user info says so at once', async () => {
      const started = Date.now();
      const data = expectOk(await trial(user.token));
      expect(data.planType).toBe(1);
      const minutes = (Date.parse(data.expireTime) - started) / 60_000;
      expect(minutes).toBeGreaterThan(14.9);
      expect(minutes).toBeLessThan(16);
      expect(await info(user.token)).toMatchObject({
        planType: 1,
        expireTime: data.expireTime,
        trialAvailable: false,
        deviceLimit: 1,
      });
      expectError(await trial(user.token), 'TRIAL_USED');
      expectError(await trial(user.token, undefined, 'zh_CN'), 'TRIAL_USED', 'zh_CN');
      const [grant] = await db()
        .select()
        .from(membershipGrants)
        .where(and(eq(membershipGrants.userId, user.userId), eq(membershipGrants.source, 'trial')));
      expect(grant).toMatchObject({ sourceRef: String(user.userId), seconds: 15 * 60 });
    });

    it('follows the display config minutes', async () => {
      await db().execute(
        sql`UPDATE settings SET value = jsonb_set(value, '{trialMinutes}', '20') WHERE key = 'display_config'`,
      );
      try {
        const started = Date.now();
        const data = expectOk(await trial(user.token));
        const minutes = (Date.parse(data.expireTime) - started) / 60_000;
        expect(minutes).toBeGreaterThan(19.9);
        expect(minutes).toBeLessThan(21);
      } finally {
        await db().execute(
          sql`UPDATE settings SET value = jsonb_set(value, '{trialMinutes}', '15') WHERE key = 'display_config'`,
        );
      }
    });

    it('is only for accounts that never had membership time', async () => {
      const { codes } = await createRedeemBatch(db(), {
        count: 1,
        maxUses: 1,
        expiresAt: null,
        note: 'test',
        groupType: 2,
        days: 1,
      });
      expectOk(await redeem(user.token, codes[0]!));
      const before = await userRow(user.userId);
      expectError(await trial(user.token), 'TRIAL_MEMBERS_ONLY_NEW');
      expectError(await trial(user.token, undefined, 'zh_CN'), 'TRIAL_MEMBERS_ONLY_NEW', 'zh_CN');
      expect((await userRow(user.userId)).expireTime).toEqual(before.expireTime);
      expect(await db().select().from(trials).where(eq(trials.userId, user.userId))).toHaveLength(
        0,
      );
    });

    it('once per app device; the web placeholder device id does not count', async () => {
      const deviceId = `dev-${uniqueName()}`;
      expectOk(await trial(user.token, deviceId));
      const second = await registerByUsername(t.api);
      expectError(await trial(second.token, deviceId), 'TRIAL_USED_ON_DEVICE');
      expectError(await trial(second.token, deviceId, 'zh_CN'), 'TRIAL_USED_ON_DEVICE', 'zh_CN');
      expect((await userRow(second.userId)).expireTime).toBeNull();
      // Without a device, or with the web placeholder, the account alone decides.
      expectOk(await trial(second.token, DEFAULT_WEB_DEVICE_ID));
      const third = await registerByUsername(t.api);
      expectOk(await trial(third.token, DEFAULT_WEB_DEVICE_ID));
      const rows = await db().select().from(trials).where(eq(trials.userId, third.userId));
      expect(rows[0]!.deviceId).toBeNull();
    });
    describe('system_free_trial_status: the true reason before pressing Start', () => {
      const status = async (token: string, deviceId?: string) =>
        expectOk(
          await t.api.call<{ refusal: number | null }>(
            '/api/system/system_free_trial_status',
            {},
            { token, ...(deviceId ? { deviceId } : {}) },
          ),
        ).refusal;

      it('a new account may start; after its trial the reason is the trial used, not "never had a membership"', async () => {
        expect(await status(user.token)).toBeNull();
        expectOk(await trial(user.token));
        expect(await status(user.token)).toBe(Errors.TRIAL_USED.code);
      });

      it('a friend who signed up with an invite code had the invite trial: that is the reason, in both languages', async () => {
        const { inviteCode } = await info(user.token);
        const friend = await t.api.call<{ userId: number }>('/api/user/register_type_username', {
          username: uniqueName(),
          password: 'correct-horse-battery',
          inviteCode,
        });
        expect(friend.body.code, friend.body.msg).toBe(200);
        const token = String(friend.headers.pragma);
        expect(await status(token)).toBe(Errors.TRIAL_HAD_INVITE_TRIAL.code);
        expectError(await trial(token), 'TRIAL_HAD_INVITE_TRIAL');
        expectError(await trial(token, undefined, 'zh_CN'), 'TRIAL_HAD_INVITE_TRIAL', 'zh_CN');
      });

      it('membership time from anything but a trial is "never had a membership"; a device that had one says so', async () => {
        const { codes } = await batch({ days: 1 });
        expectOk(await redeem(user.token, codes[0]!));
        expect(await status(user.token)).toBe(Errors.TRIAL_MEMBERS_ONLY_NEW.code);
        const deviceId = `dev-${uniqueName()}`;
        const first = await registerByUsername(t.api);
        expectOk(await trial(first.token, deviceId));
        const second = await registerByUsername(t.api);
        expect(await status(second.token, deviceId)).toBe(Errors.TRIAL_USED_ON_DEVICE.code);
        expect(await status(second.token)).toBeNull();
      });
    });
  });
});
