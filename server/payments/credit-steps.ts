/**
 * The steps of `creditOrder` (credit-order.ts), each run inside its one transaction: lock the order,
 * verify the notification against it, record the payment, lock the buyer. The effects of the payment
 * (membership, invite reward, ...) are in effects/.
 */
import { eq, sql } from 'drizzle-orm';
import type { ShopGroupType } from '../../contract';
import { rowsOf, type Db } from '../db/database';
import type { SessionCache } from '../identity/session-cache';
import { orders, payments, type Currency } from '../db/schema';
import { reclaimCouponUse, releaseCouponUse } from '../store/coupons';
import { orderClosed } from '../store/order-lifecycle';
import type { CreditOutcome } from './credit-outcome';
import type { PaidOrder } from './effects/payment-effect';
import type { VerifiedNotification } from '../gateways/gateway';
import { flagPayment, flagTrade, type FlagReason } from './payment-flags';

export interface LockedOrder {
  id: number | string;
  order_no: string;
  user_id: number;
  plan_id: number;
  status: string;
  gateway: string;
  group_type: number;
  months: number;
  duration_days: number;
  max_devices: number;
  currency: string;
  total: number | string;
  coupon_id: number | null;
  expires_at: Date | string;
  group_buy_id: number | string | null;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

const rawOf = (notification: VerifiedNotification) =>
  (notification.raw ?? null) as Record<string, unknown> | null;

/** Step 1, lock: notifications for one order are applied one after the other, on every process. */
export async function lockOrder(tx: Db, orderNo: string): Promise<LockedOrder | undefined> {
  const result = await tx.execute(
    sql`SELECT id, order_no, user_id, plan_id, status, gateway, group_type, months, duration_days,
               max_devices, currency, total, coupon_id, expires_at, group_buy_id
        FROM orders WHERE order_no = ${orderNo} FOR UPDATE`,
  );
  return rowsOf<LockedOrder>(result)[0];
}

/**
 * Runs one change of a paid order (a credit, a refund) in one transaction under the order's row
 * lock: `change` gets the order as locked (undefined: no order has that number) and `touchUser`,
 * for the members whose cached sessions must be forgotten once the change has committed; `look`
 * runs in the transaction with the order as locked and the change's result (the caller's
 * inTransaction: a throw rolls it all back).
 */
export async function changeLockedOrder<R>(
  deps: { readonly db: Db; readonly sessionCache?: SessionCache },
  orderNo: string,
  change: (
    tx: Db,
    order: LockedOrder | undefined,
    touchUser: (userId: number) => void,
  ) => Promise<R>,
  look: (tx: Db, before: LockedOrder | undefined, result: R) => Promise<void> | undefined,
): Promise<R> {
  const touched = new Set<number>();
  const result = await deps.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderNo);
    const result = await change(tx, before, (userId) => touched.add(userId));
    await look(tx, before, result);
    return result;
  });
  for (const userId of touched) deps.sessionCache?.forgetUser(userId);
  return result;
}

export function paidOrderOf(order: LockedOrder): PaidOrder {
  return {
    id: Number(order.id),
    orderNo: order.order_no,
    planId: order.plan_id,
    groupType: (order.group_type === 2 ? 2 : 1) as ShopGroupType,
    months: order.months,
    durationDays: order.duration_days,
    maxDevices: order.max_devices,
    groupBuyId: order.group_buy_id === null ? null : Number(order.group_buy_id),
  };
}

/** No order has that number: a paid notification is flagged once per trade, anything else ignored. */
export async function handleUnknownOrder(
  tx: Db,
  notification: VerifiedNotification,
): Promise<CreditOutcome> {
  const { gateway, tradeNo, orderNo } = notification;
  if (notification.status !== 'paid') return { result: 'ignored', orderNo };
  await flagTrade(tx, {
    gateway,
    tradeNo,
    reason: 'unknown_order',
    details: {
      orderNo,
      amount: notification.amount,
      currency: notification.currency,
      raw: rawOf(notification),
    },
  });
  return { result: 'flagged', reason: 'unknown_order', orderNo };
}

/**
 * Step 2, verify: the notification against the locked order. Returns the outcome when the
 * notification stops here (another gateway, a failure closing the order, a repeat, a second payment,
 * a wrong amount or currency); undefined when it is a payment to record.
 */
