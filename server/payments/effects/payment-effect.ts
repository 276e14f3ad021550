/**
 * What a credited payment does besides recording the money: each effect (membership, invite reward,
 * and the ones that plug in later: group seat, commission) is one module implementing this interface
 * and listed once in `payment-effects.ts`. `creditOrder` and `refundOrder` run every listed effect
 * inside their one transaction, in list order, and know nothing about any of them. See
 * docs/payments.md, "Steps and effects".
 */
import type { Currency } from '../../db/schema';
import type { DisplayConfig, ShopGroupType } from '../../../contract';
import type { Db } from '../../db/database';
import type { GatewayName } from '../../gateways/gateway';
import type { FlagEntry } from '../payment-flags';

/** The order as it was sold (prices and plan locked at purchase). */
export interface PaidOrder {
  readonly id: number;
  readonly orderNo: string;
  readonly planId: number;
  readonly groupType: ShopGroupType;
  readonly months: number;
  readonly durationDays: number;
  readonly maxDevices: number;
  /** The group whose seat(s) this order pays (docs/group-buy.md); null for a plain purchase. */
  readonly groupBuyId: number | null;
}

/** A payment as recorded: what both crediting and refunding tell an effect. */
export interface RecordedPayment {
  readonly order: PaidOrder;
  /** The buyer, whose `users` row a credit holds locked. */
  readonly buyerId: number;
  /** The cash received, in minor units, and its currency (equal to the order's locked total). */
  readonly amount: number;
  readonly currency: Currency;
  readonly gateway: GatewayName;
  readonly tradeNo: string;
  readonly now: Date;
}

/** A payment that was just recorded, as every effect's `apply` sees it. */
export interface CreditedPayment extends RecordedPayment {
  /** True when no other order of the buyer holds a payment that is still paid (refunds don't count). */
  readonly firstPaidOrder: boolean;
  /** Paid after its order closed or expired (credited all the same, and flagged). */
  readonly late: boolean;
  /** The display config read once for this credit (percentages of the rewards and conversions). */
  readonly display: DisplayConfig;
  /** The wallets the money came from (crypto payments); empty when the gateway does not say. */
  readonly payerWallets: readonly string[];
  /** The buyer's account at the gateway (VerifiedNotification.payerAccount); null when not named. */
  readonly payerAccount: string | null;
}

/** A payment being refunded, as every effect's `undo` sees it. */
export type RefundedPayment = RecordedPayment;

/** What the running transaction offers an effect. */
export interface EffectContext {
  /** The transaction of the credit (or refund): everything an effect writes commits or rolls back with it. */
  readonly tx: Db;
  /** Marks a user whose membership or account view changed: the session cache forgets them after commit. */
  touchUser(userId: number): void;
  /** Writes an operator flag about this order and trade (once per reason). */
  flag(reason: FlagEntry['reason'], details: Record<string, unknown>): Promise<void>;
}

export interface PaymentEffect {
  /** Short, stable name: it appears in the credit outcome and the logs. */
  readonly name: string;
  /**
   * Takes the row locks this effect serialises on (a group row, say), called right after the order
   * row is locked and before any `users` row is: every transaction then locks in the same order
   * (order, effect rows, users), so two credits never deadlock.
   */
  lock?(tx: Db, order: PaidOrder): Promise<void>;
  /** Applies the effect once; true when it changed something. Repeats are stopped before effects run. */
  apply(payment: CreditedPayment, context: EffectContext): Promise<boolean>;
  /** Takes the effect back when the payment is refunded; absent when there is nothing to undo. */
  undo?(payment: RefundedPayment, context: EffectContext): Promise<void>;
}
