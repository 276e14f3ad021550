/**
 * The crypto-pay page's calls (DESIGN §6): the options for a product, the quote, the payer proof,
 * the hash the wallet returned, the payment's status. The API layer and the contract's schemas load on demand.
 */
import type { ParamsOf } from '../../../../../contract/define-endpoint';
import type * as cryptoEndpoints from '../../../../../contract/endpoints/crypto';
import { callLazy } from '../../../../lib/load-api';

const crypto = () => import('../../../../../contract/endpoints/crypto');
const payment = () => import('../../../../../contract/endpoints/payment');

type Params<K extends keyof typeof cryptoEndpoints> = ParamsOf<(typeof cryptoEndpoints)[K]>;

/** The page shows why (invalid product, nothing offered) itself: no toast. */
export async function fetchCryptoOptions(params: Params<'paymentCryptoOptions'>) {
  return callLazy(crypto(), (m) => m.paymentCryptoOptions, params, { quiet: true });
}

/** The quote failing shows on the page (SPEC §8 'failed to get payment details'); a 401 logs in. */
export async function requestCryptoQuote(params: Params<'paymentCryptoQuote'>) {
  return callLazy(crypto(), (m) => m.paymentCryptoQuote, params, { quiet: true });
}

/** The wallet's payer proof; a refusal shows on the page. */
export async function proveCryptoQuote(params: Params<'paymentCryptoProve'>) {
  return callLazy(crypto(), (m) => m.paymentCryptoProve, params, { quiet: true });
}

export async function submitCryptoPayment(params: Params<'paymentCryptoSubmit'>) {
  return callLazy(crypto(), (m) => m.paymentCryptoSubmit, params, { quiet: true });
}

export async function fetchCryptoStatus(params: Params<'paymentCryptoStatus'>) {
  return callLazy(crypto(), (m) => m.paymentCryptoStatus, params, { quiet: true });
}

/** A quote the buyer walked away from: cancelled quietly, it only frees a pending slot. */
export async function abandonCryptoQuote(orderId: string) {
  return callLazy(payment(), (m) => m.paymentOrderCancel, { orderId }, { quiet: true });
}
