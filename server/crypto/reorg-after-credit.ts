/**
 * A credit that a reorg took back (docs/crypto-pay.md, "A credit a reorg took back"): a credited
 * order whose transfer is no longer on the chain is flagged `crypto_reorged_after_credit` for the
 * operator, once per order (payment_flags_crypto_reorged_once and the order row lock). Membership
 * is not revoked here: as with a card dispute or a BTCPay invoice that turns invalid after it was
 * settled, a person decides (the transfer may be mined again; the buyer may pay again).
 */
import { eq } from 'drizzle-orm';
import { payments } from '../db/schema';
import { flagCryptoPayment } from './crypto-flags';
import type { CryptoDeps } from './crypto-deps';
import { sumAmounts, transfersOf, type QuotedOrder, type TransferRow } from './quoted-order';

/** The credited order's transfers still on the chain add up to less than the quote. */
export function reversedOnChain(
  order: QuotedOrder['order'],
  quotedAmount: bigint,
  transfers: readonly TransferRow[],
): boolean {
  if (order.status !== 'paid' && order.status !== 'refunded') return false;
  if (!transfers.some((t) => t.state === 'reorged')) return false;
  const onChain = transfers.filter((t) => t.state === 'confirming' || t.state === 'confirmed');
  return sumAmounts(onChain) < quotedAmount;
}

export async function flagReorgAfterCredit(deps: CryptoDeps, quoted: QuotedOrder): Promise<void> {
  const { order, quote } = quoted;
  if (order.status !== 'paid') return;
  const transfers = await transfersOf(deps.db, order.id);
  if (!reversedOnChain(order, BigInt(quote.amount), transfers)) return;
  const [payment] = await deps.db
    .select({ tradeNo: payments.tradeNo, gateway: payments.gateway })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  if (payment?.gateway !== 'crypto') return;
  const gone = transfers.filter((t) => t.state === 'reorged');
  const onChain = transfers.filter((t) => t.state === 'confirming' || t.state === 'confirmed');
  await flagCryptoPayment(deps.db, {
    orderId: order.id,
    tradeNo: payment.tradeNo,
    reason: 'crypto_reorged_after_credit',
    details: {
      reorged: gone.map((t) => `${t.txHash}:${t.logIndex}`),
      quoted: quote.amount,
      onChain: sumAmounts(onChain).toString(),
      token: quote.tokenSymbol,
      chainId: quote.chainId,
      userId: order.userId,
    },
  });
  deps.log.warn(
    { orderNo: order.orderNo, reorged: gone.map((t) => t.txHash) },
    'crypto: a credited transfer left the chain; flagged for the operator',
  );
}
