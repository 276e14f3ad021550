/**
 * Applies a verified gateway notification to its order, exactly once. One transaction:
 * the order row locked (SELECT ... FOR UPDATE), amount and currency compared with the order, the
 * payment row inserted (unique (gateway, trade_no) and unique order_id make any repeat a no-op),
 * the order marked paid, the membership granted (ledger unique on ('order', orderNo)) and the
 * inviter's reward booked (invite_rewards unique on order_id). Whatever an operator must look at is
 * written to payment_flags in the same transaction. See docs/payments.md.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { FREE_DEVICE_LIMIT, isActive } from '../../contract/membership';
import { endpoints } from '../../contract';
import type { SessionCache } from '../accounts/session-cache';
import { rowsOf, type Db } from '../db/database';
import { inviteRewards, orders, paymentFlags, payments } from '../db/schema';
import { DISPLAY_CONFIG_KEY, defaultDisplayConfig } from '../settings/default-settings';
import { readSetting } from '../settings/settings-store';
import { reclaimCouponUse, releaseCouponUse } from '../store/coupons';
import { grantMembership } from '../store/membership-grants';
import type { GatewayName, VerifiedNotification } from './gateway';

export type FlagReason =
  | 'late_payment'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'unknown_order'
  | 'gateway_mismatch'
  | 'duplicate_payment'
  | 'coupon_over_limit'
  | 'user_missing';

export type CreditOutcome =
  | {
      readonly result: 'credited';
      readonly orderNo: string;
      readonly late: boolean;
      readonly inviteReward: boolean;
    }
  /** This trade was already applied: nothing changed. */
  | { readonly result: 'duplicate'; readonly orderNo: string }
  /** Not credited; an operator flag says why. */
  | { readonly result: 'flagged'; readonly reason: FlagReason; readonly orderNo: string }
  /** A failed / expired notification closed the pending order. */
  | { readonly result: 'closed'; readonly orderNo: string; readonly status: 'failed' | 'expired' }
  /** A failed / expired notification for an order that is no longer pending: nothing changed. */
  | { readonly result: 'ignored'; readonly orderNo: string };

export interface CreditDeps {
  readonly db: Db;
  readonly sessionCache?: SessionCache;
  readonly now?: () => Date;
  /**
   * Fault injection for tests: runs inside the transaction right after the payment row is written;
   * a throw rolls the whole credit back.
   */
  readonly afterPaymentInsert?: (tx: Db) => Promise<void>;
}

interface LockedOrder {
  id: number | string;
  order_no: string;
  user_id: number;
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
}

