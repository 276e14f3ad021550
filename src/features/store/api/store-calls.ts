/**
 * The store's calls (DESIGN §6: the typed call, its query options). The API layer and the
 * contract's schemas load on demand, so none of this is in a page's first paint.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ParamsOf } from '../../../../contract/define-endpoint';
import type * as paymentEndpoints from '../../../../contract/endpoints/payment';
import { loadApi } from '../../../lib/load-api';

const payment = () => import('../../../../contract/endpoints/payment');
const system = () => import('../../../../contract/endpoints/system');

type Params<K extends keyof typeof paymentEndpoints> = ParamsOf<(typeof paymentEndpoints)[K]>;

/** Inline errors: the field says why, so no toast (callApiQuiet). */
export async function checkCoupon(params: Params<'paymentCoupon'>) {
  const [{ callApiQuiet }, { paymentCoupon }] = await Promise.all([loadApi(), payment()]);
  return callApiQuiet(paymentCoupon, params);
}

/** A refusal is a toast (and a 401 the way to /login), like every action call. */
export async function purchase(params: Params<'paymentPurchase'>) {
  const [{ callApi }, { paymentPurchase }] = await Promise.all([loadApi(), payment()]);
  return callApi(paymentPurchase, params);
}

/** The result page asks quietly: a hiccup while polling is retried, not toasted. */
export async function fetchOrder(orderId: string) {
  const [{ callApiQuiet }, { paymentOrder }] = await Promise.all([loadApi(), payment()]);
  const { orders } = await callApiQuiet(paymentOrder, { orderId });
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

export const ordersQuery = () =>
  queryOptions({
    queryKey: ordersKey,
    queryFn: async () => {
      const [{ callApi }, { paymentOrder }] = await Promise.all([loadApi(), payment()]);
      return callApi(paymentOrder, {});
    },
  });

export async function cancelOrder(orderId: string) {
  const [{ callApi }, { paymentOrderCancel }] = await Promise.all([loadApi(), payment()]);
  return callApi(paymentOrderCancel, { orderId });
}

export async function redeemCode(code: string) {
  const [{ callApiQuiet }, { systemRedeemCode }] = await Promise.all([loadApi(), system()]);
  return callApiQuiet(systemRedeemCode, { code });
}

export async function startFreeTrial() {
  const [{ callApiQuiet }, { systemFreeTrial }] = await Promise.all([loadApi(), system()]);
  return callApiQuiet(systemFreeTrial, {});
}

export const freeTrialStatusKey = ['free-trial-status'] as const;

/** Whether the trial would start, and if not its true reason (the server's error code). */
export const freeTrialStatusQuery = (userId: number) =>
  queryOptions({
    queryKey: [...freeTrialStatusKey, userId],
    queryFn: async () => {
      const [{ callApiQuiet }, { systemFreeTrialStatus }] = await Promise.all([
        loadApi(),
        system(),
      ]);
      return callApiQuiet(systemFreeTrialStatus, {});
    },
  });
