/**
 * The message a buyer's wallet signs to prove that the quote's account controls the paying wallet
 * (docs/crypto-pay.md, "The payer proves the wallet"): EIP-712 typed data, built the same way by the
 * page (wagmi's `signTypedData`) and by the server (viem's `verifyTypedData` on the network's public
 * client, which checks plain wallets by recovery and contract wallets through ERC-1271 / ERC-6492).
 *
 * Why EIP-712 and not a personal_sign text: the wallet shows each field by name, the domain's chain
 * id ties the signature to the quote's network, and there is no text to parse or translate.
 */
import type { CryptoQuote } from './endpoints/crypto';

export const PAYER_PROOF_DOMAIN_NAME = 'Kestrel VPN';
export const PAYER_PROOF_DOMAIN_VERSION = '1';

export const PAYER_PROOF_TYPES = {
  PayFromThisWallet: [
    { name: 'account', type: 'string' },
    { name: 'order', type: 'string' },
    { name: 'payer', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'recipient', type: 'address' },
  ],
} as const;

export type PayerProofTerms = Pick<
  CryptoQuote,
  | 'account'
  | 'orderId'
  | 'chainId'
  | 'payerAddress'
  | 'tokenAddress'
  | 'amount'
  | 'receivingAddress'
>;

/** The typed data to sign for a quote: its account, order, payer, token, amount and recipient. */
export function payerProofTypedData(terms: PayerProofTerms) {
  return {
    domain: {
      name: PAYER_PROOF_DOMAIN_NAME,
      version: PAYER_PROOF_DOMAIN_VERSION,
      chainId: terms.chainId,
    },
    types: PAYER_PROOF_TYPES,
    primaryType: 'PayFromThisWallet',
    message: {
      account: terms.account,
      order: terms.orderId,
      payer: terms.payerAddress,
      token: terms.tokenAddress,
      amount: BigInt(terms.amount),
      recipient: terms.receivingAddress,
    },
  } as const;
}
