import type {
  CryptoQuote,
  CryptoStatus,
  paymentCryptoOptions,
} from '../../contract/endpoints/crypto';
import type { DataOf } from '../../contract/define-endpoint';

export type CryptoOptions = DataOf<typeof paymentCryptoOptions>;
export type { CryptoQuote, CryptoStatus };

/** The connected wallet as the wallet reports it. */
export interface Wallet {
  readonly address: `0x${string}`;
  readonly chainId: number;
}

export interface CryptoPayInput {
  readonly productId: number;
}

export interface CryptoPayContext {
  readonly productId: number;
  readonly options: CryptoOptions | null;
  /** The network and token chosen, in that order (SPEC §4, §5). */
  readonly chainId: number | null;
  readonly token: string | null;
  readonly wallet: Wallet | null;
  /** The order the server quoted. */
  readonly quote: CryptoQuote | null;
  /** The wallet's signature of the payer proof, until the server took it. */
  readonly proof: `0x${string}` | null;
  /** The latest transaction the wallet sent for the quote. */
  readonly txHash: `0x${string}` | null;
  readonly status: CryptoStatus | null;
  /** The contract code of the last failure (wallet, server or chain). */
  readonly errorCode: number | null;
}

export interface LoadOptionsInput {
  readonly productId: number;
}
export interface ConnectWalletInput {
  /** The EIP-6963 wallet chosen (wagmi's connector uid); null: whatever window.ethereum is. */
  readonly connectorId: string | null;
}
export interface SwitchNetworkInput {
  readonly chainId: number;
}
export interface RequestQuoteInput {
  readonly productId: number;
  readonly chainId: number;
  readonly token: string;
  readonly payer: `0x${string}`;
}
/** The wallet signs the payer proof of the quote (contract/payer-proof.ts). */
export interface SignProofInput {
  readonly quote: CryptoQuote;
}
export interface ProveQuoteInput {
  readonly orderId: string;
  readonly proof: `0x${string}`;
}
export interface SendPaymentInput {
  readonly quote: CryptoQuote;
  /** Base units: the quote's amount, or what is missing after an underpayment. */
  readonly amount: string;
}
export interface SubmitPaymentInput {
  readonly orderId: string;
  readonly txHash: `0x${string}`;
}
export interface FetchStatusInput {
  readonly orderId: string;
}

export type CryptoPayEvent =
  | { readonly type: 'SELECT_NETWORK'; readonly chainId: number }
  | { readonly type: 'SELECT_TOKEN'; readonly token: string }
  | { readonly type: 'CONNECT'; readonly connectorId: string | null }
  /** The wallet connected, disconnected, or changed account or network (the SPA watches it). */
  | { readonly type: 'WALLET_CHANGED'; readonly wallet: Wallet | null }
  | { readonly type: 'SWITCH_NETWORK' }
  | { readonly type: 'SIGN' }
  | { readonly type: 'PAY' }
  | { readonly type: 'RETRY' }
  | { readonly type: 'NEW_QUOTE' };
