/**
 * The store's races, on PGlite and PostgreSQL (only PostgreSQL really runs them in parallel, DESIGN §3):
 * 50 buyers at once for a coupon with 10 uses left get exactly 10; one user's parallel purchases stay
 * within the per-user limit; a redeem code used 100 times at once grants exactly its uses (by 100 users
 * or by one); the trial is granted once per account and once per device under parallel calls; an order
 * cancelled and expired at once releases its coupon use once.
 */
import { describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { Errors } from '../../contract';
import {
  couponRedemptions,
  membershipGrants,
  orders,
  redeemCodes,
  trials,
  users,
} from '../../server/db/schema';
import { closeExpiredOrders } from '../../server/store/orders';
import { createRedeemBatch } from '../../server/store/redeem-codes';
import { uniqueName } from './helpers/accounts';
import { countCodes } from './helpers/api-client';
import { makeUsers } from './helpers/group-buy';
import {
  couponRow,
  expectOk,
  fakeGateways,
  makeCoupon,
  purchase,
  cancelOrder,
} from './helpers/store';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('store races on $name', (variant) => {
  const t = useTestApp(variant, { overrides: { paymentGateways: fakeGateways().gateways } });
  const db = () => t.app.kestrel.database.db;

  /** The one code of a redeem batch of its own: `maxUses` uses of `days` days of plan `groupType`. */
  async function redeemCode(maxUses: number, groupType: 1 | 2, days: number): Promise<string> {
    const batch = await createRedeemBatch(db(), {
      count: 1,
      maxUses,
      expiresAt: null,
      note: 'race',
      groupType,
      days,
    });
    return batch.codes[0]!;
  }
  const redeem = (token: string, code: string) =>
    t.api.call('/api/system/system_redeem_code', { code }, { token });
  const redeemCodeRow = async (code: string) =>
    (await db().select().from(redeemCodes).where(eq(redeemCodes.code, code)))[0]!;

  it('50 buyers at once, 10 uses left: exactly 10 orders get the coupon', async () => {
    const code = await makeCoupon(db(), { maxUses: 15, usedCount: 5 });
    const buyers = await makeUsers(db(), 50);
    const results = await Promise.all(
      buyers.map((b) => purchase(t.api, b.token, { couponCode: code })),
    );
    expect(countCodes(results)).toEqual({ 200: 10, [Errors.COUPON_USED_UP.code]: 40 });
    const coupon = await couponRow(db(), code);
    expect(coupon.usedCount).toBe(15);
    const [withCoupon] = await db()
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.couponId, coupon.id));
    expect(withCoupon!.n).toBe(10);
    const [live] = await db()
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), isNull(couponRedemptions.releasedAt)));
    expect(live!.n).toBe(10);
    // The refused buyers have no order at all.
    const [all] = await db()
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.userId} IN ${buyers.map((b) => b.userId)}`);
    expect(all!.n).toBe(10);
  });

  it("one user's 20 parallel purchases stay within the per-user limit of 2", async () => {
    const code = await makeCoupon(db(), { perUserLimit: 2 });
    const [buyer] = await makeUsers(db(), 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => purchase(t.api, buyer!.token, { couponCode: code })),
    );
    expect(countCodes(results)).toEqual({ 200: 2, [Errors.COUPON_USER_LIMIT.code]: 18 });
    expect((await couponRow(db(), code)).usedCount).toBe(2);
  });

  it("one user's 20 parallel purchases without a code: at most 5 pending orders", async () => {
    const [buyer] = await makeUsers(db(), 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => purchase(t.api, buyer!.token)),
    );
    expect(countCodes(results)).toEqual({ 200: 5, [Errors.TOO_MANY_PENDING_ORDERS.code]: 15 });
  });

  for (const { title, batch } of [
    {
      title: 'one single-use redeem code sent by 100 users at once: exactly one success',
      batch: { maxUses: 1, groupType: 1, days: 30 },
    },
    {
      title: 'one 10-use redeem code sent by 100 users at once: exactly ten successes',
      batch: { maxUses: 10, groupType: 2, days: 7 },
    },
  ] as const) {
    it(title, async () => {
      const code = await redeemCode(batch.maxUses, batch.groupType, batch.days);
      const people = await makeUsers(db(), 100);
      const results = await Promise.all(people.map((p) => redeem(p.token, code)));
      expect(countCodes(results)).toEqual({
        200: batch.maxUses,
        [Errors.REDEEM_CODE_USED_UP.code]: 100 - batch.maxUses,
      });
      const row = await redeemCodeRow(code);
      expect(row.usedCount).toBe(batch.maxUses);
      // One grant per success, each naming the code and its user.
      const [grants] = await db()
        .select({ n: count() })
        .from(membershipGrants)
        .where(
          sql`${membershipGrants.source} = 'redeem' AND ${membershipGrants.sourceRef} LIKE ${`${row.id}:%`}`,
        );
      expect(grants!.n).toBe(batch.maxUses);
    });
  }

  it('one N-use code sent 100 times at once by one user: one success, the time added once', async () => {
    const code = await redeemCode(50, 1, 30);
    const [person] = await makeUsers(db(), 1);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => redeem(person!.token, code)),
    );
    expect(countCodes(results)).toEqual({ 200: 1, [Errors.REDEEM_CODE_ALREADY_REDEEMED.code]: 99 });
    const [user] = await db().select().from(users).where(eq(users.id, person!.userId));
    const days = (user!.expireTime!.getTime() - started) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect((await redeemCodeRow(code)).usedCount).toBe(1);
  });

  it('the trial under parallel calls: once per account, once per device', async () => {
    const [one] = await makeUsers(db(), 1);
    const sameUser = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api.call('/api/system/system_free_trial', {}, { token: one!.token }),
      ),
    );
    expect(countCodes(sameUser)).toEqual({ 200: 1, [Errors.TRIAL_USED.code]: 19 });

    const deviceId = `race-device-${uniqueName()}`;
    const many = await makeUsers(db(), 20);
    const sameDevice = await Promise.all(
      many.map((m) =>
        t.api.call('/api/system/system_free_trial', {}, { token: m.token, deviceId }),
      ),
    );
    expect(countCodes(sameDevice)).toEqual({ 200: 1, [Errors.TRIAL_USED_ON_DEVICE.code]: 19 });
    const [onDevice] = await db()
      .select({ n: count() })
      .from(trials)
      .where(eq(trials.deviceId, deviceId));
    expect(onDevice!.n).toBe(1);
    const granted = await db()
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} IN ${many.map((m) => m.userId)} AND ${users.expireTime} IS NOT NULL`);
    expect(granted).toHaveLength(1);
  });

  it('an order cancelled 10 times and expired at once releases its coupon use once', async () => {
    const code = await makeCoupon(db(), { maxUses: 5, perUserLimit: 5 });
    const [buyer] = await makeUsers(db(), 1);
    const order = expectOk(await purchase(t.api, buyer!.token, { couponCode: code }));
    // A second order keeps one use, so a double release would show as 0.
    expectOk(await purchase(t.api, buyer!.token, { couponCode: code }));
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, order.orderId));
    await Promise.all([
      ...Array.from({ length: 10 }, () => cancelOrder(t.api, buyer!.token, order.orderId)),
      closeExpiredOrders(db(), new Date()),
      closeExpiredOrders(db(), new Date()),
    ]);
    expect((await couponRow(db(), code)).usedCount).toBe(1);
  });
});
