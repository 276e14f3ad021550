/**
 * The account area (issue 5) through the real HTTP server, on PGlite and PostgreSQL: devices and
 * their limit (with the 20-login race), invite trial and invitations, benefits, the third-party
 * client's server-enforced cooldown, and the single-use subscription link (with the 20-fetch race)
 * whose outputs are parsed back and checked node by node.
 */
import { randomFillSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_WEB_DEVICE_ID, Errors, newWebDeviceId } from '../../contract';
import { FREE_DEVICE_LIMIT } from '../../contract/membership';
import { DEMO_BENEFITS, DEMO_NODES } from '../../server/account-area/seed-demo';
import { rowsOf } from '../../server/db/database';
import { DEMO_USER } from '../../server/accounts/seed-demo-user';
import { devices, membershipGrants, sessions, users } from '../../server/db/schema';
import { PASSWORD, registerByUsername, uniqueName } from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

interface DeviceRow {
  id: number;
  deviceType: number;
  deviceId: string;
  os: string;
  osVersion: string;
  deviceName: string;
  current: boolean;
  web: boolean;
}

interface TpcState {
  enabled: boolean;
  enabledAt: string | null;
  nextEnableAt: string | null;
  speedLimitMbps: number | null;
  membershipActive: boolean;
  serverTime: string;
}

