/**
 * Group buy through the real API, notify routes and dev routes, on PGlite and PostgreSQL: starting,
 * the creator-first rule, the join blocks (translated), bad input changing nothing, pay self and pay
 * all to the finish with one grant per member, reservations living as long as their order, the
 * ending job (refunds, 'refund due', redeem codes for unused seats), late payments refunded, a refund
 * after the finish, a gateway fault, the visitor's view and the service switch.
 */
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { Errors } from '../../contract';
import {
  groupBuys,
  groupMembers,
  messageQueue,
  paymentFlags,
  redeemCodes,
  settings,
  users,
} from '../../server/db/schema';
import { runAdmin } from '../../server/admin/cli';
import { adminCapabilities } from '../../server/admin/context';
import { endGroupsOnce } from '../../server/group-buy/group-ending';
import {
  GatewayError,
  paymentGatewaysOf,
  type Gateway,
  type PaymentGateways,
} from '../../server/gateways/gateway';
import { refundOrder } from '../../server/payments/refund-order';
import type { ConfiguredGateways } from '../../server/gateways/registry';
import {
  groupCalls,
  groupGrants,
  groupRow,
  groupWithOneShareUnpaid,
  makeUsers,
  openGroup,
  paySeat,
  seatStates,
} from './helpers/group-buy';
import {
  orderOf,
  paymentsOf,
  SANDBOX_SECRET,
  testPaymentGateways,
  userOf,
} from './helpers/payments';
import { expectOk } from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const HOUR = 3_600_000;

