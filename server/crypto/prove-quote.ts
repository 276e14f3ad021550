/**
 * `payment_crypto_prove` (issue 19 item 1, docs/crypto-pay.md "The payer proves the wallet"): the
 * quote's account shows it controls the payer address by the wallet's EIP-712 signature of the
 * account, order, payer, token, amount and recipient. Only a proven quote can be paid: the watcher
 * matches transfers to proven quotes only, and a hash is taken and settled only for one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { UserRow } from '../identity/sessions';
import { cryptoQuotes } from '../db/schema';
import { fail } from '../protocol/api-error';
import { ChainUnavailableError, type Hex } from './chain-reader';
import { nowOf, type CryptoDeps } from './crypto-deps';
import { createProofVerifiers } from './payer-proof';
import { loadQuotedOrder, type QuotedOrder } from './quoted-order';

/** How the proof names the account: the login its owner knows, else its number. */
export function accountLabelOf(user: Pick<UserRow, 'id' | 'username' | 'email' | 'phone'>): string {
  return user.username ?? user.email ?? user.phone ?? `#${user.id}`;
}

export async function proveQuote(
  deps: CryptoDeps,
  quoted: QuotedOrder,
  signature: Hex,
): Promise<QuotedOrder> {
  const { order, quote, network } = quoted;
  // Proven once is proven: a second signature (another tab, a retry) changes nothing.
  if (quote.provenAt !== null) return quoted;
  const now = nowOf(deps);
  if (order.status !== 'pending' || quote.expiresAt.getTime() <= now.getTime()) {
    throw fail('CRYPTO_QUOTE_EXPIRED');
  }
  const verifiers = deps.proofs ?? createProofVerifiers();
  let verdict;
  try {
    verdict = await verifiers.verify(
      network,
      {
        account: quote.accountLabel ?? `#${order.userId}`,
        orderId: order.orderNo,
        chainId: quote.chainId,
        payerAddress: quote.payerAddress,
        tokenAddress: quote.tokenAddress,
        amount: quote.amount,
        receivingAddress: quote.receivingAddress,
      },
      signature,
    );
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    deps.log.warn({ err: error, orderNo: order.orderNo }, 'crypto: payer proof not checked');
    throw fail('CRYPTO_PROOF_UNCHECKED');
  }
  if (verdict === 'wrong_signer') throw fail('CRYPTO_PROOF_WRONG_SIGNER');
  if (verdict !== 'valid') throw fail('CRYPTO_PROOF_INVALID');
  await deps.db
    .update(cryptoQuotes)
    .set({ provenAt: now, proofSignature: signature })
    .where(and(eq(cryptoQuotes.orderId, order.id), isNull(cryptoQuotes.provenAt)));
  return (await loadQuotedOrder(deps.db, { orderId: order.id })) ?? quoted;
}
