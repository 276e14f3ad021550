/**
 * How a recorded payout hash is checked on chain. The crypto module provides the implementation
 * (it reads the chain over JSON-RPC); without one, a hash is recorded as 'unverified' and the
 * settlement shows as paid on the operator's word. With one, a settlement shows as paid only once
 * the chain confirms the transfer. docs/kol.md.
 */
import type { PayoutNetwork } from '../../contract/kol';

export interface PayoutTransfer {
  readonly network: PayoutNetwork;
  readonly txHash: string;
  /** The KOL's address the settlement was made out to. */
  readonly toAddress: string;
  /** The settlement's amount in US cents (USDT has 6 decimals: cents x 10,000 base units). */
  readonly amountCents: number;
}

export type PayoutCheck =
  /** A confirmed USDT transfer of at least the amount to the address. */
  | { readonly result: 'verified' }
  /** The chain answered and the transaction is not that transfer (wrong address, amount, failed). */
  | { readonly result: 'rejected'; readonly reason: string }
  /** The chain could not be asked (node down, not yet confirmed): check again later. */
  | { readonly result: 'unavailable'; readonly reason: string };

export interface PayoutVerifier {
  verifyTransfer(transfer: PayoutTransfer): Promise<PayoutCheck>;
}
