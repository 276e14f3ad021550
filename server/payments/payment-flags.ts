/**
 * What an operator must look at (docs/payments.md, "What an operator sees"): one `payment_flags` row
 * per (order, gateway, trade, reason), however often the notification that caused it is delivered.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentFlagReason } from '../../contract/payment-flags';
import type { Db } from '../db/database';
import { paymentFlags } from '../db/schema';
import type { GatewayName } from '../gateways/gateway';

export type FlagReason = PaymentFlagReason;

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

/**
 * Flags a notification that matches no order: with no order row to lock, it serialises on the
 * trade (the caller's transaction holds the lock) so that repeats write one flag.
 */
export async function flagTrade(tx: Db, entry: Omit<FlagEntry, 'orderId'>): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`pay:${entry.gateway}:${entry.tradeNo}`}))`,
  );
  await flagPayment(tx, { orderId: null, ...entry });
}