export async function verifyNotification(
  tx: Db,
  order: LockedOrder,
  notification: VerifiedNotification,
  now: Date,
): Promise<CreditOutcome | undefined> {
  const { gateway, tradeNo, orderNo } = notification;
  const orderId = Number(order.id);
  const raw = rawOf(notification);
  const refuse = async (reason: FlagReason, details: Record<string, unknown>) => {
    await flagPayment(tx, { orderId, gateway, tradeNo, reason, details });
    return { result: 'flagged', reason, orderNo } as const;
  };
  const markOrder = (reason: FlagReason) =>
    tx.update(orders).set({ flaggedReason: reason, updatedAt: now }).where(eq(orders.id, orderId));

  if (order.gateway !== gateway) {
    const outcome = await refuse('gateway_mismatch', {
      orderGateway: order.gateway,
      status: notification.status,
      raw,
    });
    await markOrder('gateway_mismatch');
    return outcome;
  }

  if (notification.status !== 'paid') {
    if (order.status !== 'pending') return { result: 'ignored', orderNo };
    const status = notification.status;
    await tx
      .update(orders)
      .set({ status, closedAt: now, updatedAt: now })
      .where(eq(orders.id, orderId));
    if (order.coupon_id !== null) await releaseCouponUse(tx, orderId, now);
    await orderClosed(tx, { orderId, status, now });
    return { result: 'closed', orderNo, status };
  }

  // Already recorded? A repeat of the same trade is a no-op; another trade for a paid order is a
  // second payment the operator must refund.
  const [existing] = await tx
    .select({ gateway: payments.gateway, tradeNo: payments.tradeNo })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  if (existing) {
    if (existing.gateway === gateway && existing.tradeNo === tradeNo) {
      return { result: 'duplicate', orderNo };
    }
    return refuse('duplicate_payment', {
      creditedTrade: existing.tradeNo,
      amount: notification.amount,
      currency: notification.currency,
      raw,
    });
  }

  const total = Number(order.total);
  const mismatch: FlagReason | undefined =
    notification.currency !== order.currency
      ? 'currency_mismatch'
      : notification.amount !== total
        ? 'amount_mismatch'
        : undefined;
  if (mismatch) {
    const outcome = await refuse(mismatch, {
      expected: { amount: total, currency: order.currency },
      received: { amount: notification.amount, currency: notification.currency },
      raw,
    });
    await markOrder(mismatch);
    return outcome;
  }
  return undefined;
}

/**
 * Step 3, record the payment: the payment row (unique (gateway, trade_no) and unique order_id), a
 * late payment flagged, a closed order's promo code use taken back, the order marked paid. Returns
 * whether the payment was late, or undefined when the trade was already recorded for another order.
 */
export async function recordPayment(
  tx: Db,
  order: LockedOrder,
  notification: VerifiedNotification,
  now: Date,
  afterPaymentInsert?: (tx: Db) => Promise<void>,
): Promise<{ late: boolean } | undefined> {
  const { gateway, tradeNo } = notification;
  const orderId = Number(order.id);
  const inserted = await tx
    .insert(payments)
    .values({
      orderId,
      gateway,
      tradeNo,
      amount: notification.amount,
      currency: notification.currency,
      raw: rawOf(notification),
      receivedAt: now,
      payerAccount: notification.payerAccount ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (inserted.length === 0) {
    // The same trade number already paid another order: only a gateway bug or a forgery could do
    // that, and the signature was valid. Nothing is credited twice.
    await flagPayment(tx, {
      orderId,
      gateway,
      tradeNo,
      reason: 'duplicate_payment',
      details: {
        note: 'trade number already recorded for another order',
        raw: rawOf(notification),
      },
    });
    return undefined;
  }
  await afterPaymentInsert?.(tx);

  const expiresAt = asDate(order.expires_at);
  const late = order.status !== 'pending' || expiresAt.getTime() <= now.getTime();
  if (late) {
    await flagPayment(tx, {
      orderId,
      gateway,
      tradeNo,
      reason: 'late_payment',
      details: {
        previousStatus: order.status,
        expiresAt: expiresAt.toISOString(),
        paidAt: now.toISOString(),
      },
    });
  }
  // A closed order released its promo code use; the payment takes it back when the cap allows.
  if (order.status !== 'pending' && order.coupon_id !== null) {
    if (!(await reclaimCouponUse(tx, orderId))) {
      await flagPayment(tx, {
        orderId,
        gateway,
        tradeNo,
        reason: 'coupon_over_limit',
        details: { couponId: order.coupon_id },
      });
    }
  }
  await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: now,
      updatedAt: now,
      ...(late ? { flaggedReason: 'late_payment' } : {}),
    })
    .where(eq(orders.id, orderId));
  return { late };
}

/**
 * Locks the buyer's `users` row (after the order and the effects' own rows: see PaymentEffect.lock)
 * and tells whether another of their orders holds a payment still paid. Undefined: the account was
 * deleted meanwhile.
 */
export async function lockBuyer(
  tx: Db,
  buyerId: number,
  orderId: number,
): Promise<{ firstPaidOrder: boolean } | undefined> {
  const buyer = rowsOf<{ id: number }>(
    await tx.execute(
      sql`SELECT id FROM users WHERE id = ${buyerId} AND deleted_at IS NULL FOR UPDATE`,
    ),
  )[0];
  if (!buyer) return undefined;
  const earlier = rowsOf<{ id: number | string }>(
    await tx.execute(
      sql`SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE o.user_id = ${buyerId} AND p.order_id <> ${orderId} AND p.status = 'paid'
          LIMIT 1`,
    ),
  );
  return { firstPaidOrder: earlier.length === 0 };
}

export const currencyOf = (value: string): Currency => (value === 'USD' ? 'USD' : 'CNY');
