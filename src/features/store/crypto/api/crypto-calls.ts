/**
 * The crypto-pay page's calls (DESIGN §6): the options for a product, the quote, the payer proof,
 * the hash the wallet returned, the payment's status. The API layer and the contract's schemas load on demand.
 */
import type { ParamsOf } from '../../../../../contract/define-endpoint';
import type * as cryptoEndpoints from '../../../../../contract/endpoints/crypto';
import { loadApi } from '../../../../lib/load-api';

const crypto = () => import('../../../../../contract/endpoints/crypto');
const payment = () => import('../../../../../contract/endpoints/payment');

type Params<K extends keyof typeof cryptoEndpoints> = ParamsOf<(typeof cryptoEndpoints)[K]>;

/** The page shows why (invalid product, nothing offered) itself: no toast. */
export async function fetchCryptoOptions(params: Params<'paymentCryptoOptions'>) {
  const [{ callApiQuiet }, { paymentCryptoOptions }] = await Promise.all([loadApi(), crypto()]);
  return callApiQuiet(paymentCryptoOptions, params);
}

/** The quote failing shows on the page (SPEC §8 'failed to get payment details'); a 401 logs in. */
export async function requestCryptoQuote(params: Params<'paymentCryptoQuote'>) {
  const [{ callApiQuiet }, { paymentCryptoQuote }] = await Promise.all([loadApi(), crypto()]);
  return callApiQuiet(paymentCryptoQuote, params);
}

/** The wallet's payer proof; a refusal shows on the page. */
export async function proveCryptoQuote(params: Params<'paymentCryptoProve'>) {
  const [{ callApiQuiet }, { paymentCryptoProve }] = await Promise.all([loadApi(), crypto()]);
  return callApiQuiet(paymentCryptoProve, params);
}

export async function submitCryptoPayment(params: Params<'paymentCryptoSubmit'>) {
  const [{ callApiQuiet }, { paymentCryptoSubmit }] = await Promise.all([loadApi(), crypto()]);
  return callApiQuiet(paymentCryptoSubmit, params);
}

export async function fetchCryptoStatus(params: Params<'paymentCryptoStatus'>) {
  const [{ callApiQuiet }, { paymentCryptoStatus }] = await Promise.all([loadApi(), crypto()]);
  return callApiQuiet(paymentCryptoStatus, params);
}

/** A quote the buyer walked away from: cancelled quietly, it only frees a pending slot. */
export async function abandonCryptoQuote(orderId: string) {
  const [{ callApiQuiet }, { paymentOrderCancel }] = await Promise.all([loadApi(), payment()]);
  return callApiQuiet(paymentOrderCancel, { orderId });
}