describe.each(variants)('account area on $name', (variant) => {
  let t: TestApp;
  beforeAll(async () => {
    // 20 parallel logins of one account (the device-limit race) are more than the password
    // throttle lets through at once (password-throttle.test.ts proves that limit).
    t = await startTestApp(variant, {
      env: { PASSWORD_FAILURES_PER_ACCOUNT: '100', PASSWORD_FAILURES_PER_CLIENT: '1000' },
    });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.kestrel.database.db;

  const login = (username: string, deviceId?: string, headers: Record<string, string> = {}) =>
    t.api.call<{ userId: number }>(
      '/api/user/user_login',
      { account: username, password: PASSWORD },
      { ...(deviceId ? { deviceId } : {}), headers, platform: headers.platform ?? 'ios' },
    );

  async function makeMember(userId: number, deviceLimit: number | null = 3) {
    await db()
      .update(users)
      .set({ planType: 1, expireTime: sql`now() + interval '30 days'`, deviceLimit })
      .where(eq(users.id, userId));
  }

  const deviceCount = async (userId: number) =>
    (await db().select().from(devices).where(eq(devices.userId, userId))).length;

  describe('devices', () => {
    it('records the device of a login with its type, OS, version and name; marks the current one', async () => {
      const user = await registerByUsername(t.api);
      const phone = `phone-${uniqueName()}`;
      const result = await t.api.call(
        '/api/user/user_login',
        { account: user.username, password: PASSWORD },
        {
          deviceId: phone,
          platform: 'ios',
          headers: { model: 'iPhone 15 Pro', osversion: '17.4' },
        },
      );
      expect(result.body.code, result.body.msg).toBe(200);
      const token = String(result.headers.pragma);
      const list = await t.api.call<{ devices: DeviceRow[]; maxDevices: number }>(
        '/api/user/user_get_device_list',
        {},
        { token, deviceId: phone },
      );
      expect(list.body.code).toBe(200);
      expect(list.body.data.maxDevices).toBe(FREE_DEVICE_LIMIT);
      const mine = list.body.data.devices.find((d) => d.deviceId === phone);
      expect(mine).toMatchObject({
        deviceType: 0,
        os: 'iOS',
        osVersion: '17.4',
        deviceName: 'iPhone 15 Pro',
        current: true,
        web: false,
      });
      // The registration came without a device id: the web row, listed but not current here.
      const web = list.body.data.devices.find((d) => d.web);
      expect(web).toMatchObject({ deviceId: DEFAULT_WEB_DEVICE_ID, current: false });
    });

    it('the web browser is described from its User-Agent and is a PC', async () => {
      const user = await registerByUsername(t.api);
      const ua =
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
      const result = await login(user.username, DEFAULT_WEB_DEVICE_ID, {
        platform: 'mac',
        'user-agent': ua,
      });
      expect(result.body.code).toBe(200);
      const [row] = await db()
        .select()
        .from(devices)
        .where(and(eq(devices.userId, user.userId), eq(devices.isWeb, true)));
      expect(row).toMatchObject({
        deviceType: 1,
        os: 'macOS',
        osVersion: '10.15.7',
        deviceName: 'Chrome',
      });
    });

    it('each browser with its own web id is a row of its own, named by what it is; removing one signs out only that browser', async () => {
      const user = await registerByUsername(t.api);
      const chrome = newWebDeviceId((bytes) => randomFillSync(bytes));
      const safari = newWebDeviceId((bytes) => randomFillSync(bytes));
      const linux = newWebDeviceId((bytes) => randomFillSync(bytes));
      // What the SPA sends: `windows` is its platform for every desktop but a Mac (SPEC §3).
      const onChrome = await login(user.username, chrome, {
        platform: 'windows',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      });
      const onSafari = await login(user.username, safari, {
        platform: 'ios',
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      });
      const onLinux = await login(user.username, linux, {
        platform: 'windows',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      });
      for (const result of [onChrome, onSafari, onLinux]) expect(result.body.code).toBe(200);
      // Chrome signs in again after Safari: its row stays Chrome's.
      const chromeAgain = await login(user.username, chrome, {
        platform: 'windows',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      });
      const chromeToken = String(onChrome.headers.pragma);
      const list = await t.api.call<{ devices: DeviceRow[]; maxDevices: number }>(
        '/api/user/user_get_device_list',
        {},
        { token: chromeToken, deviceId: chrome },
      );
      const rowOf = (id: string) => list.body.data.devices.find((d) => d.deviceId === id);
      expect(rowOf(chrome)).toMatchObject({
        web: true,
        current: true,
        deviceName: 'Chrome',
        deviceType: 1,
        os: 'Windows',
        osVersion: '10.0',
      });
      expect(rowOf(safari)).toMatchObject({
        web: true,
        current: false,
        deviceName: 'Safari',
        deviceType: 0,
        os: 'iOS',
        osVersion: '17.5',
      });
      expect(rowOf(linux)).toMatchObject({
        web: true,
        deviceName: 'Firefox',
        deviceType: 1,
        os: 'Linux',
      });
      // Browsers never take a seat.
      const appRows = list.body.data.devices.filter((d) => !d.web);
      expect(appRows).toHaveLength(0);

      const removed = await t.api.call(
        '/api/user/user_unbind_device',
        { id: rowOf(safari)!.id },
        { token: chromeToken, deviceId: chrome },
      );
      expect(removed.body.code).toBe(200);
      const stillIn = async (token: string, deviceId: string) =>
        (await t.api.call('/api/system/system_user_info', {}, { token, deviceId })).httpStatus;
      expect(await stillIn(String(onSafari.headers.pragma), safari)).toBe(401);
      expect(await stillIn(chromeToken, chrome)).toBe(200);
      expect(await stillIn(String(chromeAgain.headers.pragma), chrome)).toBe(200);
      expect(await stillIn(String(onLinux.headers.pragma), linux)).toBe(200);
      const open = rowsOf<{ device_id: string; n: number }>(
        await db().execute(
          sql`SELECT device_id, count(*)::int AS n FROM sessions
              WHERE user_id = ${user.userId} AND revoked_at IS NULL GROUP BY device_id`,
        ),
      );
      expect(open.find((r) => r.device_id === safari)).toBeUndefined();
      expect(open.find((r) => r.device_id === chrome)?.n).toBe(2);
      expect(open.find((r) => r.device_id === linux)?.n).toBe(1);
    });

    it("a registration's renewed token belongs to the registration's browser: removing it ends both", async () => {
      const browser = newWebDeviceId((bytes) => randomFillSync(bytes));
      const other = newWebDeviceId((bytes) => randomFillSync(bytes));
      const registered = await t.api.call<{ userId: number }>(
        '/api/user/register_type_username',
        { username: uniqueName(), password: PASSWORD },
        { deviceId: browser },
      );
      const registerToken = String(registered.headers.pragma);
      // The SPA's first call after registering renews the tab's token into an ordinary one; here
      // it arrives with another id (a token carried to another browser): it stays the same sign-in.
      const renewal = await t.api.call(
        '/api/system/system_user_info',
        {},
        {
          token: registerToken,
          deviceId: other,
        },
      );
      const renewedToken = String(renewal.headers.pragma);
      expect(renewedToken).not.toBe('undefined');
      const list = await t.api.call<{ devices: DeviceRow[] }>(
        '/api/user/user_get_device_list',
        {},
        { token: renewedToken, deviceId: other },
      );
      expect(list.body.data.devices).toHaveLength(1);
      const [row] = list.body.data.devices;
      expect(row).toMatchObject({ deviceId: browser, current: true, web: true });
      const removed = await t.api.call(
        '/api/user/user_unbind_device',
        { id: row!.id },
        { token: renewedToken },
      );
      expect(removed.body.code).toBe(200);
      for (const token of [registerToken, renewedToken]) {
        const call = await t.api.call('/api/system/system_user_info', {}, { token });
        expect(call.httpStatus).toBe(401);
      }
    });

    it('a browser web id opens no password-less device account', async () => {
      const webId = newWebDeviceId((bytes) => randomFillSync(bytes));
      const result = await t.api.call('/api/user/register_type_deviceid', {}, { deviceId: webId });
      expect(result.body.code).toBe(Errors.DEVICE_ID_INVALID.code);
    });

    it('a new app device beyond the limit is refused with the limit named, and creates nothing', async () => {
      const user = await registerByUsername(t.api);
      expect((await login(user.username, `first-${uniqueName()}`)).body.code).toBe(200);
      const before = await deviceCount(user.userId);
      const sessionsBefore = await db()
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.userId));
      for (const language of ['en', 'zh_CN'] as const) {
        const refused = await t.api.call(
          '/api/user/user_login',
          { account: user.username, password: PASSWORD },
          { deviceId: `second-${uniqueName()}`, platform: 'android', language },
        );
        expect(refused.body.code).toBe(Errors.DEVICE_LIMIT_REACHED.code);
        expect(refused.body.data).toEqual({ limit: 1 });
        expect(refused.headers.pragma).toBeUndefined();
        expect(refused.body.msg).toContain('1');
        expect(refused.body.msg).not.toContain('{limit}');
      }
      expect(await deviceCount(user.userId)).toBe(before);
      const sessionsAfter = await db()
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.userId));
      expect(sessionsAfter).toHaveLength(sessionsBefore.length);
      // The website always lets the user in to free a seat.
      expect((await login(user.username, DEFAULT_WEB_DEVICE_ID)).body.code).toBe(200);
    });

    it('20 parallel logins from new devices at one seat below the limit: exactly one succeeds', async () => {
      const user = await registerByUsername(t.api);
      await makeMember(user.userId, 3);
      for (const n of [1, 2])
        expect((await login(user.username, `seat-${n}-${uniqueName()}`)).body.code).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(user.username, `race-${i}-${uniqueName()}`)),
      );
      const codes = results.map((r) => r.body.code);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === Errors.DEVICE_LIMIT_REACHED.code)).toHaveLength(19);
      const appRows = await db()
        .select()
        .from(devices)
        .where(and(eq(devices.userId, user.userId), eq(devices.isWeb, false)));
      expect(appRows).toHaveLength(3);
    }, 60_000);

    it('removing a device ends its sessions and frees its seat; an unknown id changes nothing', async () => {
      const user = await registerByUsername(t.api);
      const phone = `unbind-${uniqueName()}`;
      const onPhone = await login(user.username, phone);
      const phoneToken = String(onPhone.headers.pragma);
      const web = await login(user.username, DEFAULT_WEB_DEVICE_ID);
      const webToken = String(web.headers.pragma);
      const list = await t.api.call<{ devices: DeviceRow[] }>(
        '/api/user/user_get_device_list',
        {},
        { token: webToken },
      );
      const row = list.body.data.devices.find((d) => d.deviceId === phone)!;
      const missing = await t.api.call(
        '/api/user/user_unbind_device',
        { id: row.id + 100_000 },
        { token: webToken },
      );
      expect(missing.body.code).toBe(Errors.DEVICE_NOT_FOUND.code);
      const removed = await t.api.call(
        '/api/user/user_unbind_device',
        { id: row.id },
        { token: webToken },
      );
      expect(removed.body.code).toBe(200);
      const phoneCall = await t.api.call('/api/system/system_user_info', {}, { token: phoneToken });
      expect(phoneCall.httpStatus).toBe(401);
      const webCall = await t.api.call('/api/system/system_user_info', {}, { token: webToken });
      expect(webCall.body.code).toBe(200);
      expect((await login(user.username, `other-${uniqueName()}`)).body.code).toBe(200);
    });

    it('another user cannot remove my device', async () => {
      const owner = await registerByUsername(t.api);
      await login(owner.username, `mine-${uniqueName()}`);
      const [row] = await db().select().from(devices).where(eq(devices.userId, owner.userId));
      const stranger = await registerByUsername(t.api);
      const result = await t.api.call(
        '/api/user/user_unbind_device',
        { id: row!.id },
        { token: stranger.token },
      );
      expect(result.body.code).toBe(Errors.DEVICE_NOT_FOUND.code);
      expect(await deviceCount(owner.userId)).toBeGreaterThan(0);
    });

    it('account deletion erases the device rows', async () => {
      const user = await registerByUsername(t.api);
      await login(user.username, `gone-${uniqueName()}`);
      expect(await deviceCount(user.userId)).toBeGreaterThan(0);
      const deleted = await t.api.call(
        '/api/user/user_delete_account',
        { confirm: true, password: PASSWORD },
        { token: user.token },
      );
      expect(deleted.body.code).toBe(200);
      expect(await deviceCount(user.userId)).toBe(0);
    });
  });

  describe('invitations', () => {
    it('an invited friend gets the invite trial once; the inviter sees them masked, with the bonus of a paid order', async () => {
      const inviter = await registerByUsername(t.api);
      const [{ inviteCode }] = (await db()
        .select({ inviteCode: users.inviteCode })
        .from(users)
        .where(eq(users.id, inviter.userId))) as [{ inviteCode: string }];
      const friendName = `fr${uniqueName()}`;
      const friend = await t.api.call<{ userId: number }>('/api/user/register_type_username', {
        username: friendName,
        password: PASSWORD,
        inviteCode: inviteCode.toLowerCase(),
      });
      expect(friend.body.code).toBe(200);
      const friendId = friend.body.data.userId;
      const [friendRow] = await db().select().from(users).where(eq(users.id, friendId));
      const minutes = (friendRow!.expireTime!.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(178);
      expect(minutes).toBeLessThanOrEqual(180);
      const grants = await db()
        .select()
        .from(membershipGrants)
        .where(
          and(eq(membershipGrants.userId, friendId), eq(membershipGrants.source, 'invite_trial')),
        );
      expect(grants).toHaveLength(1);

      let list = await t.api.call<{
        invitations: { invitee: string; product: unknown; bonusSeconds: number }[];
        canEarn: boolean;
      }>('/api/user/user_invite_list', {}, { token: inviter.token });
      expect(list.body.code).toBe(200);
      expect(list.body.data.canEarn).toBe(false);
      expect(list.body.data.invitations).toEqual([
        expect.objectContaining({
          invitee: `${friendName.slice(0, 2)}***`,
          product: null,
          bonusSeconds: 0,
        }),
      ]);

      // The store's crediting code fills invite_rewards; here it is written as the store would.
      // The demo plans are seeded in tests: the 12-month Standard plan is the one bought.
      const [plan] = rowsOf<{ id: number }>(
        await db().execute(sql`SELECT id FROM plans WHERE group_type = 1 AND months = 12`),
      );
      const orderNo = `T${uniqueName()}`;
      await db().execute(sql`INSERT INTO orders (order_no, user_id, idempotency_key,
        plan_id, group_type, months, duration_days, max_devices, method, gateway, currency, subtotal,
        total, status, expires_at, paid_at) VALUES (${orderNo}, ${friendId}, ${orderNo}, ${plan!.id}, 1, 12,
        365, 3, 'card', 'sandbox', 'USD', 5000, 5000, 'paid', now(), now())`);
      await db()
        .execute(sql`INSERT INTO invite_rewards (inviter_id, invitee_id, order_id, percent, seconds)
        SELECT ${inviter.userId}, ${friendId}, id, 10, 3153600 FROM orders WHERE order_no = ${orderNo}`);
      await makeMember(inviter.userId);
      list = await t.api.call('/api/user/user_invite_list', {}, { token: inviter.token });
      expect(list.body.data.canEarn).toBe(true);
      expect(list.body.data.invitations[0]).toMatchObject({
        product: { groupType: 1, months: 12 },
        bonusSeconds: 3153600,
      });
    });
  });

  describe('benefits', () => {
    it('the demo user (yearly, unexpired) gets the benefits; others are refused; the public list has no secrets', async () => {
      const demo = await t.api.call('/api/user/user_login', {
        account: DEMO_USER.username,
        password: DEMO_USER.password,
      });
      const token = String(demo.headers.pragma);
      const mine = await t.api.call<{
        items: { account: string; password: string; link: string }[];
      }>('/api/system/system_user_benefits', {}, { token });
      expect(mine.body.code).toBe(200);
      expect(mine.body.data.items.length).toBeGreaterThan(0);
      expect(mine.body.data.items[0]!.password).toBeTruthy();

      const user = await registerByUsername(t.api);
      const refused = await t.api.call(
        '/api/system/system_user_benefits',
        {},
        { token: user.token },
      );
      expect(refused.body.code).toBe(Errors.BENEFITS_NOT_ELIGIBLE.code);
      // Yearly-paid but expired benefits: still refused.
      await db()
        .update(users)
        .set({ yearlyPaid: true, benefitsExpireTime: sql`now() - interval '1 day'` })
        .where(eq(users.id, user.userId));
      const relogin = await login(user.username);
      const expired = await t.api.call(
        '/api/system/system_user_benefits',
        {},
        {
          token: String(relogin.headers.pragma),
        },
      );
      expect(expired.body.code).toBe(Errors.BENEFITS_NOT_ELIGIBLE.code);

      const open = await t.api.call<{ items: Record<string, string>[] }>(
        '/api/system/system_benefits',
      );
      expect(open.body.code).toBe(200);
      expect(Object.keys(open.body.data.items[0]!).sort()).toEqual(['description', 'title']);

      // Operator content in the caller's language: the demo benefit has both.
      const [demoBenefit] = DEMO_BENEFITS;
      const inChinese = await t.api.call<{ items: { title: string; description: string }[] }>(
        '/api/system/system_benefits',
        {},
        { language: 'zh_CN' },
      );
      expect(inChinese.body.data.items[0]).toEqual({
        title: demoBenefit.titleZh,
        description: demoBenefit.descriptionZh,
      });
      const mineInChinese = await t.api.call<{ items: { title: string }[] }>(
        '/api/system/system_user_benefits',
        {},
        { token, language: 'zh_CN' },
      );
      expect(mineInChinese.body.data.items[0]!.title).toBe(demoBenefit.titleZh);
      expect(open.body.data.items[0]!.title).toBe(demoBenefit.title);
    });
  });

  describe('third-party client', () => {
    const state = (token: string) =>
      t.api.call<TpcState>('/api/user/user_third_party_client', {}, { token });
    const toggle = (token: string, enabled: boolean) =>
      t.api.call<TpcState>('/api/user/user_third_party_client_toggle', { enabled }, { token });
    const link = (token: string) =>
      t.api.call<{ url: string; expiresAt: string }>(
        '/api/user/user_third_party_client_link',
        {},
        { token },
      );
    const fetchSub = (url: string, headers: Record<string, string> = {}) => {
      const { pathname, search } = new URL(url);
      return t.app.inject({ method: 'GET', url: `${pathname}${search}`, headers });
    };

    async function member() {
      const user = await registerByUsername(t.api);
      await makeMember(user.userId);
      const relogin = await login(user.username);
      return { ...user, token: String(relogin.headers.pragma) };
    }

    it('needs an active membership to switch on', async () => {
      const user = await registerByUsername(t.api);
      const refused = await toggle(user.token, true);
      expect(refused.body.code).toBe(Errors.MEMBERSHIP_REQUIRED.code);
      expect((await state(user.token)).body.data).toMatchObject({
        enabled: false,
        membershipActive: false,
        speedLimitMbps: null,
      });
    });

    it('on: 10 Mbps stored for the nodes; off: unlimited; on again only after 7 days, by the server clock', async () => {
      const user = await member();
      const initial = await state(user.token);
      expect(initial.body.data).toMatchObject({
        enabled: false,
        nextEnableAt: null,
        enabledAt: null,
      });
      const on = await toggle(user.token, true);
      expect(on.body.code).toBe(200);
      expect(on.body.data).toMatchObject({ enabled: true, speedLimitMbps: 10 });
      const week = Date.parse(on.body.data.nextEnableAt!) - Date.parse(on.body.data.enabledAt!);
      expect(week).toBe(7 * 86_400_000);
      const speedOf = async () =>
        rowsOf<{ speed_limit_mbps: number | null }>(
          await db().execute(
            sql`SELECT speed_limit_mbps FROM third_party_clients WHERE user_id = ${user.userId}`,
          ),
        )[0]?.speed_limit_mbps;
      expect(await speedOf()).toBe(10);
      const off = await toggle(user.token, false);
      expect(off.body.data).toMatchObject({ enabled: false, speedLimitMbps: null });
      expect(await speedOf()).toBeNull();
      expect(off.body.data.nextEnableAt).toBe(on.body.data.nextEnableAt);
      const early = await toggle(user.token, true);
      expect(early.body.code).toBe(Errors.THIRD_PARTY_COOLDOWN.code);
      expect(early.body.data).toEqual({
        nextEnableAt: on.body.data.nextEnableAt,
        serverTime: expect.any(String),
      });
      // The cooldown survives a reload: a fresh read says the same.
      expect((await state(user.token)).body.data.nextEnableAt).toBe(on.body.data.nextEnableAt);
      // Seven days pass (moved in the database: the server's clock is the judge).
      await db()
        .execute(sql`UPDATE third_party_clients SET enabled_at = now() - interval '7 days 1 second'
        WHERE user_id = ${user.userId}`);
      const again = await toggle(user.token, true);
      expect(again.body.code).toBe(200);
      expect(again.body.data.enabled).toBe(true);
    });

    it('10 parallel switch-ons after a switch-off inside the cooldown: none passes', async () => {
      const user = await member();
      await toggle(user.token, true);
      await toggle(user.token, false);
      const results = await Promise.all(Array.from({ length: 10 }, () => toggle(user.token, true)));
      expect(results.every((r) => r.body.code === Errors.THIRD_PARTY_COOLDOWN.code)).toBe(true);
    });

    it('a link needs the function on', async () => {
      const user = await member();
      expect((await link(user.token)).body.code).toBe(Errors.THIRD_PARTY_NOT_ENABLED.code);
    });

    it('Clash Meta YAML by User-Agent, node by node; the link then answers 410; no-store', async () => {
      const user = await member();
      await toggle(user.token, true);
      const issued = await link(user.token);
      expect(issued.body.code).toBe(200);
      expect(issued.body.data.url).toMatch(/\/sub\/[A-Za-z0-9_-]{32}$/);
      const first = await fetchSub(issued.body.data.url, {
        'user-agent': 'ClashMetaForAndroid/2.10 mihomo',
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers['content-type']).toContain('yaml');
      const secret = rowsOf<{ s: string }>(
        await db().execute(sql`SELECT node_uuid::text AS s FROM users WHERE id = ${user.userId}`),
      )[0]!.s;
      const config = parseYaml(first.body) as {
        proxies: Record<string, unknown>[];
        'proxy-groups': { name: string; proxies: string[] }[];
      };
      expect(config.proxies).toHaveLength(DEMO_NODES.length);
      DEMO_NODES.forEach((node, i) => {
        const proxy = config.proxies[i]!;
        expect(proxy).toMatchObject({ name: node.name, server: node.host, port: node.port });
        if (node.protocol === 'vless')
          expect(proxy).toMatchObject({
            type: 'vless',
            uuid: secret,
            tls: true,
            servername: node.sni,
          });
        if (node.protocol === 'trojan')
          expect(proxy).toMatchObject({ type: 'trojan', password: secret, sni: node.sni });
        if (node.protocol === 'ss')
          expect(proxy).toMatchObject({ type: 'ss', cipher: node.method, password: secret });
      });
      expect(config['proxy-groups'][0]!.proxies).toEqual([
        ...DEMO_NODES.map((n) => n.name),
        'DIRECT',
      ]);
      const second = await fetchSub(issued.body.data.url, { 'user-agent': 'mihomo' });
      expect(second.statusCode).toBe(410);
      expect(second.body).not.toContain(secret);
    });

    it('sing-box JSON and base64 share links, node by node; ?format= wins over the User-Agent', async () => {
      const user = await member();
      await toggle(user.token, true);
      const singbox = await fetchSub((await link(user.token)).body.data.url, {
        'user-agent': 'SFA/1.9.0 (sing-box 1.9.0)',
      });
      expect(singbox.statusCode).toBe(200);
      const json = JSON.parse(singbox.body) as { outbounds: Record<string, unknown>[] };
      for (const node of DEMO_NODES) {
        const outbound = json.outbounds.find((o) => o.tag === node.name)!;
        expect(outbound).toMatchObject({
          type: node.protocol === 'ss' ? 'shadowsocks' : node.protocol,
          server: node.host,
          server_port: node.port,
        });
        if (node.protocol === 'ss') expect(outbound.method).toBe(node.method);
        else expect(outbound.tls).toEqual({ enabled: true, server_name: node.sni });
      }
      expect(json.outbounds[0]).toMatchObject({
        type: 'selector',
        outbounds: DEMO_NODES.map((n) => n.name),
      });

      const url = `${(await link(user.token)).body.data.url}?format=base64`;
      const plain = await fetchSub(url, { 'user-agent': 'clash-verge/1.0' });
      expect(plain.statusCode).toBe(200);
      const lines = Buffer.from(plain.body, 'base64').toString('utf8').split('\n');
      expect(lines).toHaveLength(DEMO_NODES.length);
      DEMO_NODES.forEach((node, i) => {
        const uri = new URL(lines[i]!);
        expect(uri.protocol).toBe(`${node.protocol}:`);
        expect(uri.hostname).toBe(node.host);
        expect(Number(uri.port)).toBe(node.port);
        expect(decodeURIComponent(uri.hash.slice(1))).toBe(node.name);
        if (node.protocol === 'ss') {
          const [method, password] = Buffer.from(decodeURIComponent(uri.username), 'base64url')
            .toString()
            .split(':');
          expect(method).toBe(node.method);
          expect(password).toMatch(/^[0-9a-f-]{36}$/);
        } else {
          expect(uri.username).toMatch(/^[0-9a-f-]{36}$/);
          expect(uri.searchParams.get('sni')).toBe(node.sni);
        }
      });
    });

    it('20 parallel fetches of one link: exactly one gets the nodes', async () => {
      const user = await member();
      await toggle(user.token, true);
      const { url } = (await link(user.token)).body.data;
      const results = await Promise.all(Array.from({ length: 20 }, () => fetchSub(url)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 410)).toHaveLength(19);
    });

    it('a newer link kills the older; switching off kills the live one; unknown tokens are 404', async () => {
      const user = await member();
      await toggle(user.token, true);
      const older = (await link(user.token)).body.data.url;
      const newer = (await link(user.token)).body.data.url;
      expect((await fetchSub(older)).statusCode).toBe(404);
      await toggle(user.token, false);
      expect((await fetchSub(newer)).statusCode).toBe(404);
      expect((await fetchSub('http://x/sub/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(
        404,
      );
      expect((await fetchSub('http://x/sub/bad')).statusCode).toBe(404);
    });
  });
});
