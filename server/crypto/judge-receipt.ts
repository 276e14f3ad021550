/**
 * Whether a mined transaction can pay a quote (docs/crypto-pay.md): it succeeded; it holds a
 * Transfer log of the quoted token's contract to the receiving address, from the payer's address;
 * it was mined at or after the quote's block. The amount is judged over all the order's transfers
 * (a second transfer may complete an underpaid one), and confirmations as blocks arrive.
 */
import type { ErrorKey } from '../../contract';
import type { Hex, TransferLog, TxReceipt } from './chain-reader';

export interface QuoteTerms {
  readonly tokenAddress: Hex;
  readonly receivingAddress: Hex;
  readonly payerAddress: Hex;
  readonly fromBlock: bigint;
}

export type ReceiptVerdict =
  | { readonly pays: true; readonly transfers: readonly TransferLog[] }
  | { readonly pays: false; readonly error: ErrorKey };

export function judgeReceipt(receipt: TxReceipt, quote: QuoteTerms): ReceiptVerdict {
  if (!receipt.succeeded) return { pays: false, error: 'CRYPTO_TX_FAILED' };
  const toUs = receipt.transfers.filter((t) => t.to === quote.receivingAddress);
  const ofToken = toUs.filter((t) => t.token === quote.tokenAddress);
  if (ofToken.length === 0) {
    return {
      pays: false,
      error: toUs.length > 0 ? 'CRYPTO_WRONG_TOKEN' : 'CRYPTO_WRONG_RECIPIENT',
    };
  }
  const fromPayer = ofToken.filter((t) => t.from === quote.payerAddress);
  if (fromPayer.length === 0) return { pays: false, error: 'CRYPTO_WRONG_PAYER' };
  if (receipt.blockNumber < quote.fromBlock)
    return { pays: false, error: 'CRYPTO_TX_BEFORE_QUOTE' };
  return { pays: true, transfers: fromPayer };
}

/** Blocks on top of (and including) the transaction's: 1 right after it is mined. */
export function confirmationsOf(blockNumber: bigint, latest: bigint): number {
  return latest >= blockNumber ? Number(latest - blockNumber + 1n) : 0;
}

/** A payment later than the quote is credited within this window if the price still holds. */
export const LATE_PAYMENT_WINDOW_MS = 7 * 24 * 3_600_000;
