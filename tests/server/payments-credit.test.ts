/**
 * Crediting through the real notify route (sandbox-signed notifications), on PGlite and PostgreSQL:
 * exactly-once under redelivery and concurrency, amount and currency checks, out-of-order and late
 * deliveries, the failed path releasing the promo code, the invite reward, and a database fault in
 * the middle of crediting.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { inviteRewards, membershipGrants, paymentFlags, users } from '../../server/db/schema';
import { reconcileOnce } from '../../server/payments/reconcile';
import { refundOrder } from '../../server/payments/refund-order';
import { closeOrder } from '../../server/store/orders';
import {
  buyOrder,
  type BoughtOrder,
  flagsOf,
  grantsOf,
  orderOf,
  paymentsOf,
  postForm,
  sandboxNotification,
  snapshot,
  userOf,
  useSandboxApp,
} from './helpers/payments';
import { couponRow, makeCoupon } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const NOTIFY = '/pay/notify/sandbox';
const DAY = 86_400_000;

describe.each(variants)('payment crediting on $name', (variant) => {
  let faults = 0;
  // The app's own registry is t.gateways, so that reconciliation can be run against its sandbox bank.
  const t = useSandboxApp(variant, {
    afterPaymentInsert: async () => {
      if (faults > 0) {
        faults -= 1;
        throw new Error('injected database fault after the payment insert');
      }
    },
  });
  const db = () => t.app.kestrel.database.db;
  const notify = (params: Parameters<typeof postForm>[2]) => postForm(t.app, NOTIFY, params);
  /** The sandbox's signed notification that `order` is paid, delivered: the app answers 200. */
  const notifyPaid = async (order: { orderNo: string; amount: number; currency: string }) =>
    expect((await notify(sandboxNotification(order))).statusCode).toBe(200);
  /** Records `friend`'s buyer as invited by `inviter`'s. */
  const invitedBy = (friend: BoughtOrder, inviter: BoughtOrder) =>
    db()
      .update(users)
      .set({ invitedBy: inviter.user.userId })
      .where(eq(users.id, friend.user.userId));

  it('one notification delivered 20 times (10 in sequence, 10 at once): one payment, one grant, expiry extended once', async () => {
    const order = await buyOrder(t.api);
    const before = Date.now();
    const notification = sandboxNotification(order);
    for (let i = 0; i < 10; i += 1) {
      const response = await notify(notification);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('success');
    }
    const parallel = await Promise.all(Array.from({ length: 10 }, () => notify(notification)));
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    const grants = (await grantsOf(db(), order.user.userId)).filter((g) => g.source === 'order');
    expect(grants).toHaveLength(1);
    const row = await orderOf(db(), order.orderNo);
    expect(row?.status).toBe('paid');
    expect(row?.flaggedReason).toBeNull();
    const user = await userOf(db(), order.user.userId);
    // 30 days from about now: once, not 20 times.
    const expiry = user.expireTime!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    expect(user.planType).toBe(1);
    expect(await flagsOf(db(), order.orderNo)).toHaveLength(0);
  });

  it('20 notifications of one order at once: still one credit', async () => {
    const order = await buyOrder(t.api);
    const notification = sandboxNotification(order);
    const all = await Promise.all(Array.from({ length: 20 }, () => notify(notification)));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    expect(
      (await grantsOf(db(), order.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
  });

  it('a wrong amount is not credited and is flagged once; the order stays pending', async () => {
    const order = await buyOrder(t.api);
    const wrong = sandboxNotification(order, { amount: String(order.amount - 1) });
    for (let i = 0; i < 3; i += 1) expect((await notify(wrong)).statusCode).toBe(200);
    const row = await orderOf(db(), order.orderNo);
    expect(row?.status).toBe('pending');
    expect(row?.flaggedReason).toBe('amount_mismatch');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(0);
    expect(await grantsOf(db(), order.user.userId)).toHaveLength(0);
    const flags = await flagsOf(db(), order.orderNo);
    expect(flags.map((f) => f.reason)).toEqual(['amount_mismatch']);
    expect(flags[0]?.details).toMatchObject({
      expected: { amount: order.amount, currency: 'CNY' },
      received: { amount: order.amount - 1, currency: 'CNY' },
    });
    // The right payment afterwards is credited.
    await notifyPaid(order);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
  });

  it('a wrong currency (same number) is not credited and is flagged', async () => {
    const order = await buyOrder(t.api);
    expect((await notify(sandboxNotification(order, { currency: 'USD' }))).statusCode).toBe(200);
    const row = await orderOf(db(), order.orderNo);
    expect(row?.status).toBe('pending');
    expect(row?.flaggedReason).toBe('currency_mismatch');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(0);
    expect((await flagsOf(db(), order.orderNo)).map((f) => f.reason)).toEqual([
      'currency_mismatch',
    ]);
    expect(await grantsOf(db(), order.user.userId)).toHaveLength(0);
  });

  it('failed after paid: the order stays paid', async () => {
    const order = await buyOrder(t.api);
    await notifyPaid(order);
    expect((await notify(sandboxNotification(order, { status: 'failed' }))).statusCode).toBe(200);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
  });

  it('failed on a pending order: failed, the promo code use released; paid afterwards: credited and flagged late', async () => {
    const code = await makeCoupon(db(), { maxUses: 5 });
    const order = await buyOrder(t.api, { couponCode: code });
    expect((await couponRow(db(), code)).usedCount).toBe(1);
    expect((await notify(sandboxNotification(order, { status: 'failed' }))).statusCode).toBe(200);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('failed');
    expect((await couponRow(db(), code)).usedCount).toBe(0);
    expect(await grantsOf(db(), order.user.userId)).toHaveLength(0);

    await notifyPaid(order);
    const row = await orderOf(db(), order.orderNo);
    expect(row?.status).toBe('paid');
    expect(row?.flaggedReason).toBe('late_payment');
    expect((await flagsOf(db(), order.orderNo)).map((f) => f.reason)).toEqual(['late_payment']);
    expect((await flagsOf(db(), order.orderNo))[0]?.details).toMatchObject({
      previousStatus: 'failed',
    });
    // The paid order takes its promo code use back.
    expect((await couponRow(db(), code)).usedCount).toBe(1);
    expect(
      (await grantsOf(db(), order.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
  });

  it('paid after the order expired or was cancelled: credited and flagged late', async () => {
    for (const status of ['expired', 'cancelled'] as const) {
      const order = await buyOrder(t.api);
      const row = await orderOf(db(), order.orderNo);
      expect(await closeOrder(db(), row!.id, status)).toBe(true);
      await notifyPaid(order);
      const after = await orderOf(db(), order.orderNo);
      expect(after?.status).toBe('paid');
      expect(after?.flaggedReason).toBe('late_payment');
      const flags = await flagsOf(db(), order.orderNo);
      expect(flags.map((f) => f.reason)).toEqual(['late_payment']);
      expect(flags[0]?.details).toMatchObject({ previousStatus: status });
      expect((await userOf(db(), order.user.userId)).expireTime).not.toBeNull();
    }
  });

  it('a second, different payment of a paid order is flagged for a refund, not credited again', async () => {
    const order = await buyOrder(t.api);
    await notifyPaid(order);
    const expiry = (await userOf(db(), order.user.userId)).expireTime;
    expect(
      (await notify(sandboxNotification(order, { trade_no: `OTHER${order.orderNo}` }))).statusCode,
    ).toBe(200);
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    expect((await userOf(db(), order.user.userId)).expireTime).toEqual(expiry);
    expect((await flagsOf(db(), order.orderNo)).map((f) => f.reason)).toEqual([
      'duplicate_payment',
    ]);
  });

  it('an unknown order: flagged once, nothing credited', async () => {
    const before = await snapshot(db());
    const ghost = { orderNo: 'K20261122NOSUCHORDR', amount: 3000, currency: 'CNY' };
    for (let i = 0; i < 3; i += 1) {
      await notifyPaid(ghost);
    }
    const after = await snapshot(db());
    expect(after.orders).toEqual(before.orders);
    expect(after.payments).toEqual(before.payments);
    expect(after.grants).toEqual(before.grants);
    const flags = await db()
      .select()
      .from(paymentFlags)
      .where(eq(paymentFlags.tradeNo, `SBX${ghost.orderNo}`));
    expect(flags.map((f) => [f.reason, f.orderId])).toEqual([['unknown_order', null]]);
  });

  it('invite reward: once per order, the configured 10 % of the purchase, only for an active inviter', async () => {
    const inviter = await buyOrder(t.api);
    await notifyPaid(inviter);
    const inviterBefore = (await userOf(db(), inviter.user.userId)).expireTime!.getTime();

    const friend = await buyOrder(t.api);
    await invitedBy(friend, inviter);
    const notification = sandboxNotification(friend);
    await Promise.all(Array.from({ length: 5 }, () => notify(notification)));
    for (let i = 0; i < 3; i += 1) await notify(notification);

    const rewards = await db()
      .select()
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterId, inviter.user.userId));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({
      inviteeId: friend.user.userId,
      percent: 10,
      seconds: 3 * 86_400,
    });
    const inviterAfter = (await userOf(db(), inviter.user.userId)).expireTime!.getTime();
    expect(inviterAfter - inviterBefore).toBe(3 * DAY);
    const ledger = await db()
      .select()
      .from(membershipGrants)
      .where(eq(membershipGrants.source, 'invite_reward'));
    expect(ledger.filter((g) => g.sourceRef === friend.orderNo)).toHaveLength(1);

    // An inviter without an active membership earns nothing.
    const lapsed = await buyOrder(t.api);
    const friend2 = await buyOrder(t.api);
    await invitedBy(friend2, lapsed);
    await notifyPaid(friend2);
    expect((await orderOf(db(), friend2.orderNo))?.status).toBe('paid');
    expect(
      await db()
        .select({ n: count() })
        .from(inviteRewards)
        .where(eq(inviteRewards.inviterId, lapsed.user.userId)),
    ).toEqual([{ n: 0 }]);
    expect((await userOf(db(), lapsed.user.userId)).expireTime).toBeNull();
  });

  it('a database fault in the middle of crediting loses nothing: rolled back, answered 500, the redelivery credits once', async () => {
    const order = await buyOrder(t.api);
    const before = await snapshot(db());
    faults = 1;
    const failed = await notify(sandboxNotification(order));
    expect(failed.statusCode).toBe(500);
    expect(failed.body).toBe('fail');
    const after = await snapshot(db());
    expect(after).toEqual(before);

    const redelivered = await notify(sandboxNotification(order));
    expect(redelivered.statusCode).toBe(200);
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
    expect(
      (await grantsOf(db(), order.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
    expect(await flagsOf(db(), order.orderNo)).toEqual([]);
  });

  it('a sandbox payment whose notification hit a fault is found by reconciliation and credited once', async () => {
    const order = await buyOrder(t.api);
    faults = 1;
    const paid = await postForm(t.app, order.payUrl, { outcome: 'paid' });
    // The buyer goes back to the result page either way; the order is still pending.
    expect(paid.statusCode).toBe(303);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('pending');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(0);

    const log = { info: () => undefined, error: () => undefined };
    const report = await reconcileOnce({
      db: db(),
      gateways: t.gateways,
      log,
      now: () => new Date(Date.now() + 3 * 60_000),
    });
    expect(report.credited).toBeGreaterThanOrEqual(1);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
    expect(await paymentsOf(db(), order.orderNo)).toMatchObject([
      { gateway: 'sandbox', tradeNo: `SBX${order.orderNo}`, amount: order.amount },
    ]);
    await reconcileOnce({
      db: db(),
      gateways: t.gateways,
      log,
      now: () => new Date(Date.now() + 3 * 60_000),
    });
    expect(
      (await grantsOf(db(), order.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
  });

  it('a refund takes back the order time and the inviter reward, once', async () => {
    const inviter = await buyOrder(t.api);
    await notifyPaid(inviter);
    const friend = await buyOrder(t.api);
    await invitedBy(friend, inviter);
    await notifyPaid(friend);
    const inviterRewarded = (await userOf(db(), inviter.user.userId)).expireTime!.getTime();
    const friendPaid = (await userOf(db(), friend.user.userId)).expireTime!.getTime();

    const deps = { db: db(), gateways: t.gateways };
    expect((await refundOrder(deps, friend.orderNo)).refunded).toBe(true);
    expect((await refundOrder(deps, friend.orderNo)).refunded).toBe(false);
    const inviterAfter = (await userOf(db(), inviter.user.userId)).expireTime!.getTime();
    expect(inviterRewarded - inviterAfter).toBe(3 * DAY);
    const friendAfter = (await userOf(db(), friend.user.userId)).expireTime!.getTime();
    expect(friendAfter).toBeLessThan(friendPaid - 29 * DAY);
    expect(friendAfter).toBeLessThanOrEqual(Date.now() + 1000);
    const refunds = await db()
      .select()
      .from(membershipGrants)
      .where(eq(membershipGrants.source, 'refund'));
    expect(
      refunds.filter(
        (g) => g.sourceRef === friend.orderNo || g.sourceRef === `invite_reward:${friend.orderNo}`,
      ),
    ).toHaveLength(2);
  });

  it('expiry and payment racing on the same orders: every order ends paid, its promo code counted once', async () => {
    const code = await makeCoupon(db(), { maxUses: 100, perUserLimit: 1 });
    const bought = await Promise.all(
      Array.from({ length: 8 }, () => buyOrder(t.api, { couponCode: code })),
    );
    expect((await couponRow(db(), code)).usedCount).toBe(8);
    await Promise.all(
      bought.flatMap((order) => [
        orderOf(db(), order.orderNo).then((row) => closeOrder(db(), row!.id, 'expired')),
        notify(sandboxNotification(order)),
        notify(sandboxNotification(order)),
      ]),
    );
    for (const order of bought) {
      const row = await orderOf(db(), order.orderNo);
      expect(row?.status).toBe('paid');
      expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
      expect(
        (await grantsOf(db(), order.user.userId)).filter((g) => g.source === 'order'),
      ).toHaveLength(1);
    }
    // Closed-then-paid orders took their released use back; paid-first ones never released it.
    expect((await couponRow(db(), code)).usedCount).toBe(8);
  });
});
