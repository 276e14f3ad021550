/**
 * What the buyer's page shows about a crypto order (`payment_crypto_status`), read from what the
 * settlement recorded: awaiting a transaction, confirming (n of N), underpaid (received and
 * missing), paid, reversed (credited, then its transfer left the chain: under review), expired, or
 * failed with the reason of the latest transaction.
 */
import type { CryptoStatus } from '../../contract/endpoints/crypto';
import { Errors } from '../../contract/errors';
import type { Db } from '../db/database';
import { openCryptoFlags } from './crypto-flags';
import { reversedOnChain } from './reorg-after-credit';
import { submissionsOf, sumAmounts, transfersOf, type QuotedOrder } from './quoted-order';

export async function cryptoStatusOf(
  db: Db,
  { order, quote, network }: QuotedOrder,
  now: Date,
): Promise<CryptoStatus> {
  const transfers = await transfersOf(db, order.id);
  const submissions = await submissionsOf(db, order.id);
  const confirmed = transfers.filter((t) => t.state === 'confirmed');
  const confirming = transfers.filter((t) => t.state === 'confirming');
  const reorged = transfers.filter((t) => t.state === 'reorged');
  const received = sumAmounts(confirmed);
  const quoted = BigInt(quote.amount);
  const missing = received >= quoted ? 0n : quoted - received;
  const latestSubmission = submissions[0];
  const latestTransfer = transfers.at(-1);
  const expired =
    now.getTime() > quote.expiresAt.getTime() ||
    order.status === 'expired' ||
    order.status === 'cancelled' ||
    order.status === 'failed';

  const base = {
    orderId: order.orderNo,
    txHash: latestSubmission?.txHash ?? latestTransfer?.txHash ?? null,
    confirmations: 0,
    required: network.confirmations,
    received: received.toString(),
    missing: missing.toString(),
    errorCode: null as number | null,
    expiresAt: quote.expiresAt.toISOString(),
    serverTime: now.toISOString(),
  };
  const status = (state: CryptoStatus['state'], extra: Partial<CryptoStatus> = {}) => ({
    ...base,
    state,
    ...extra,
  });

  if (reversedOnChain(order, quoted, transfers)) {
    // Credited, then a reorg took the transfer back: no "paid with 0 received" (issue 19, item 6).
    return status('reversed', { errorCode: Errors.CRYPTO_PAYMENT_REVERSED.code });
  }
  if (order.status === 'paid' || order.status === 'refunded') {
    return status('paid', { confirmations: Math.max(0, ...confirmed.map((t) => t.confirmations)) });
  }
  if (confirming.length > 0) {
    return status('confirming', { confirmations: confirming.at(-1)!.confirmations });
  }
  if (reorged.length > 0) {
    // Its block left the chain: back to confirming until it is mined again.
    return status('confirming', { errorCode: Errors.CRYPTO_TX_NOT_FOUND.code });
  }
  if (latestSubmission?.state === 'pending') {
    return expired
      ? status('expired', { errorCode: Errors.CRYPTO_TX_NOT_FOUND.code })
      : status('confirming');
  }
  if (received >= quoted) {
    const flags = await openCryptoFlags(db, order.id);
    if (flags.includes('crypto_too_late'))
      return status('failed', { errorCode: Errors.CRYPTO_TOO_LATE.code });
    if (flags.includes('crypto_price_changed'))
      return status('failed', { errorCode: Errors.CRYPTO_PRICE_CHANGED.code });
    // Confirmed in full; crediting happens on this or the next settlement.
    return status('confirming', { confirmations: network.confirmations });
  }
  if (latestSubmission?.state === 'refused' && latestSubmission.errorCode !== null) {
    return status(expired ? 'expired' : 'failed', { errorCode: latestSubmission.errorCode });
  }
  if (received > 0n) {
    return status(expired ? 'expired' : 'underpaid', {
      errorCode: Errors.CRYPTO_UNDERPAID.code,
      confirmations: network.confirmations,
    });
  }
  return status(expired ? 'expired' : 'awaiting');
}
