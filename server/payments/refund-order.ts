/**
 * Refunds a paid order: the gateway gives the money back first, then one transaction marks the
 * payment and the order refunded, takes back the membership time the order granted (never below
 * now), takes back the inviter's reward for it, and recomputes the yearly-paid flag. Running it
 * again on a refunded order changes nothing. The operator's `npm run admin -- orders refund` calls it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { YEARLY_PLAN_MONTHS } from '../../contract/membership';
import type { SessionCache } from '../accounts/session-cache';
import { rowsOf, type Db } from '../db/database';
import {
  inviteRewards,
  membershipGrants,
  orders,
  paymentFlags,
  payments,
  users,
} from '../db/schema';
import { revokeOrderGrant } from '../store/membership-grants';
import { GatewayError, type GatewayName, type PaymentGateways } from './gateway';

export interface RefundDeps {
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache?: SessionCache;
  readonly now?: () => Date;
}

export interface RefundResult {
  readonly orderNo: string;
  /** False when the order was already refunded: nothing changed. */
  readonly refunded: boolean;
  readonly userExpireTime: Date | null;
}

/** Gateways whose refund call is itself idempotent (an idempotency key, or no real money). */
const IDEMPOTENT_REFUNDS: readonly GatewayName[] = ['sandbox', 'stripe'];

export class RefundError extends Error {
  override name = 'RefundError';
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

export async function refundOrder(
  deps: RefundDeps,
  orderNo: string,
  options: {
    /** The money was already returned by hand in the gateway's console: record it only. */
    manual?: boolean;
  } = {},
): Promise<RefundResult> {
  const now = deps.now?.() ?? new Date();
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new RefundError(`order ${orderNo} not found`);
  const [payment] = await deps.db.select().from(payments).where(eq(payments.orderId, order.id));
  if (!payment) throw new RefundError(`order ${orderNo} has no payment (status ${order.status})`);
  if (payment.status === 'refunded' && order.status === 'refunded') {
    return { orderNo, refunded: false, userExpireTime: null };
  }

  if (!options.manual) {
    const gateway = deps.gateways.byName(payment.gateway as GatewayName);
    if (!gateway) {
      throw new RefundError(
        `gateway ${payment.gateway} is not configured here: refund ${orderNo} in its console, then run the refund with --manual`,
      );
    }
    const [started] = await deps.db
      .select({ id: paymentFlags.id })
      .from(paymentFlags)
      .where(
        and(
          eq(paymentFlags.orderId, order.id),
          eq(paymentFlags.reason, 'refund_started'),
          isNull(paymentFlags.resolvedAt),
        ),
      );
    if (started && !IDEMPOTENT_REFUNDS.includes(gateway.name)) {
      throw new RefundError(
        `a refund of ${orderNo} through ${gateway.name} was started before and not recorded: check the gateway's console; if the money went back, run the refund with --manual`,
      );
    }
    if (!started) {
      await deps.db.insert(paymentFlags).values({
        orderId: order.id,
        gateway: payment.gateway,
        tradeNo: payment.tradeNo,
        reason: 'refund_started',
        details: { at: now.toISOString() },
      });
    }
    try {
      await gateway.refund({
        orderNo,
        tradeNo: payment.tradeNo,
        amount: payment.amount,
        currency: payment.currency,
      });
    } catch (error) {
      // A definite refusal changed nothing at the gateway: the next attempt may call it again.
      if (error instanceof GatewayError && error.refused) {
        await deps.db
          .update(paymentFlags)
          .set({ resolvedAt: now, details: { at: now.toISOString(), refused: error.message } })
          .where(
            and(
              eq(paymentFlags.orderId, order.id),
              eq(paymentFlags.reason, 'refund_started'),
              isNull(paymentFlags.resolvedAt),
            ),
          );
      }
      throw error;
    }
  }

  const touched: number[] = [];
  const result = await deps.db.transaction(async (tx): Promise<RefundResult> => {
    const locked = rowsOf<{ status: string; user_id: number }>(
      await tx.execute(sql`SELECT status, user_id FROM orders WHERE id = ${order.id} FOR UPDATE`),
    )[0];
    if (!locked || locked.status === 'refunded') {
      return { orderNo, refunded: false, userExpireTime: null };
    }
    await tx
      .update(payments)
      .set({ status: 'refunded', refundedAt: now })
      .where(eq(payments.id, payment.id));
    await tx
      .update(orders)
      .set({ status: 'refunded', updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx
      .update(paymentFlags)
      .set({ resolvedAt: now })
      .where(
        and(
          eq(paymentFlags.orderId, order.id),
          eq(paymentFlags.reason, 'refund_started'),
          isNull(paymentFlags.resolvedAt),
        ),
      );
    const revoked = await revokeOrderGrant(tx, locked.user_id, orderNo, now);
    touched.push(locked.user_id);
    await recomputeYearly(tx, locked.user_id, now);

    // The referral did not pay after all: the inviter's reward for this order goes back too.
    const [reward] = await tx
      .select()
      .from(inviteRewards)
      .where(eq(inviteRewards.orderId, order.id));
    if (reward) {
      await revokeInviteReward(tx, reward.inviterId, orderNo, reward.seconds, now);
      touched.push(reward.inviterId);
    }
    return { orderNo, refunded: true, userExpireTime: revoked.expireTime };
  });
  for (const userId of touched) deps.sessionCache?.forgetUser(userId);
  return result;
}

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

async function revokeInviteReward(
  tx: Db,
  inviterId: number,
  orderNo: string,
  seconds: number,
  now: Date,
): Promise<void> {
  const user = rowsOf<{ plan_type: number | null; expire_time: Date | string | null }>(
    await tx.execute(
      sql`SELECT plan_type, expire_time FROM users WHERE id = ${inviterId} FOR UPDATE`,
    ),
  )[0];
  const before = asDate(user?.expire_time ?? null);
  if (!user || !before || (user.plan_type !== 1 && user.plan_type !== 2)) return;
  const after = new Date(Math.max(now.getTime(), before.getTime() - seconds * 1000));
  const inserted = await tx
    .insert(membershipGrants)
    .values({
      userId: inviterId,
      source: 'refund',
      sourceRef: `invite_reward:${orderNo}`,
      planType: user.plan_type,
      kind: 'refund',
      seconds: -Math.round((before.getTime() - after.getTime()) / 1000),
      expireBefore: before,
      expireAfter: after,
    })
    .onConflictDoNothing()
    .returning({ id: membershipGrants.id });
  if (inserted.length === 0) return;
  await tx.update(users).set({ expireTime: after, updatedAt: now }).where(eq(users.id, inviterId));
}
