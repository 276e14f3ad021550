/**
 * What an operator must look at (docs/payments.md, "What an operator sees"): one `payment_flags` row
 * per (order, gateway, trade, reason), however often the notification that caused it is delivered.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paymentFlags } from '../db/schema';
import type { GatewayName } from '../gateways/gateway';

export type FlagReason =
  | 'late_payment'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'unknown_order'
  // Signed, but its order, trade or currency holds U+0000 (storable-notification.ts): acknowledged.
  | 'unusable_notification'
  | 'gateway_mismatch'
  | 'duplicate_payment'
  | 'coupon_over_limit'
  | 'user_missing'
  // Crypto payments (server/crypto, docs/crypto-pay.md): more than quoted arrived (credited, excess
  // in the details); paid after the quote expired while the price changed; paid over 7 days late.
  | 'crypto_overpaid'
  | 'crypto_price_changed'
  | 'crypto_too_late'
  // A credited order's transfer left the chain (a reorg deeper than the confirmations); the
  // membership stays until an operator decides (server/crypto/reorg-after-credit.ts).
  | 'crypto_reorged_after_credit'
  // Group buy (docs/group-buy.md): a seat's payment arrived after its group ended, filled or closed
  // (the ending job refunds it); a share the gateway cannot refund by API, for the operator.
  | 'group_seat_unavailable'
  | 'group_refund_due';

export interface FlagEntry {
  readonly orderId: number | null;
  readonly gateway: GatewayName;
  readonly tradeNo: string;
  readonly reason: FlagReason;
  readonly details: Record<string, unknown>;
}

/** Writes a flag once; callers hold the order lock (or the trade lock) so repeats cannot race. */
export async function flagPayment(tx: Db, entry: FlagEntry): Promise<void> {
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
