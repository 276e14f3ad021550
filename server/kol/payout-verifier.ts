/**
 * What checking a recorded payout hash on chain answers (docs/kol.md). The settlements need only this
 * interface; the verifier that reads the chain joins the KOL feature to the crypto module's
 * configured networks and lives where both meet, in server/admin/chain-payout-verifier.ts.
 */
import type { PayoutCheckReason, PayoutNetwork } from '../../contract/kol';

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
  | { readonly result: 'rejected'; readonly reason: PayoutCheckReason }
  /** The chain could not be asked (node down, not yet confirmed): check again later. */
  | { readonly result: 'unavailable'; readonly reason: PayoutCheckReason }
  /** No chain is configured for the network here: the operator's word stands. */
  | { readonly result: 'unconfigured'; readonly reason: PayoutCheckReason };

export interface PayoutVerifier {
  verifyTransfer(transfer: PayoutTransfer): Promise<PayoutCheck>;
}
