/**
 * What an operator must look at about crypto payments, in payment_flags beside the gateways' flags
 * (docs/payments.md, "What an operator sees"), once per (order, trade, reason).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paymentFlags } from '../db/schema';
import { flagPayment, type FlagReason } from '../payments/payment-flags';

export type CryptoFlagReason = Extract<FlagReason, `crypto_${string}`>;

export async function flagCryptoPayment(
  db: Db,
  entry: {
    orderId: number;
    tradeNo: string;
    reason: CryptoFlagReason;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    // The order row lock makes two processes flagging the same thing write one row.
    await tx.execute(sql`SELECT id FROM orders WHERE id = ${entry.orderId} FOR UPDATE`);
    await flagPayment(tx, { ...entry, gateway: 'crypto' });
  });
}
/** The unresolved crypto flags of an order (the status says why a payment was not credited). */
export async function openCryptoFlags(db: Db, orderId: number): Promise<CryptoFlagReason[]> {
  const rows = await db
    .select({ reason: paymentFlags.reason })
    .from(paymentFlags)
    .where(
      and(
        eq(paymentFlags.orderId, orderId),
        eq(paymentFlags.gateway, 'crypto'),
        isNull(paymentFlags.resolvedAt),
      ),
    );
  return rows.map((r) => r.reason as CryptoFlagReason);
}
