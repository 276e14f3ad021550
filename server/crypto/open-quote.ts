/**
 * A buyer's open crypto quote that a new quote request answers again instead of making another
 * order (issue 19 item 14, docs/crypto-pay.md): same user, plan, network, token and payer; still
 * pending with at least REUSE_MIN_LEFT_MS to run; the same amount, price and receiving address a
 * new quote would have; and untouched: no hash submitted and no transfer attached to it.
 */
import { and, desc, eq, gt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  cryptoQuotes,
  cryptoSubmissions,
  cryptoTransfers,
  orders,
  type Currency,
} from '../db/schema';

/** A quote with less time left than this is not handed out again: the buyer could not pay in time. */
export const REUSE_MIN_LEFT_MS = 5 * 60_000;

export interface OpenQuoteTerms {
  readonly userId: number;
  readonly planId: number;
  readonly chainId: number;
  readonly tokenAddress: string;
  readonly payerAddress: string;
  readonly receivingAddress: string;
  readonly amount: bigint;
  readonly total: number;
  readonly currency: Currency;
}

/** The order id of the quote to answer again, or undefined when a new one must be made. */
export async function findOpenQuote(
  db: Db,
  terms: OpenQuoteTerms,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ orderId: orders.id })
    .from(orders)
    .innerJoin(cryptoQuotes, eq(cryptoQuotes.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, terms.userId),
        eq(orders.status, 'pending'),
        eq(orders.method, 'crypto'),
        eq(orders.planId, terms.planId),
        eq(orders.total, terms.total),
        eq(orders.currency, terms.currency),
        eq(orders.subtotal, terms.total),
        gt(cryptoQuotes.expiresAt, new Date(now.getTime() + REUSE_MIN_LEFT_MS)),
        eq(cryptoQuotes.chainId, terms.chainId),
        eq(cryptoQuotes.tokenAddress, terms.tokenAddress),
        eq(cryptoQuotes.payerAddress, terms.payerAddress),
        eq(cryptoQuotes.receivingAddress, terms.receivingAddress),
        sql`${cryptoQuotes.amount} = ${terms.amount.toString()}::numeric`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(cryptoSubmissions)
            .where(eq(cryptoSubmissions.orderId, orders.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cryptoTransfers)
            .where(eq(cryptoTransfers.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.orderId;
}
