/** A crypto order with its quote and its network, as the settlement and the status read it. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { cryptoQuotes, cryptoSubmissions, cryptoTransfers, orders } from '../db/schema';
import type { Hex } from './chain-reader';
import { findNetwork, type CryptoNetworkConfig } from './crypto-config';

export type OrderRow = typeof orders.$inferSelect;
export type QuoteRow = typeof cryptoQuotes.$inferSelect;
export type TransferRow = typeof cryptoTransfers.$inferSelect;
export type SubmissionRow = typeof cryptoSubmissions.$inferSelect;

export interface QuotedOrder {
  readonly order: OrderRow;
  readonly quote: QuoteRow & {
    readonly tokenAddress: Hex;
    readonly receivingAddress: Hex;
    readonly payerAddress: Hex;
  };
  /** The network as configured now (its RPC URLs and confirmations); the quote fixed the rest. */
  readonly network: CryptoNetworkConfig;
}

export async function loadQuotedOrder(
  db: Db,
  where: { orderNo: string; userId?: number } | { orderId: number },
): Promise<QuotedOrder | undefined> {
  const condition =
    'orderId' in where
      ? eq(orders.id, where.orderId)
      : and(
          eq(orders.orderNo, where.orderNo),
          where.userId === undefined ? undefined : eq(orders.userId, where.userId),
        );
  const [row] = await db
    .select({ order: orders, quote: cryptoQuotes })
    .from(orders)
    .innerJoin(cryptoQuotes, eq(cryptoQuotes.orderId, orders.id))
    .where(condition);
  if (!row) return undefined;
  const network = await findNetwork(db, row.quote.chainId);
  if (!network) return undefined;
  return {
    order: row.order,
    quote: {
      ...row.quote,
      tokenAddress: row.quote.tokenAddress as Hex,
      receivingAddress: row.quote.receivingAddress as Hex,
      payerAddress: row.quote.payerAddress as Hex,
    },
    network,
  };
}

/** The order's transfers in chain order. */
export async function transfersOf(
  db: Db,
  orderId: number,
  states?: readonly TransferRow['state'][],
): Promise<TransferRow[]> {
  const rows = await db
    .select()
    .from(cryptoTransfers)
    .where(
      and(
        eq(cryptoTransfers.orderId, orderId),
        states ? inArray(cryptoTransfers.state, [...states]) : undefined,
      ),
    );
  return rows.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
}

/** The order's submitted hashes, newest first. */
export async function submissionsOf(db: Db, orderId: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(cryptoSubmissions)
    .where(eq(cryptoSubmissions.orderId, orderId))
    .orderBy(desc(cryptoSubmissions.createdAt), desc(cryptoSubmissions.id));
}

export const sumAmounts = (rows: readonly { amount: string }[]): bigint =>
  rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
