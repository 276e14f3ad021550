/**
 * Refunds a paid order in named steps: verify (the order has a payment not yet refunded), return the
 * money at the gateway (outside any transaction: a network call), then one transaction that locks
 * the order, records the refund (payment and order refunded) and undoes every effect of the payment
 * (effects/: the membership time, never below now, and the yearly-paid flag; the inviter's reward;
 * ...). Running it again on a refunded order changes nothing. The operator's refund (the console's
 * and `npm run admin -- orders refund`, one operator function) calls it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import { orders, paymentFlags, payments, users } from '../db/schema';
import { changeLockedOrder, currencyOf, paidOrderOf, type LockedOrder } from './credit-steps';
import type { EffectContext, PaymentEffect, RefundedPayment } from './effects/payment-effect';
import { paymentEffects } from './effects/payment-effects';
import { GatewayError, type GatewayName, type PaymentGateways } from '../gateways/gateway';
import { flagPayment } from './payment-flags';

export interface RefundDeps {
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache?: SessionCache;
  readonly now?: () => Date;
  /** The effects to undo; default: every effect of effects/payment-effects.ts. */
  readonly effects?: readonly PaymentEffect[];
  /**
   * Runs inside the refund's transaction once its result is known (a refund already recorded
   * included), with the order as it was when locked, before any change: what the caller records
   * with the refund (the console's audit entry) commits with it or not at all. A throw rolls the
   * transaction back; money a gateway already returned stays returned, its `refund_started` flag
   * open for the next attempt.
   */
  readonly inTransaction?: (
    tx: Db,
    refund: { readonly before: LockedOrder | undefined; readonly result: RefundResult },
  ) => Promise<void>;
}

export interface RefundResult {
  readonly orderNo: string;
  /** False when the order was already refunded: nothing changed. */
  readonly refunded: boolean;
  readonly userExpireTime: Date | null;
}

/** Gateways whose refund call is itself idempotent (an idempotency key, or no real money). */
const IDEMPOTENT_REFUNDS: readonly GatewayName[] = ['sandbox', 'stripe'];

/** Why a refund did not start: no such order, no payment, no such gateway here, an earlier attempt in doubt. */
export type RefundRefusal = 'no-order' | 'no-payment' | 'no-gateway' | 'in-doubt';

export class RefundError extends Error {
  override name = 'RefundError';
  constructor(
    readonly refusal: RefundRefusal,
    message: string,
  ) {
    super(message);
  }
}

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const openRefundFlag = (orderId: number) =>
  and(
    eq(paymentFlags.orderId, orderId),
    eq(paymentFlags.reason, 'refund_started'),
    isNull(paymentFlags.resolvedAt),
  );

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
  if (!order) throw new RefundError('no-order', `order ${orderNo} not found`);
  const [payment] = await deps.db.select().from(payments).where(eq(payments.orderId, order.id));
  if (!payment)
    throw new RefundError('no-payment', `order ${orderNo} has no payment (status ${order.status})`);
  // Already refunded: no gateway call; the transaction below finds it so and changes nothing.
  const recorded = payment.status === 'refunded' && order.status === 'refunded';
  if (!options.manual && !recorded) await refundAtGateway(deps, order, payment, now);

  const effects = deps.effects ?? paymentEffects;
  const refund = async (
    tx: Db,
    locked: LockedOrder | undefined,
    touchUser: (userId: number) => void,
  ): Promise<RefundResult> => {
    if (!locked || locked.status === 'refunded') {
      return { orderNo, refunded: false, userExpireTime: null };
    }
    const paidOrder = paidOrderOf(locked);
    for (const effect of effects) await effect.lock?.(tx, paidOrder);
    await recordRefund(tx, order.id, payment.id, now);
    const context: EffectContext = {
      tx,
      touchUser,
      flag: (reason, details) =>
        flagPayment(tx, {
          orderId: order.id,
          gateway: payment.gateway as GatewayName,
          tradeNo: payment.tradeNo,
          reason,
          details,
        }),
    };
    const refunded: RefundedPayment = {
      order: paidOrder,
      buyerId: locked.user_id,
      amount: payment.amount,
      currency: currencyOf(payment.currency),
      gateway: payment.gateway as GatewayName,
      tradeNo: payment.tradeNo,
      now,
    };
    // In list order, like the credit: users are locked in the same order on both paths.
    for (const effect of effects) await effect.undo?.(refunded, context);
    const [buyer] = await tx
      .select({ expireTime: users.expireTime })
      .from(users)
      .where(eq(users.id, locked.user_id));
    return { orderNo, refunded: true, userExpireTime: buyer?.expireTime ?? null };
  };
  return changeLockedOrder(deps, orderNo, refund, (tx, before, result) =>
    deps.inTransaction?.(tx, { before, result }),
  );
}

/** Marks the payment and the order refunded and resolves the open `refund_started` flag. */
async function recordRefund(tx: Db, orderId: number, paymentId: number, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now })
    .where(eq(payments.id, paymentId));
  await tx.update(orders).set({ status: 'refunded', updatedAt: now }).where(eq(orders.id, orderId));
  await tx.update(paymentFlags).set({ resolvedAt: now }).where(openRefundFlag(orderId));
}

/**
 * The gateway returns the money. A `refund_started` flag is written first and stays open when the
 * outcome is unknown, so a second attempt through a gateway without idempotency stops and asks the
 * operator to check its console.
 */
async function refundAtGateway(
  deps: RefundDeps,
  order: OrderRow,
  payment: PaymentRow,
  now: Date,
): Promise<void> {
  const orderNo = order.orderNo;
  const gateway = deps.gateways.byName(payment.gateway as GatewayName);
  if (!gateway) {
    throw new RefundError(
      'no-gateway',
      `gateway ${payment.gateway} is not configured here: refund ${orderNo} in its console, then run the refund with --manual`,
    );
  }
  const [started] = await deps.db
    .select({ id: paymentFlags.id })
    .from(paymentFlags)
    .where(openRefundFlag(order.id));
  if (started && !IDEMPOTENT_REFUNDS.includes(gateway.name)) {
    throw new RefundError(
      'in-doubt',
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
        .where(openRefundFlag(order.id));
    }
    throw error;
  }
}
