/**
 * The console's members section (issue 21, item 5; docs/console.md), through the real HTTP server
 * and database: exact search (325 never finds 1325), a member's record (groups, invites,
 * commissions, the ledger with each operator's reason and name, subscription fetches, all made
 * through the real flows), the support actions with
 * their audit entries, the outage compensation exactly once under two concurrent submissions, the
 * CLI's `users` commands on the same operator functions, and bad input refused in both languages
 * with nothing changed.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type { MemberRecord, MemberSummary } from '../../contract/endpoints/console-users';
import {
  auditLog,
  devices,
  membershipGrants,
  subscriptionLinks,
  users,
} from '../../server/db/schema';
import { PASSWORD, registerByUsername, type Registered } from './helpers/accounts';
import { groupCalls, groupRow, paySeat } from './helpers/group-buy';
import { commissionsOf, friendBuysAYear, newKol } from './helpers/kol';
import { enableThirdPartyClient, importLinkPath } from './helpers/nodes';
import { type SignedIn, as, describeConsole } from './helpers/console';
import { expectOk, purchase } from './helpers/store';

const E = consoleEndpoints;
const DAY_MS = 86_400_000;
const key = () => randomBytes(12).toString('hex');

await describeConsole('the console members section', { sandbox: true }, (t) => {
  // The console's clock starts at the real time: members' memberships and sessions share it.
  const { clock, db } = t;
  let support: SignedIn;
  let content: SignedIn;
  let ann: Registered;
  let bob: Registered;

  const asSupport = () => as(support);
  const userRow = async (userId: number) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0]!;
  const grantCount = async (userId: number) =>
    (
      await db()
        .select({ n: count() })
        .from(membershipGrants)
        .where(eq(membershipGrants.userId, userId))
    )[0]!.n;
  const audited = (action: string) => t.lastAudit(action);
  const userInfo = (token: string) => t.api.call('/api/system/system_user_info', {}, { token });
  const recordOf = async (userId: number): Promise<MemberRecord> => {
    const answer = await t.consoleCall<MemberRecord>(E.consoleUserRecord, { userId }, asSupport());
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  it('signs in a support and a content staff member; registers two members', async () => {
    support = await t.signedInStaff('sue_support', 'support');
    content = await t.signedInStaff('cid_content', 'content');
    ann = await registerByUsername(t.api);
    bob = await registerByUsername(t.api);
  });

  describe('search', () => {
    const search = async (q: string, language?: string) =>
      t.consoleCall<{ members: MemberSummary[] }>(
        E.consoleUserSearch,
        { q },
        { ...asSupport(), ...(language ? { headers: { language } } : {}) },
      );

    it('finds a member by the whole user ID, never by a part of it or a longer one', async () => {
      const byId = await search(String(ann.userId));
      expect(byId.body.code, byId.body.msg).toBe(200);
      expect(byId.body.data.members.map((m) => m.id)).toEqual([ann.userId]);
      // A username that contains the digits is not an ID match, and one more digit finds nobody.
      const digits = await registerByUsername(t.api, `u${ann.userId}${ann.userId}`);
      for (const q of [
        `${ann.userId}0`,
        `1${ann.userId}`,
        String(ann.userId).slice(0, -1) || '0',
      ]) {
        const other = await search(q);
        expect(other.body.data.members.map((m) => m.id)).not.toContain(ann.userId);
        expect(other.body.data.members.map((m) => m.id)).not.toContain(digits.userId);
      }
    });

    it('finds a username and an e-mail whole, in any case; a phone as typed with spaces', async () => {
      const upper = await search(ann.username.toUpperCase());
      expect(upper.body.data.members.map((m) => m.id)).toEqual([ann.userId]);
      expect((await search(ann.username.slice(0, -1))).body.data.members).toEqual([]);
      await db()
        .update(users)
        .set({ email: `ann-${ann.userId}@example.com`, phone: '+8613912345678' })
        .where(eq(users.id, ann.userId));
      const email = await search(`ANN-${ann.userId}@Example.com`);
      expect(email.body.data.members.map((m) => m.id)).toEqual([ann.userId]);
      expect((await search(`ann-${ann.userId}@example`)).body.data.members).toEqual([]);
      const phone = await search('139 1234 5678');
      expect(phone.body.data.members.map((m) => m.id)).toEqual([ann.userId]);
    });

    it('finds member 1325 by "1325" only, never by "325"', async () => {
      // The next account gets ID 1325, as the identity hands it out.
      await db().execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), 1324)`);
      const member = await registerByUsername(t.api);
      expect(member.userId).toBe(1325);
      expect((await search('325')).body.data.members).toEqual([]);
      expect((await search('1325')).body.data.members.map((m) => m.id)).toEqual([1325]);
      expect((await search('13250')).body.data.members).toEqual([]);
    });

    it('refuses an empty search with a translated error', async () => {
      const answer = await search('   ', 'zh_CN');
      expect(answer.body.code).toBe(Errors.REQUIRED_SEARCH.code);
      expect(answer.body.msg).toBe(Errors.REQUIRED_SEARCH.zh_CN);
    });
  });

  describe("one member's record and the actions on it", () => {
    it("shows a member's orders, sessions and devices", async () => {
      await purchase(t.api, ann.token);
      await db()
        .insert(devices)
        .values({
          userId: ann.userId,
          deviceId: `dev-${key()}`,
          deviceType: 0,
          os: 'android',
          deviceName: 'Pixel',
        });
      const record = await recordOf(ann.userId);
      expect(record.member.id).toBe(ann.userId);
      expect(record.orders).toHaveLength(1);
      expect(record.orders[0]!.status).toBe('pending');
      expect(record.sessions.length).toBeGreaterThanOrEqual(1);
      expect(record.devices.map((d) => d.name)).toContain('Pixel');
      const missing = await t.consoleCall(
        E.consoleUserRecord,
        { userId: 2_147_483_647 },
        asSupport(),
      );
      expect(missing.body.code).toBe(Errors.USER_NOT_FOUND.code);
    });

    it("shows a KOL's group, invites, commissions, membership changes and subscription fetches", async () => {
      const kol = await newKol(t.api, db());
      // A friend signs up with the code and buys 12 months in USD: one commission of 100 %.
      const { user: friend } = await friendBuysAYear(t, kol.inviteCode);
      // The KOL starts a pay-self group and pays the creator's share.
      const started = expectOk(
        await groupCalls(t.api).start(kol.token, { groupSize: 3, paymentType: 1 }),
      );
      expect(await paySeat(t.app, db(), started.orderId)).toBe('success');
      // Support gives 30 days with a reason; the CLI takes 2 back with another.
      const given = await t.consoleCall(
        E.consoleUserAdjustMembership,
        { userId: kol.userId, days: 30, reason: 'Goodwill for ticket 77', key: key() },
        asSupport(),
      );
      expect(given.body.code, given.body.msg).toBe(200);
      const taken = await t.runCli([
        'users',
        'shorten',
        String(kol.userId),
        '--days',
        '2',
        '--reason',
        'Overlap with the group',
      ]);
      expect(taken.code, taken.err.join('\n')).toBe(0);
      // A client fetches the import link, then asks the used link again: served, then refused.
      await enableThirdPartyClient(t.api, kol.token);
      const link = await importLinkPath(t.api, kol.token);
      for (const [userAgent, status] of [
        ['ClashForAndroid/2.5.12', 200],
        ['curl/8.5.0', 410],
      ] as const) {
        const fetched = await t.app.inject({
          method: 'GET',
          url: link,
          headers: { 'user-agent': userAgent },
          remoteAddress: '203.0.113.9',
        });
        expect(fetched.statusCode).toBe(status);
      }

      const record = await recordOf(kol.userId);
      const group = await groupRow(db(), started.inviteToken);
      expect(record.groups).toEqual([
        { groupId: group.groupNo, role: 'creator', status: 'open', createdAt: expect.any(String) },
      ]);
      expect(record.invites.count).toBe(1);
      expect(record.invites.recent.map((i) => i.userId)).toEqual([friend.userId]);
      const [commission] = await commissionsOf(db(), kol.userId);
      expect(commission!.commissionCents).toBe(4799);
      expect(record.commissions).toEqual({
        count: 1,
        centsByStatus: { [commission!.status]: 4799 },
      });
      // The ledger, newest first (a group's seat grants time when the group finishes): the CLI's
      // shortening, then support's extension.
      expect(
        record.grants.map(({ source, seconds, reason, by }) => ({ source, seconds, reason, by })),
      ).toEqual([
        {
          source: 'admin',
          seconds: (-2 * DAY_MS) / 1000,
          reason: 'Overlap with the group',
          by: { kind: 'cli', staffId: null, username: null },
        },
        {
          source: 'admin',
          seconds: (30 * DAY_MS) / 1000,
          reason: 'Goodwill for ticket 77',
          by: { kind: 'staff', staffId: expect.any(Number), username: 'sue_support' },
        },
      ]);
      expect(record.fetches.map(({ ip, client, served }) => ({ ip, client, served }))).toEqual([
        { ip: '203.0.113.9', client: 'curl/8.5.0', served: false },
        { ip: '203.0.113.9', client: 'ClashForAndroid/2.5.12', served: true },
      ]);
      expect(Date.parse(record.fetches[0]!.fetchedAt)).toBeGreaterThanOrEqual(
        Date.parse(record.fetches[1]!.fetchedAt),
      );
      // Another member's record holds none of it.
      const other = await recordOf(friend.userId);
      expect(other.fetches).toEqual([]);
      expect(other.groups).toEqual([]);
      expect(other.commissions).toEqual({ count: 0, centsByStatus: {} });
      // The friend's time came from the purchase: no operator, no reason.
      expect(other.grants.map(({ source, reason, by }) => ({ source, reason, by }))).toContainEqual(
        { source: 'order', reason: null, by: null },
      );
      expect(other.grants.every((g) => g.by === null && g.reason === null)).toBe(true);
    });

    it('extends a membership once per submission, with the reason in the audit trail', async () => {
      const submission = key();
      const extend = () =>
        t.consoleCall<{ expireTime: string; planType: number }>(
          E.consoleUserAdjustMembership,
          { userId: bob.userId, days: 10, reason: 'Support ticket 4711', key: submission },
          asSupport(),
        );
      const first = await extend();
      expect(first.body.code, first.body.msg).toBe(200);
      expect(Date.parse(first.body.data.expireTime)).toBe(clock.ms + 10 * DAY_MS);
      expect(first.body.data.planType).toBe(1);
      const again = await extend();
      expect(again.body.data.expireTime).toBe(first.body.data.expireTime);
      expect(await grantCount(bob.userId)).toBe(1);
      expect((await userRow(bob.userId)).expireTime!.getTime()).toBe(clock.ms + 10 * DAY_MS);
      const entry = await audited('member.membership');
      expect(entry!.actorUsername).toBe('sue_support');
      expect(entry!.target).toBe(`user:${bob.userId}`);
      expect(entry!.before).toEqual({ expireTime: null, planType: null });
      expect(entry!.after).toMatchObject({ days: 10, reason: 'Support ticket 4711' });
    });

    it('shortens an active membership, never below now; an ended one cannot be shortened', async () => {
      const shortened = await t.consoleCall<{ expireTime: string }>(
        E.consoleUserAdjustMembership,
        { userId: bob.userId, days: -3, reason: 'Refund by hand', key: key() },
        asSupport(),
      );
      expect(Date.parse(shortened.body.data.expireTime)).toBe(clock.ms + 7 * DAY_MS);
      const toNow = await t.consoleCall<{ expireTime: string }>(
        E.consoleUserAdjustMembership,
        { userId: bob.userId, days: -30, reason: 'Chargeback', key: key() },
        asSupport(),
      );
      expect(Date.parse(toNow.body.data.expireTime)).toBe(clock.ms);
      const before = await grantCount(bob.userId);
      const refused = await t.consoleCall(
        E.consoleUserAdjustMembership,
        { userId: bob.userId, days: -1, reason: 'Chargeback', key: key() },
        { ...asSupport(), headers: { language: 'zh_CN' } },
      );
      expect(refused.body.code).toBe(Errors.MEMBERSHIP_NOT_ACTIVE.code);
      expect(refused.body.msg).toBe(Errors.MEMBERSHIP_NOT_ACTIVE.zh_CN);
      expect(await grantCount(bob.userId)).toBe(before);
    });

    it('refuses bad input with a translated error and changes nothing', async () => {
      const before = await userRow(bob.userId);
      const audits = await t.auditCount();
      for (const [input, error] of [
        [{ days: 5, reason: '', key: key() }, Errors.REASON_REQUIRED],
        [{ days: 5, reason: 'x'.repeat(501), key: key() }, Errors.REASON_TOO_LONG],
        [{ days: 0, reason: 'Because', key: key() }, Errors.ADJUST_DAYS_INVALID],
        [{ days: 1.5, reason: 'Because', key: key() }, Errors.ADJUST_DAYS_INVALID],
        [{ days: 99_999, reason: 'Because', key: key() }, Errors.ADJUST_DAYS_INVALID],
        [{ days: 5, reason: 'Because', key: 'short' }, Errors.BAD_REQUEST],
      ] as const) {
        const answer = await t.consoleCall(
          E.consoleUserAdjustMembership,
          { userId: bob.userId, ...input },
          { ...asSupport(), headers: { language: 'zh_CN' } },
        );
        expect(answer.body.code, JSON.stringify(input)).toBe(error.code);
        expect(answer.body.msg).toBe(error.zh_CN);
      }
      expect(await userRow(bob.userId)).toEqual(before);
      expect(await t.auditCount()).toBe(audits);
    });

    it('disables an account (its sessions end at once) and enables it again', async () => {
      expect((await userInfo(ann.token)).body.code).toBe(200);
      const off = await t.consoleCall(
        E.consoleUserSetDisabled,
        { userId: ann.userId, disabled: true, reason: 'Abuse report 12' },
        asSupport(),
      );
      expect(off.body.code, off.body.msg).toBe(200);
      expect((await userInfo(ann.token)).httpStatus).toBe(401);
      expect((await userRow(ann.userId)).disabled).toBe(true);
      expect((await audited('member.disable'))!.after).toMatchObject({
        reason: 'Abuse report 12',
      });
      const on = await t.consoleCall(
        E.consoleUserSetDisabled,
        { userId: ann.userId, disabled: false, reason: 'Cleared after review' },
        asSupport(),
      );
      expect(on.body.code).toBe(200);
      expect((await userRow(ann.userId)).disabled).toBe(false);
      const again = await t.api.call('/api/user/user_login', {
        account: ann.username,
        password: PASSWORD,
      });
      expect(again.body.code, again.body.msg).toBe(200);
      ann = { ...ann, token: String(again.headers.pragma) };
    });

    it('signs a member out everywhere, resets the subscription and removes a device', async () => {
      expect((await userInfo(ann.token)).body.code).toBe(200);
      const out = await t.consoleCall<{ sessionsEnded: number }>(
        E.consoleUserSignOut,
        { userId: ann.userId },
        asSupport(),
      );
      expect(out.body.data.sessionsEnded).toBeGreaterThanOrEqual(1);
      expect((await userInfo(ann.token)).httpStatus).toBe(401);

      const credential = (await userRow(ann.userId)).nodeUuid;
      await db()
        .insert(subscriptionLinks)
        .values({
          userId: ann.userId,
          tokenHash: key(),
          expiresAt: new Date(Date.now() + DAY_MS),
        });
      const reset = await t.consoleCall(
        E.consoleUserResetSubscription,
        { userId: ann.userId },
        asSupport(),
      );
      expect(reset.body.code, reset.body.msg).toBe(200);
      expect((await userRow(ann.userId)).nodeUuid).not.toBe(credential);
      expect(
        await db().select().from(subscriptionLinks).where(eq(subscriptionLinks.userId, ann.userId)),
      ).toEqual([]);

      const [device] = await db()
        .select()
        .from(devices)
        .where(and(eq(devices.userId, ann.userId), eq(devices.deviceName, 'Pixel')));
      const removed = await t.consoleCall(
        E.consoleUserRemoveDevice,
        { userId: ann.userId, deviceId: device!.id },
        asSupport(),
      );
      expect(removed.body.code, removed.body.msg).toBe(200);
      expect(await db().select().from(devices).where(eq(devices.id, device!.id))).toEqual([]);
      const again = await t.consoleCall(
        E.consoleUserRemoveDevice,
        { userId: ann.userId, deviceId: device!.id },
        asSupport(),
      );
      expect(again.body.code).toBe(Errors.DEVICE_NOT_FOUND.code);
      for (const action of ['member.sign-out', 'member.reset-subscription', 'member.remove-device'])
        expect((await audited(action))!.actorUsername, action).toBe('sue_support');
    });

    it('is not for the content role', async () => {
      const answer = await t.consoleCall(
        E.consoleUserRecord,
        { userId: ann.userId },
        { cookie: content.cookie },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(Errors.CONSOLE_FORBIDDEN.code);
    });
  });

  describe('outage compensation', () => {
    const activeExpiries = async () =>
      new Map(
        (
          await db()
            .select({ id: users.id, expireTime: users.expireTime })
            .from(users)
            .where(
              sql`${users.deletedAt} IS NULL AND ${users.planType} IS NOT NULL AND ${users.expireTime} > ${clock.date()}`,
            )
        ).map((r) => [r.id, r.expireTime!.getTime()]),
      );

    it('asks for a fresh second factor, then extends every active member exactly once', async () => {
      // Active members at the console's clock: two given time through the console.
      for (const member of [ann, bob]) {
        const given = await t.consoleCall(
          E.consoleUserAdjustMembership,
          { userId: member.userId, days: 20, reason: 'Set up for the outage test', key: key() },
          asSupport(),
        );
        expect(given.body.code, given.body.msg).toBe(200);
      }
      const before = await activeExpiries();
      expect(before.size).toBeGreaterThanOrEqual(2);
      const preview = await t.consoleCall<{ activeMembers: number }>(
        E.consoleBulkExtendPreview,
        {},
        asSupport(),
      );
      expect(preview.body.data.activeMembers).toBe(before.size);

      const submission = { days: 3, reason: 'Outage on 2026-11-20', key: key() };
      clock.advance(6 * 60_000);
      const stale = await t.consoleCall(E.consoleBulkExtend, submission, asSupport());
      expect(stale.status).toBe(403);
      expect(stale.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
      expect(await activeExpiries()).toEqual(before);

      // A fresh session (its code is a fresh second factor); two tabs submit the same form at once.
      support = await t.signedInStaff('sue_fresh', 'support');
      const [one, two] = await Promise.all([
        t.consoleCall<{ extended: number; applied: boolean }>(
          E.consoleBulkExtend,
          submission,
          asSupport(),
        ),
        t.consoleCall<{ extended: number; applied: boolean }>(
          E.consoleBulkExtend,
          submission,
          asSupport(),
        ),
      ]);
      expect(one.body.code, one.body.msg).toBe(200);
      expect(two.body.code, two.body.msg).toBe(200);
      expect([one.body.data.applied, two.body.data.applied].sort()).toEqual([false, true]);
      expect(one.body.data.extended).toBe(before.size);
      expect(two.body.data.extended).toBe(before.size);

      const after = await activeExpiries();
      for (const [id, expiry] of before)
        expect(after.get(id), `user ${id}`).toBe(expiry + 3 * DAY_MS);
      const [bulkGrants] = await db()
        .select({ n: count() })
        .from(membershipGrants)
        .where(
          and(eq(membershipGrants.source, 'admin'), like(membershipGrants.sourceRef, 'bulk:%')),
        );
      expect(bulkGrants!.n).toBe(before.size);
      const entries = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'member.extend-active'));
      expect(entries).toHaveLength(1);
      expect(entries[0]!.after).toMatchObject({ days: 3, extended: before.size });
      // Each member's record names the compensation, its reason and who applied it.
      expect((await recordOf(bob.userId)).grants[0]).toMatchObject({
        source: 'admin',
        seconds: 3 * 86_400,
        reason: 'Outage on 2026-11-20',
        by: { kind: 'staff', username: 'sue_fresh' },
      });
    });
  });

  describe('the CLI', () => {
    it('finds, shows and extends through the same operator functions, audited as the CLI', async () => {
      const found = await t.runCli(['users', 'find', String(bob.userId)]);
      expect(found.code, found.err.join('\n')).toBe(0);
      expect(found.out[1]).toMatch(new RegExp(`^${bob.userId}\\s+${bob.username}`));
      const nobody = await t.runCli(['users', 'find', `${bob.userId}9`]);
      expect(nobody.out.join('\n')).not.toContain(bob.username);

      const before = (await userRow(bob.userId)).expireTime!.getTime();
      const extended = await t.runCli([
        'users',
        'extend',
        String(bob.userId),
        '--days',
        '2',
        '--reason',
        'Goodwill',
      ]);
      expect(extended.code, extended.err.join('\n')).toBe(0);
      expect((await userRow(bob.userId)).expireTime!.getTime()).toBe(before + 2 * DAY_MS);
      const entry = await audited('member.membership');
      expect(entry!.actorKind).toBe('cli');
      expect(entry!.after).toMatchObject({ days: 2, reason: 'Goodwill' });

      const shown = await t.runCli(['users', 'show', String(bob.userId)]);
      expect(shown.out.join('\n')).toContain('Membership ledger');
      // The extension's row says who made it and why, as the console's record does.
      const extensionRow = shown.out.find((line) => line.includes('Goodwill'));
      expect(extensionRow, shown.out.join('\n')).toMatch(/\bcli\s+Goodwill$/);

      const preview = await t.runCli([
        'users',
        'extend-active',
        '--days',
        '1',
        '--reason',
        'Preview only',
      ]);
      expect(preview.out[0]).toMatch(/^\d+ active members would get 1 more days/);
      expect((await userRow(bob.userId)).expireTime!.getTime()).toBe(before + 2 * DAY_MS);

      const missing = await t.runCli(['users', 'sign-out', '2147483647']);
      expect(missing.code).toBe(1);
      expect(missing.err.join('\n')).toContain(Errors.USER_NOT_FOUND.en);
      const usage = await t.runCli(['users', 'extend', String(bob.userId)]);
      expect(usage.code).toBe(2);
    });
  });
});