interface LockedInviter {
  id: number;
  plan_type: number | null;
  expire_time: Date | string | null;
  device_limit: number | null;
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/** Writes a flag once per (order, gateway, trade, reason); callers hold the order lock (or the trade lock). */
async function flag(
  tx: Db,
  entry: {
    orderId: number | null;
    gateway: GatewayName;
    tradeNo: string;
    reason: FlagReason;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const existing = await tx
    .select({ id: paymentFlags.id })
    .from(paymentFlags)
    .where(
      and(
        entry.orderId === null
          ? isNull(paymentFlags.orderId)
          : eq(paymentFlags.orderId, entry.orderId),
        eq(paymentFlags.gateway, entry.gateway),
        eq(paymentFlags.tradeNo, entry.tradeNo),
        eq(paymentFlags.reason, entry.reason),
      ),
    )
    .limit(1);
  if (existing.length > 0) return;
  await tx.insert(paymentFlags).values(entry);
}

async function lockOrder(tx: Db, orderNo: string): Promise<LockedOrder | undefined> {
  const result = await tx.execute(
    sql`SELECT id, order_no, user_id, status, gateway, group_type, months, duration_days,
               max_devices, currency, total, coupon_id, expires_at
        FROM orders WHERE order_no = ${orderNo} FOR UPDATE`,
  );
  return rowsOf<LockedOrder>(result)[0];
}

export async function creditOrder(
  deps: CreditDeps,
  notification: VerifiedNotification,
): Promise<CreditOutcome> {
  const now = deps.now?.() ?? new Date();
  const display = await readSetting(
    deps.db,
    DISPLAY_CONFIG_KEY,
    endpoints.systemDisplayConfig.data,
  ).catch(() => defaultDisplayConfig);
  const touched: number[] = [];
  const { gateway, tradeNo, orderNo } = notification;
  const raw = (notification.raw ?? null) as Record<string, unknown> | null;

  const outcome = await deps.db.transaction(async (tx): Promise<CreditOutcome> => {
    const order = await lockOrder(tx, orderNo);
    if (!order) {
      if (notification.status !== 'paid') return { result: 'ignored', orderNo };
      // No order row to lock: serialise on the trade so that repeats write one flag.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pay:${gateway}:${tradeNo}`}))`);
      await flag(tx, {
        orderId: null,
        gateway,
        tradeNo,
        reason: 'unknown_order',
        details: { orderNo, amount: notification.amount, currency: notification.currency, raw },
      });
      return { result: 'flagged', reason: 'unknown_order', orderNo };
    }
    const orderId = Number(order.id);
    const total = Number(order.total);

    if (order.gateway !== gateway) {
      await flag(tx, {
        orderId,
        gateway,
        tradeNo,
        reason: 'gateway_mismatch',
        details: { orderGateway: order.gateway, status: notification.status, raw },
      });
      await tx
        .update(orders)
        .set({ flaggedReason: 'gateway_mismatch', updatedAt: now })
        .where(eq(orders.id, orderId));
      return { result: 'flagged', reason: 'gateway_mismatch', orderNo };
    }

    if (notification.status !== 'paid') {
      if (order.status !== 'pending') return { result: 'ignored', orderNo };
      const status = notification.status;
      await tx
        .update(orders)
        .set({ status, closedAt: now, updatedAt: now })
        .where(eq(orders.id, orderId));
      if (order.coupon_id !== null) await releaseCouponUse(tx, orderId, now);
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
      await flag(tx, {
        orderId,
        gateway,
        tradeNo,
        reason: 'duplicate_payment',
        details: {
          creditedTrade: existing.tradeNo,
          amount: notification.amount,
          currency: notification.currency,
          raw,
        },
      });
      return { result: 'flagged', reason: 'duplicate_payment', orderNo };
    }

    const mismatch: FlagReason | undefined =
      notification.currency !== order.currency
        ? 'currency_mismatch'
        : notification.amount !== total
          ? 'amount_mismatch'
          : undefined;
    if (mismatch) {
      await flag(tx, {
        orderId,
        gateway,
        tradeNo,
        reason: mismatch,
        details: {
          expected: { amount: total, currency: order.currency },
          received: { amount: notification.amount, currency: notification.currency },
          raw,
        },
      });
      await tx
        .update(orders)
        .set({ flaggedReason: mismatch, updatedAt: now })
        .where(eq(orders.id, orderId));
      return { result: 'flagged', reason: mismatch, orderNo };
    }

    const inserted = await tx
      .insert(payments)
      .values({
        orderId,
        gateway,
        tradeNo,
        amount: notification.amount,
        currency: notification.currency,
        raw,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (inserted.length === 0) {
      // The same trade number already paid another order: only a gateway bug or a forgery could do
      // that, and the signature was valid. Nothing is credited twice.
      await flag(tx, {
        orderId,
        gateway,
        tradeNo,
        reason: 'duplicate_payment',
        details: { note: 'trade number already recorded for another order', raw },
      });
      return { result: 'flagged', reason: 'duplicate_payment', orderNo };
    }
    await deps.afterPaymentInsert?.(tx);

    const late = order.status !== 'pending' || asDate(order.expires_at)!.getTime() <= now.getTime();
    if (late) {
      await flag(tx, {
        orderId,
        gateway,
        tradeNo,
        reason: 'late_payment',
        details: {
          previousStatus: order.status,
          expiresAt: asDate(order.expires_at)!.toISOString(),
          paidAt: now.toISOString(),
        },
      });
    }
    // A closed order released its promo code use; the payment takes it back when the cap allows.
    if (order.status !== 'pending' && order.coupon_id !== null) {
      if (!(await reclaimCouponUse(tx, orderId))) {
        await flag(tx, {
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

    const seconds = order.duration_days * 86_400;
    const granted = await grantMembership(
      tx,
      {
        userId: order.user_id,
        source: 'order',
        sourceRef: orderNo,
        planType: order.group_type === 2 ? 2 : 1,
        seconds,
        maxDevices: order.max_devices,
        paidMonths: order.months,
        conversionPercent: display.liteToStandardPercent,
      },
      now,
    );
    touched.push(order.user_id);
    if (!granted.granted && granted.reason === 'no-user') {
      // Paid by an account deleted meanwhile: the money is recorded; the operator refunds it.
      await flag(tx, { orderId, gateway, tradeNo, reason: 'user_missing', details: {} });
      return { result: 'credited', orderNo, late, inviteReward: false };
    }

    const inviteReward = await rewardInviter(tx, {
      buyerId: order.user_id,
      orderId,
      orderNo,
      seconds,
      percent: display.inviteBonusPercent,
      conversionPercent: display.liteToStandardPercent,
      now,
      touched,
    });
    return { result: 'credited', orderNo, late, inviteReward };
  });

  for (const userId of touched) deps.sessionCache?.forgetUser(userId);
  return outcome;
}

/**
 * SPEC §9: an inviter with an active membership at the moment of the payment earns the configured
 * percentage of the purchased duration, on their current plan, once per order.
 */
async function rewardInviter(
  tx: Db,
  input: {
    buyerId: number;
    orderId: number;
    orderNo: string;
    seconds: number;
    percent: number;
    conversionPercent: number;
    now: Date;
    touched: number[];
  },
): Promise<boolean> {
  const rewardSeconds = Math.floor((input.seconds * input.percent) / 100);
  if (rewardSeconds <= 0) return false;
  const inviterResult = await tx.execute(
    sql`SELECT i.id, i.plan_type, i.expire_time, i.device_limit
        FROM users b JOIN users i ON i.id = b.invited_by
        WHERE b.id = ${input.buyerId} AND i.deleted_at IS NULL AND i.id <> b.id
        FOR UPDATE OF i`,
  );
  const inviter = rowsOf<LockedInviter>(inviterResult)[0];
  if (!inviter) return false;
  const planType = inviter.plan_type === 1 || inviter.plan_type === 2 ? inviter.plan_type : null;
  if (!isActive({ planType, expireTime: asDate(inviter.expire_time) }, input.now) || !planType) {
    return false;
  }
  const booked = await tx
    .insert(inviteRewards)
    .values({
      inviterId: inviter.id,
      inviteeId: input.buyerId,
      orderId: input.orderId,
      percent: Math.round(input.percent),
      seconds: rewardSeconds,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: inviteRewards.id });
  if (booked.length === 0) return false;
  const granted = await grantMembership(
    tx,
    {
      userId: inviter.id,
      source: 'invite_reward',
      sourceRef: input.orderNo,
      planType,
      seconds: rewardSeconds,
      maxDevices: inviter.device_limit ?? FREE_DEVICE_LIMIT,
      conversionPercent: input.conversionPercent,
    },
    input.now,
  );
  input.touched.push(inviter.id);
  return granted.granted;
}
