/**
 * The plan the buyer paid for: the order's duration added through the store's one membership grant
 * (ledger unique on ('order', orderNo)), Lite/Standard conversion and the yearly-paid flag included.
 * A group seat's order grants nothing here: the group grants every member when it finishes, under
 * the same ('order', orderNo) key, so the refund below takes it back all the same.
 * A refund takes the order's time back (never below now) and recomputes the yearly-paid flag.
 */
import { and, eq, sql } from 'drizzle-orm';
import { YEARLY_PLAN_MONTHS } from '../../../contract/membership';
import type { Db } from '../../db/database';
import { orders, users } from '../../db/schema';
import { grantMembership, revokeOrderGrant } from '../../store/membership-grants';
import type { PaymentEffect } from './payment-effect';

export const membershipEffect: PaymentEffect = {
  name: 'membership',
  async apply(payment, { tx, touchUser }) {
    const { order } = payment;
    // A group seat's plan is granted when the group finishes (group-seat-effect.ts), not on payment.
    if (order.groupBuyId !== null) return false;
    const granted = await grantMembership(
      tx,
      {
        userId: payment.buyerId,
        source: 'order',
        sourceRef: order.orderNo,
        planType: order.groupType,
        seconds: order.durationDays * 86_400,
        maxDevices: order.maxDevices,
        paidMonths: order.months,
        conversionPercent: payment.display.liteToStandardPercent,
      },
      payment.now,
    );
    touchUser(payment.buyerId);
    return granted.granted;
  },
  async undo(payment, { tx, touchUser }) {
    await revokeOrderGrant(tx, payment.buyerId, payment.order.orderNo, payment.now);
    touchUser(payment.buyerId);
    await recomputeYearly(tx, payment.buyerId, payment.now);
  },
};

/** yearlyPaid stays true while a paid (not refunded) order of 12+ months remains. */
async function recomputeYearly(tx: Db, userId: number, now: Date): Promise<void> {
  const remaining = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'paid'),
        sql`${orders.months} >= ${YEARLY_PLAN_MONTHS}`,
      ),
    )
    .limit(1);
  if (remaining.length > 0) {
    // Benefits never outlast the (now shorter) membership.
    await tx
      .update(users)
      .set({
        benefitsExpireTime: sql`LEAST(${users.benefitsExpireTime}, ${users.expireTime})`,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    return;
  }
  await tx
    .update(users)
    .set({ yearlyPaid: false, benefitsExpireTime: null, updatedAt: now })
    .where(eq(users.id, userId));
}