describe.each(variants)('group buy on $name', (variant) => {
  let t: TestApp;
  let real: ConfiguredGateways;
  let registry: PaymentGateways;
  /** The sandbox, with switches to make it fail: hand-off down, refund down, refund not possible. */
  const faults = { createPayment: false, refund: false, noRefundApi: false };
  beforeAll(async () => {
    real = await testPaymentGateways();
    const sandbox = real.byName('sandbox')!;
    // The real sandbox (it verifies the notifications), with its hand-off and refund switchable.
    const wrapped: Gateway = Object.assign(Object.create(sandbox) as Gateway, {
      async createPayment(input: Parameters<Gateway['createPayment']>[0]) {
        if (faults.createPayment) throw new GatewayError('sandbox', 'down (test)');
        return sandbox.createPayment(input);
      },
      async refund(payment: Parameters<Gateway['refund']>[0]) {
        if (faults.noRefundApi)
          throw new GatewayError('sandbox', 'this aggregator has no refund API configured (test)');
        if (faults.refund) throw new GatewayError('sandbox', 'timeout (test)');
        return sandbox.refund(payment);
      },
    });
    registry = paymentGatewaysOf({ alipay: wrapped, wechat: wrapped });
    t = await startTestApp(variant, {
      env: { SANDBOX_SECRET },
      overrides: { paymentGateways: registry },
    });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.kestrel.database.db;
  const calls = () => groupCalls(t.api);
  /** An e-mail and a language, so the member's messages are queued (docs/messages.md). */
  const giveAddress = (userId: number, language: 'en' | 'zh_CN') =>
    db()
      .update(users)
      .set({ email: `member-${userId}@example.org`, language })
      .where(eq(users.id, userId));
  /** The ending job as the app runs it (same gateways), with an optional later clock. */
  const job = (clock?: () => Date) =>
    endGroupsOnce({ db: db(), gateways: registry, ...(clock ? { now: clock } : {}) });
  const counts = async () => {
    const [g] = await db().select({ n: count() }).from(groupBuys);
    const [m] = await db().select({ n: count() }).from(groupMembers);
    return { groups: g!.n, members: m!.n };
  };
  const devPost = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: '127.0.0.1' },
      ...(payload ? { payload } : {}),
    });

  it('the goods list carries the seat prices, and the switch', async () => {
    const shop = expectOk(
      await t.api.call<{
        goods: {
          productId: number;
          groupPrices: { size: number; prices: { amount: number }[] }[];
        }[];
        groupBuy: { enabled: boolean; hours: number };
      }>('/api/payment/payment_shop'),
    );
    const year = shop.goods.find((g) => g.productId === 104)!;
    expect(year.groupPrices.map((g) => [g.size, g.prices[0]!.amount])).toEqual([
      [2, 24480],
      [3, 21600],
    ]);
    expect(shop.groupBuy).toEqual({ enabled: true, hours: 24 });
  });

  it('the creator pays first: before that the link and joining say "creator has not paid"; then the group opens for 24 hours', async () => {
    const [creator, friend] = await makeUsers(db(), 2);
    const started = expectOk(await calls().start(creator!.token, { groupSize: 3, paymentType: 1 }));
    expect(started.inviteToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(started.inviteLink).toBe(
      `http://127.0.0.1:${t.app.kestrel.config.port}/group-buying?group=${started.inviteToken}`,
    );
    expect(started.total).toEqual({ amount: 21600, currency: 'CNY' });
    const zh = await calls().view(friend!.token, started.inviteToken, 'zh_CN');
    expect(zh.body.code).toBe(Errors.GROUP_CREATOR_NOT_PAID.code);
    expect(zh.body.msg).toBe(Errors.GROUP_CREATOR_NOT_PAID.zh_CN);
    expect((await calls().joinForPay(friend!.token, started.inviteToken)).body.code).toBe(
      Errors.GROUP_CREATOR_NOT_PAID.code,
    );
    // The creator sees their own group waiting for the payment.
    const mine = expectOk(await calls().created(creator!.token));
    expect(mine.groups.map((g) => [g.groupId, g.state, g.isCreator, g.myState])).toEqual([
      [started.groupId, 'awaiting_payment', true, 'reserved'],
    ]);
    expect(mine.groups[0]!.myPayUrl).toBe(started.payUrl);

    const before = Date.now();
    expect(await paySeat(t.app, db(), started.orderId)).toBe('success');
    const view = expectOk(await calls().view(friend!.token, started.inviteToken));
    expect(view.group.state).toBe('open');
    expect(view.group.seatsPaid).toBe(1);
    expect(view.block).toBeNull();
    const ends = Date.parse(view.group.endsAt!) - Date.parse(view.group.openedAt!);
    expect(ends).toBe(24 * HOUR);
    expect(Date.parse(view.group.openedAt!)).toBeGreaterThanOrEqual(before - 1000);
    // Paying the share does not grant the plan yet: the group grants it when it finishes.
    expect(await groupGrants(db(), started.inviteToken)).toEqual([]);
  });

  it('a group whose creator never pays expires with the order and leaves nothing behind', async () => {
    const [creator, friend] = await makeUsers(db(), 2);
    const started = expectOk(await calls().start(creator!.token));
    const expired = await devPost(`/dev/orders/${started.orderId}/expire`);
    expect(expired.json()).toMatchObject({ status: 'expired' });
    expect((await groupRow(db(), started.inviteToken)).state).toBe('void');
    expect((await calls().view(friend!.token, started.inviteToken)).body.code).toBe(
      Errors.GROUP_NOT_FOUND.code,
    );
    expect(expectOk(await calls().created(creator!.token)).groups).toEqual([]);
    expect(await seatStates(db(), started.inviteToken)).toEqual({ released: 1 });
  });

  it('pay self of 3: two friends join and pay; the last payment finishes the group and grants all three once', async () => {
    const { creator, started } = await openGroup(t.api, t.app, db(), {
      groupSize: 3,
      paymentType: 1,
    });
    const [a, b] = await makeUsers(db(), 2);
    const shareA = expectOk(await calls().joinForPay(a!.token, started.inviteToken));
    // Joining again while the seat is reserved continues the same order.
    const again = expectOk(await calls().joinForPay(a!.token, started.inviteToken));
    expect(again.orderId).toBe(shareA.orderId);
    const shareB = expectOk(await calls().joinForPay(b!.token, started.inviteToken));
    await paySeat(t.app, db(), shareA.orderId);
    expect((await calls().joinForPay(a!.token, started.inviteToken)).body.code).toBe(
      Errors.GROUP_ALREADY_JOINED.code,
    );
    await paySeat(t.app, db(), shareB.orderId);
    const group = await groupRow(db(), started.inviteToken);
    expect(group.state).toBe('finished');
    for (const member of [creator, a!, b!]) {
      const user = await userOf(db(), member.userId);
      expect(user.planType).toBe(1);
      // Standard 12 months: a yearly plan.
      expect(user.yearlyPaid).toBe(true);
      expect(user.expireTime!.getTime()).toBeGreaterThan(Date.now() + 364 * 24 * HOUR);
    }
    expect(await groupGrants(db(), started.inviteToken)).toHaveLength(3);
    const joined = expectOk(await calls().participated(a!.token));
    expect(joined.groups.map((g) => [g.groupId, g.status, g.myState, g.isCreator])).toEqual([
      [started.groupId, 1, 'paid', false],
    ]);
    expect(joined.groups[0]!.amountPaid).toEqual({ amount: 3 * 21600, currency: 'CNY' });
    // The profile's orders mark a share as a group order.
    const orders = expectOk(
      await t.api.call<{ orders: { orderId: string; groupOrder: boolean }[] }>(
        '/api/payment/payment_order',
        {},
        { token: a!.token },
      ),
    );
    expect(orders.orders.map((o) => [o.orderId, o.groupOrder])).toEqual([[shareA.orderId, true]]);
    const full = await calls().joinForPay(
      (await makeUsers(db(), 1))[0]!.token,
      started.inviteToken,
    );
    expect(full.body.code).toBe(Errors.GROUP_FULL.code);
  });

  it('pay all of 2: the friend joins free, the group finishes at once; the free seat is granted under the group', async () => {
    const { creator, started } = await openGroup(t.api, t.app, db(), {
      groupSize: 2,
      paymentType: 0,
    });
    expect(started.total).toEqual({ amount: 2 * 24480, currency: 'CNY' });
    const [friend, late] = await makeUsers(db(), 2);
    await giveAddress(friend!.userId, 'en');
    await giveAddress(creator.userId, 'zh_CN');
    expect((await calls().joinForPay(friend!.token, started.inviteToken)).body.code).toBe(
      Errors.GROUP_JOIN_FREE.code,
    );
    const joined = expectOk(await calls().join(friend!.token, started.inviteToken));
    expect(joined.group.state).toBe('finished');
    // Each is told, once, in their own language (docs/messages.md): the creator that a friend
    // joined, and both that the group is complete.
    const { groupNo } = await groupRow(db(), started.inviteToken);
    const told = await db()
      .select({ key: messageQueue.dedupeKey, subject: messageQueue.subject })
      .from(messageQueue)
      .where(sql`${messageQueue.dedupeKey} LIKE ${`group-%:${groupNo}:%`}`)
      .orderBy(messageQueue.dedupeKey);
    expect(told).toEqual(
      [
        {
          key: `group-joined:${groupNo}:${friend!.userId}`,
          subject: `红隼 VPN：有好友加入了您的拼团 ${groupNo}`,
        },
        {
          key: `group-finished:${groupNo}:${creator.userId}`,
          subject: `红隼 VPN：拼团 ${groupNo} 已成团`,
        },
        {
          key: `group-finished:${groupNo}:${friend!.userId}`,
          subject: `Kestrel VPN: group ${groupNo} is complete`,
        },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    expect(joined.group.status).toBe(1);
    expect(joined.group.myState).toBe('joined');
    const grants = await groupGrants(db(), started.inviteToken);
    expect(grants.map((g) => [g.user_id, g.source]).sort()).toEqual(
      [
        [creator.userId, 'order'],
        [friend!.userId, 'group'],
      ].sort(),
    );
    expect((await calls().join(late!.token, started.inviteToken)).body.code).toBe(
      Errors.GROUP_FULL.code,
    );
  });

  it('each block, translated, changing nothing: own group, already joined, full, ended, wrong join kind', async () => {
    const { creator, started } = await openGroup(t.api, t.app, db(), {
      groupSize: 2,
      paymentType: 1,
    });
    const before = await counts();
    const own = await calls().joinForPay(creator.token, started.inviteToken, 'zh_CN');
    expect([own.body.code, own.body.msg]).toEqual([Errors.GROUP_OWN.code, Errors.GROUP_OWN.zh_CN]);
    expect(expectOk(await calls().view(creator.token, started.inviteToken)).block).toBe(
      Errors.GROUP_OWN.code,
    );
    const [friend, third] = await makeUsers(db(), 2);
    expect((await calls().join(friend!.token, started.inviteToken)).body.code).toBe(
      Errors.GROUP_PAY_OWN_SHARE.code,
    );
    expect(await counts()).toEqual(before);
    expectOk(await calls().joinForPay(friend!.token, started.inviteToken));
    const viewOfThird = expectOk(await calls().view(third!.token, started.inviteToken));
    expect(viewOfThird.block).toBe(Errors.GROUP_FULL.code);
    const full = await calls().joinForPay(third!.token, started.inviteToken, 'zh_CN');
    expect([full.body.code, full.body.msg]).toEqual([
      Errors.GROUP_FULL.code,
      Errors.GROUP_FULL.zh_CN,
    ]);
    // Ended: the dev route ends it now.
    const ended = await devPost(`/dev/group-buy/${started.inviteToken}/end`);
    expect(ended.json()).toMatchObject({ state: 'ended' });
    const late = await calls().joinForPay(third!.token, started.inviteToken);
    expect(late.body.code).toBe(Errors.GROUP_ENDED.code);
    expect(expectOk(await calls().view(undefined, started.inviteToken)).group.state).toBe('ended');
  });

  it('bad input gets a translated error and creates nothing', async () => {
    const [user] = await makeUsers(db(), 1);
    const before = await counts();
    const cases: [Record<string, unknown>, number][] = [
      [{ groupSize: 4 }, Errors.GROUP_SIZE_INVALID.code],
      [{ groupSize: '2' }, Errors.GROUP_SIZE_INVALID.code],
      [{ paymentType: 2 }, Errors.GROUP_PAYMENT_TYPE_INVALID.code],
      [{ productId: 999 }, Errors.INVALID_PRODUCT_ID.code],
      [{ method: 'unionpay' }, Errors.PAYMENT_METHOD_UNAVAILABLE.code],
      [{ currency: 'EUR' }, Errors.BAD_REQUEST.code],
    ];
    for (const [params, code] of cases) {
      const result = await calls().start(user!.token, params as never, 'zh_CN');
      expect([result.body.code, result.body.msg], JSON.stringify(params)).toEqual([
        code,
        Object.values(Errors).find((e) => e.code === code)!.zh_CN,
      ]);
    }
    // A plan the operator gave no group price for that size.
    await db().execute(sql`DELETE FROM group_prices WHERE plan_id = 201 AND size = 3`);
    expect((await calls().start(user!.token, { productId: 201, groupSize: 3 })).body.code).toBe(
      Errors.GROUP_NOT_OFFERED.code,
    );
    for (const token of ['short', 'x'.repeat(32).replace(/x/g, '!'), 'A'.repeat(32)]) {
      expect((await calls().view(undefined, token)).body.code).toBe(Errors.GROUP_NOT_FOUND.code);
      expect((await calls().join(user!.token, token)).body.code).toBe(Errors.GROUP_NOT_FOUND.code);
    }
    expect(await counts()).toEqual(before);
  });

  it('a reservation lives as long as its order: the expired order frees the seat for someone else', async () => {
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 2, paymentType: 1 });
    const [first, second] = await makeUsers(db(), 2);
    const share = expectOk(await calls().joinForPay(first!.token, started.inviteToken));
    expect((await calls().joinForPay(second!.token, started.inviteToken)).body.code).toBe(
      Errors.GROUP_FULL.code,
    );
    await devPost(`/dev/orders/${share.orderId}/expire`);
    expect(await seatStates(db(), started.inviteToken)).toEqual({ paid: 1, released: 1 });
    const took = expectOk(await calls().joinForPay(second!.token, started.inviteToken));
    // The first one's late payment finds the seat gone: it keeps no seat and is refunded.
    await paySeat(t.app, db(), share.orderId);
    await paySeat(t.app, db(), took.orderId);
    expect((await groupRow(db(), started.inviteToken)).state).toBe('finished');
    await job();
    expect((await paymentsOf(db(), share.orderId))[0]!.status).toBe('refunded');
    expect(await seatStates(db(), started.inviteToken)).toEqual({ paid: 2, refunded: 1 });
  });

  it('a friend who let a share expire and took another: the late payment of the first is refunded, not a second seat', async () => {
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 3, paymentType: 1 });
    const [friend] = await makeUsers(db(), 1);
    const first = expectOk(await calls().joinForPay(friend!.token, started.inviteToken));
    await devPost(`/dev/orders/${first.orderId}/expire`);
    const second = expectOk(await calls().joinForPay(friend!.token, started.inviteToken));
    // The gateway still took the first one: the notification is answered, the money is recorded.
    expect(await paySeat(t.app, db(), first.orderId)).toBe('success');
    expect((await paymentsOf(db(), first.orderId))[0]!.status).toBe('paid');
    expect(await seatStates(db(), started.inviteToken)).toEqual({
      paid: 1,
      released: 1,
      reserved: 1,
    });
    const order = (await orderOf(db(), first.orderId))!;
    const flags = await db().select().from(paymentFlags).where(eq(paymentFlags.orderId, order.id));
    // Paid after its order expired, and for a seat the friend no longer holds.
    expect(flags.map((f) => f.reason).sort()).toEqual(['group_seat_unavailable', 'late_payment']);
    // The seat they hold now is theirs to pay; the first payment goes back.
    await paySeat(t.app, db(), second.orderId);
    await job();
    expect((await paymentsOf(db(), first.orderId))[0]!.status).toBe('refunded');
    expect(await seatStates(db(), started.inviteToken)).toEqual({ paid: 2, refunded: 1 });
    expect((await groupRow(db(), started.inviteToken)).state).toBe('open');
  });

  it('pay self ended unfilled: each paid share goes back through the gateway; a payment after the end too', async () => {
    const { creator, started, a, shareA, shareB } = await groupWithOneShareUnpaid(
      t.api,
      t.app,
      db(),
    );
    // Before the end: what was really paid (two shares), not seats x price.
    expect(expectOk(await calls().created(creator.token)).groups[0]!.amountPaid).toEqual({
      amount: 2 * 21600,
      currency: 'CNY',
    });
    const report = await job(() => new Date(Date.now() + 25 * HOUR));
    expect(report.ended).toContain(started.groupId);
    expect(report.refunded).toEqual(expect.arrayContaining([started.orderId, shareA.orderId]));
    // B pays after the end (the order is still open): refunded, never kept.
    await paySeat(t.app, db(), shareB.orderId);
    await job();
    for (const no of [started.orderId, shareA.orderId, shareB.orderId])
      expect((await orderOf(db(), no))!.status).toBe('refunded');
    expect(await seatStates(db(), started.inviteToken)).toEqual({ refunded: 3 });
    expect(await groupGrants(db(), started.inviteToken)).toEqual([]);
    const mine = expectOk(await calls().created(creator.token));
    expect(mine.groups[0]!.state).toBe('ended');
    expect(mine.groups[0]!.myState).toBe('refunded');
    // Every share went back: the group kept nothing, whatever its seats and price.
    expect(mine.groups[0]!.amountPaid).toEqual({ amount: 0, currency: 'CNY' });
    expect(mine.groups[0]!.total).toEqual({ amount: 3 * 21600, currency: 'CNY' });
    expect(expectOk(await calls().participated(a.token)).groups[0]!.amountPaid.amount).toBe(0);
  });

  it('pay all ended unfilled: the creator gets the plan and one single-use code per unused seat', async () => {
    const { creator, started } = await openGroup(t.api, t.app, db(), {
      groupSize: 3,
      paymentType: 0,
    });
    const [friend, redeemer] = await makeUsers(db(), 2);
    await giveAddress(friend!.userId, 'en');
    await giveAddress(creator.userId, 'zh_CN');
    expectOk(await calls().join(friend!.token, started.inviteToken));
    await devPost(`/dev/group-buy/${started.inviteToken}/end`);
    // Each is told what the end means for them, in their language, once.
    const { groupNo } = await groupRow(db(), started.inviteToken);
    const endedText = async (userId: number) =>
      (
        await db()
          .select({ body: messageQueue.body })
          .from(messageQueue)
          .where(eq(messageQueue.dedupeKey, `group-ended:${groupNo}:${userId}`))
      ).map((r) => r.body);
    expect(await endedText(creator.userId)).toEqual([
      expect.stringContaining('未使用的 1 个名额已变为兑换码'),
    ]);
    expect(await endedText(friend!.userId)).toEqual([
      expect.stringContaining('its creator paid for every seat, so your plan is granted'),
    ]);
    const grants = await groupGrants(db(), started.inviteToken);
    expect(grants.map((g) => g.user_id).sort()).toEqual([creator.userId, friend!.userId].sort());
    const mine = expectOk(await calls().created(creator.token));
    const codes = mine.groups[0]!.redeemCodes;
    expect(codes).toHaveLength(1);
    expect(codes[0]!.redeemed).toBe(false);
    const [code] = await db()
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.code, codes[0]!.code));
    expect([code!.maxUses, code!.planId, code!.durationDays]).toEqual([1, 104, 365]);
    expectOk(
      await t.api.call(
        '/api/system/system_redeem_code',
        { code: codes[0]!.code },
        { token: redeemer!.token },
      ),
    );
    const after = expectOk(await calls().created(creator.token));
    expect(after.groups[0]!.redeemCodes[0]!.redeemed).toBe(true);
    // A second run changes nothing.
    await job(() => new Date(Date.now() + 48 * HOUR));
    expect(await groupGrants(db(), started.inviteToken)).toHaveLength(2);
  });

  it('a member refunded after the finish loses only their own membership; the group stays finished', async () => {
    const { creator, started } = await openGroup(t.api, t.app, db(), {
      groupSize: 2,
      paymentType: 1,
    });
    const [member] = await makeUsers(db(), 1);
    const share = expectOk(await calls().joinForPay(member!.token, started.inviteToken));
    await paySeat(t.app, db(), share.orderId);
    const creatorBefore = (await userOf(db(), creator.userId)).expireTime;
    await refundOrder({ db: db(), gateways: registry }, share.orderId);
    expect((await groupRow(db(), started.inviteToken)).state).toBe('finished');
    expect(await seatStates(db(), started.inviteToken)).toEqual({ paid: 1, refunded: 1 });
    const memberAfter = await userOf(db(), member!.userId);
    expect(memberAfter.expireTime!.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await userOf(db(), creator.userId)).expireTime).toEqual(creatorBefore);
  });

  it('a gateway fault: the hand-off failing leaves no group; a refund failing is retried, one that cannot be made is flagged "refund due"', async () => {
    const [creator] = await makeUsers(db(), 1);
    const before = await counts();
    faults.createPayment = true;
    const down = await calls().start(creator!.token);
    faults.createPayment = false;
    expect(down.body.code).toBe(Errors.GATEWAY_UNAVAILABLE.code);
    expect(expectOk(await calls().created(creator!.token)).groups).toEqual([]);
    expect((await counts()).groups - before.groups).toBe(1);
    expect(
      await db()
        .select()
        .from(groupBuys)
        .where(sql`state <> 'void' AND creator_id = ${creator!.userId}`),
    ).toEqual([]);

    const first = await openGroup(t.api, t.app, db(), { groupSize: 2, paymentType: 1 });
    faults.refund = true;
    const failed = await job(() => new Date(Date.now() + 25 * HOUR));
    expect(failed.retry).toContain(first.started.orderId);
    expect((await orderOf(db(), first.started.orderId))!.status).toBe('paid');
    faults.refund = false;
    const retried = await job();
    expect(retried.refunded).toContain(first.started.orderId);
    expect((await orderOf(db(), first.started.orderId))!.status).toBe('refunded');

    const second = await openGroup(t.api, t.app, db(), { groupSize: 2, paymentType: 1 });
    faults.noRefundApi = true;
    const due = await job(() => new Date(Date.now() + 25 * HOUR));
    faults.noRefundApi = false;
    expect(due.refundDue).toContain(second.started.orderId);
    expect(await seatStates(db(), second.started.inviteToken)).toEqual({ refund_due: 1 });
    const order = (await orderOf(db(), second.started.orderId))!;
    const flags = await db()
      .select({ reason: paymentFlags.reason })
      .from(paymentFlags)
      .where(eq(paymentFlags.orderId, order.id));
    expect(flags.map((f) => f.reason)).toContain('group_refund_due');
    const mine = expectOk(await calls().created(second.creator.token));
    expect(mine.groups[0]!.myState).toBe('refund_due');
  });

  it("a visitor sees plan, size, seats, masked creator, end time and status, never a member's identity", async () => {
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 3, paymentType: 1 });
    const [member] = await makeUsers(db(), 1);
    const share = expectOk(await calls().joinForPay(member!.token, started.inviteToken));
    await paySeat(t.app, db(), share.orderId);
    const visitor = await calls().view(undefined, started.inviteToken);
    const view = expectOk(visitor);
    expect(view.membership).toBeNull();
    expect(view.group).toMatchObject({
      groupSize: 3,
      membersJoined: 2,
      seatsPaid: 2,
      state: 'open',
    });
    expect(view.group.creator).toMatch(/\*\*\*$/);
    const text = JSON.stringify(visitor.body);
    const [row] = await db()
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, member!.userId));
    expect(row!.username).toMatch(/^gb/);
    expect(text).not.toContain(row!.username!);
    expect(text).not.toContain(share.orderId);
  });

  it('service off: start and join refuse with "not yet started" (translated); switching on again works', async () => {
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 2, paymentType: 0 });
    const setSwitch = (on: boolean) =>
      db()
        .update(settings)
        .set({
          value: sql`jsonb_set(value, '{features,groupBuy}', ${on ? 'true' : 'false'}::jsonb)`,
        })
        .where(eq(settings.key, 'display_config'));
    await setSwitch(false);
    const [user] = await makeUsers(db(), 1);
    try {
      const off = await calls().start(user!.token, {}, 'zh_CN');
      expect([off.body.code, off.body.msg]).toEqual([
        Errors.GROUP_BUY_OFF.code,
        Errors.GROUP_BUY_OFF.zh_CN,
      ]);
      expect((await calls().join(user!.token, started.inviteToken)).body.code).toBe(
        Errors.GROUP_BUY_OFF.code,
      );
      expect((await calls().joinForPay(user!.token, started.inviteToken)).body.code).toBe(
        Errors.GROUP_BUY_OFF.code,
      );
    } finally {
      await setSwitch(true);
    }
    expectOk(await calls().join(user!.token, started.inviteToken));
  });

  it('operator commands: list, show, end early, set a seat price, the hours; a usage mistake changes nothing', async () => {
    const admin = async (line: string) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(line.split(' '), {
        io: { out: (l) => out.push(l), err: (l) => err.push(l) },
        openDb: async () => db(),
        ...adminCapabilities({ db: db(), gateways: async () => registry, dataDir: tmpdir() }),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 3, paymentType: 1 });
    expect((await admin('group-buy list --state open')).out).toContain(started.groupId);
    const shown = await admin(`group-buy show ${started.groupId}`);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(started.orderId);
    expect(shown.out).toContain('creator');

    const before = await counts();
    const wrong = await admin('group-buy set-price --plan 104 --size 4 --currency CNY --amount 1');
    expect(wrong.code).toBe(2);
    expect((await admin('group-buy hours 0')).code).toBe(2);
    expect(await counts()).toEqual(before);

    expect(
      (await admin('group-buy set-price --plan 104 --size 2 --currency CNY --amount 19900')).code,
    ).toBe(0);
    const shop = expectOk(
      await t.api.call<{
        goods: {
          productId: number;
          groupPrices: { size: number; prices: { amount: number; currency: string }[] }[];
        }[];
      }>('/api/payment/payment_shop'),
    );
    const two = shop.goods.find((g) => g.productId === 104)!.groupPrices.find((g) => g.size === 2)!;
    expect(two.prices).toContainEqual({ amount: 19900, currency: 'CNY' });
    expect((await admin('group-buy prices --plan 104')).out).toContain('199.00 CNY');

    expect((await admin('group-buy hours 48')).out).toContain('48 hour');
    try {
      const [creator] = await makeUsers(db(), 1);
      const later = expectOk(await calls().start(creator!.token, { groupSize: 2 }));
      expect(later.total).toEqual({ amount: 19900, currency: 'CNY' });
      await paySeat(t.app, db(), later.orderId);
      const group = await groupRow(db(), later.inviteToken);
      expect(group.endsAt!.getTime() - group.openedAt!.getTime()).toBe(48 * HOUR);
    } finally {
      await admin('group-buy hours 24');
    }

    // A reason is required (it goes into the audit trail): without one, nothing ends. It meets
    // the console's rule (3 to 500 characters) and the ID is read as the console reads it.
    expect((await admin(`group-buy end ${started.groupId}`)).code).toBe(2);
    const short = await admin(`group-buy end ${started.groupId} --reason x`);
    expect([short.code, short.err]).toEqual([1, `error: ${Errors.REASON_REQUIRED.en}`]);
    expect((await groupRow(db(), started.inviteToken)).state).toBe('open');
    const lowerCase = started.groupId.toLowerCase();
    expect((await admin(`group-buy show ${lowerCase}`)).out).toContain(started.orderId);
    const ended = await admin(`group-buy end ${lowerCase} --reason outage`);
    expect([ended.code, ended.err]).toEqual([0, '']);
    expect(ended.out).toBe(`group ${started.groupId} ended; refunded 1, refund due 0, to retry 0`);
    expect((await groupRow(db(), started.inviteToken)).state).toBe('ended');
    expect((await orderOf(db(), started.orderId))!.status).toBe('refunded');
    const again = await admin(`group-buy end ${started.groupId} --reason outage`);
    expect([again.code, again.err]).toEqual([1, `error: ${Errors.GROUP_NOT_OPEN.en}`]);
  });
});
