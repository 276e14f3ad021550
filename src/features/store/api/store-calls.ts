/**
 * The store's calls (DESIGN §6: the typed call, its query options). The API layer and the
 * contract's schemas load on demand, so none of this is in a page's first paint.
 */
import type { ParamsOf } from '../../../../contract/define-endpoint';
import type * as paymentEndpoints from '../../../../contract/endpoints/payment';
import { callLazy, lazyQuery } from '../../../lib/load-api';

const payment = () => import('../../../../contract/endpoints/payment');
const system = () => import('../../../../contract/endpoints/system');

type Params<K extends keyof typeof paymentEndpoints> = ParamsOf<(typeof paymentEndpoints)[K]>;

/** Inline errors: the field says why, so no toast (callApiQuiet). */
export async function checkCoupon(params: Params<'paymentCoupon'>) {
  return callLazy(payment(), (m) => m.paymentCoupon, params, { quiet: true });
}

/** A refusal is a toast (and a 401 the way to /login), like every action call. */
export async function purchase(params: Params<'paymentPurchase'>) {
  return callLazy(payment(), (m) => m.paymentPurchase, params);
}

/** The result page asks quietly: a hiccup while polling is retried, not toasted. */
export async function fetchOrder(orderId: string) {
  const { orders } = await callLazy(payment(), (m) => m.paymentOrder, { orderId }, { quiet: true });
  const [order] = orders;
  if (!order) {
    const [{ ApiError }, { Errors }] = await Promise.all([
      import('../../../lib/api-error'),
      import('../../../../contract/errors'),
    ]);
    throw new ApiError(Errors.ORDER_NOT_FOUND.code, Errors.ORDER_NOT_FOUND.en);
  }
  return order;
}

export const ordersKey = ['orders'] as const;

export const ordersQuery = () => lazyQuery(ordersKey, payment, (m) => m.paymentOrder, {});

export async function cancelOrder(orderId: string) {
  return callLazy(payment(), (m) => m.paymentOrderCancel, { orderId });
}

export async function redeemCode(code: string) {
  return callLazy(system(), (m) => m.systemRedeemCode, { code }, { quiet: true });
}

export async function startFreeTrial() {
  return callLazy(system(), (m) => m.systemFreeTrial, {}, { quiet: true });
}

export const freeTrialStatusKey = ['free-trial-status'] as const;

/** Whether the trial would start, and if not its true reason (the server's error code). */
export const freeTrialStatusQuery = (userId: number) =>
  lazyQuery(
    [...freeTrialStatusKey, userId],
    system,
    (m) => m.systemFreeTrialStatus,
    {},
    { quiet: true },
  );
