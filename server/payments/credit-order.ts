/**
 * Applies a verified gateway notification to its order, exactly once, in one transaction of named
 * steps (credit-steps.ts): lock the order row, verify the notification against it, record the
 * payment, then apply its effects (effects/: membership, invite reward, ...) with the buyer's row
 * locked. Every repeat ends at a unique constraint or behind the order lock; whatever an operator must
 * look at is written to payment_flags in the same transaction. See docs/payments.md.
 */
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import { readDisplayConfig } from '../settings/default-settings';
import type { CreditOutcome } from './credit-outcome';
import {
  changeLockedOrder,
  currencyOf,
  handleUnknownOrder,
  lockBuyer,
  paidOrderOf,
  recordPayment,
  verifyNotification,
  type LockedOrder,
} from './credit-steps';
import type { CreditedPayment, EffectContext, PaymentEffect } from './effects/payment-effect';
import { paymentEffects } from './effects/payment-effects';
import type { VerifiedNotification } from '../gateways/gateway';
import { flagPayment } from './payment-flags';

export type { FlagReason } from './payment-flags';
export type { CreditOutcome } from './credit-outcome';

export interface CreditDeps {
  readonly db: Db;
  readonly sessionCache?: SessionCache;
  readonly now?: () => Date;
  /** The effects to apply; default: every effect of effects/payment-effects.ts. */
  readonly effects?: readonly PaymentEffect[];
  /**
   * Fault injection for tests: runs inside the transaction right after the payment row is written;
   * a throw rolls the whole credit back.
   */
  readonly afterPaymentInsert?: (tx: Db) => Promise<void>;
  /**
   * Runs inside the credit's transaction once its outcome is known, with the order as it was when
   * locked, before any change (undefined: no order has that number): what the caller records with
   * the credit (the console's audit entry) commits with it or not at all. A throw rolls it all back.
   */
  readonly inTransaction?: (
    tx: Db,
    credit: { readonly before: LockedOrder | undefined; readonly outcome: CreditOutcome },
  ) => Promise<void>;
}

export async function creditOrder(
  deps: CreditDeps,
  notification: VerifiedNotification,
): Promise<CreditOutcome> {
  const now = deps.now?.() ?? new Date();
  const effects = deps.effects ?? paymentEffects;
  const display = await readDisplayConfig(deps.db);
  const { gateway, tradeNo, orderNo } = notification;

  const credit = async (
    tx: Db,
    order: LockedOrder | undefined,
    touchUser: (userId: number) => void,
  ): Promise<CreditOutcome> => {
    if (!order) return handleUnknownOrder(tx, notification);
    const stopped = await verifyNotification(tx, order, notification, now);
    if (stopped) return stopped;

    const paidOrder = paidOrderOf(order);
    for (const effect of effects) await effect.lock?.(tx, paidOrder);
    const recorded = await recordPayment(tx, order, notification, now, deps.afterPaymentInsert);
    if (!recorded) return { result: 'flagged', reason: 'duplicate_payment', orderNo };

    const context: EffectContext = {
      tx,
      touchUser,
      flag: (reason, details) =>
        flagPayment(tx, { orderId: paidOrder.id, gateway, tradeNo, reason, details }),
    };
    const buyer = await lockBuyer(tx, order.user_id, paidOrder.id);
    if (!buyer) {
      // Paid by an account deleted meanwhile: the money is recorded; the operator refunds it.
      await context.flag('user_missing', {});
      return { result: 'credited', orderNo, late: recorded.late, effects: [] };
    }
    const payment: CreditedPayment = {
      order: paidOrder,
      buyerId: order.user_id,
      amount: notification.amount,
      currency: currencyOf(order.currency),
      gateway,
      tradeNo,
      firstPaidOrder: buyer.firstPaidOrder,
      late: recorded.late,
      now,
      display,
      payerWallets: notification.payerWallets ?? [],
      payerAccount: notification.payerAccount ?? null,
    };
    const applied: string[] = [];
    for (const effect of effects) {
      if (await effect.apply(payment, context)) applied.push(effect.name);
    }
    return { result: 'credited', orderNo, late: recorded.late, effects: applied };
  };

  return changeLockedOrder(deps, orderNo, credit, (tx, before, outcome) =>
    deps.inTransaction?.(tx, { before, outcome }),
  );
}
