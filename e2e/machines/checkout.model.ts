/**
 * The checkout machine as /pricing, the sandbox gateway and /purchased can drive it. The paths are
 * the journeys a buyer takes (getPathsFromEvents), not every simple path: those number in the
 * hundreds and differ mostly in promo-code detours the vitest graph test already replays.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import type { Order } from '../../contract/endpoints/payment';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutEvent } from '../../machines/checkout/checkout.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import { sampleOrder } from '../../tests/machines/support/sample-order';

type CheckoutPath = MachinePath<typeof checkoutMachine>;

/** The demo promo code (server/store/seed-plans.ts) and one no store has. */
export const GOOD_CODE = 'WELCOME10';
export const BAD_CODE = 'NO-SUCH-CODE';

const money = { amount: 0, currency: 'CNY' } as const;

const select: CheckoutEvent = { type: 'SELECT', selection: { productId: 0, currency: 'CNY' } };
const apply = (code: string): CheckoutEvent => ({ type: 'APPLY_COUPON', code });
const pay: CheckoutEvent = { type: 'PAY', method: 'alipay', idempotencyKey: 'model-key-0001' };
const returned: CheckoutEvent = { type: 'RETURNED' };
const couponOk = actorDone<CheckoutEvent>('checkCoupon', {
  code: GOOD_CODE,
  subtotal: money,
  discount: money,
  total: money,
});
const couponRefused = actorError<CheckoutEvent>('checkCoupon', {
  code: Errors.COUPON_INVALID.code,
});
const created = actorDone<CheckoutEvent>('createOrder', {
  orderId: 'K0',
  payUrl: '',
  expiresAt: '2026-01-01T00:30:00.000Z',
  total: money,
});
/** The server's data is the server's; the graph only needs the status to choose the branch. */
export const fetched = (status: Order['status']) =>
  actorDone<CheckoutEvent>('fetchOrder', sampleOrder(status));
const poll = delayElapsed<CheckoutEvent>('POLL', 'checkout.awaitingPayment.waiting');
const limit = delayElapsed<CheckoutEvent>('AWAIT_LIMIT', 'checkout.awaitingPayment');
const recheck: CheckoutEvent = { type: 'RECHECK' };
const paying = [pay, created, returned];

export function checkoutUiPaths(): CheckoutPath[] {
  const paths: CheckoutEvent[][] = [
    // The promo code: an empty one is refused at once, a good one applied, then removed.
    [select, apply(''), apply(GOOD_CODE), couponOk, { type: 'REMOVE_COUPON' }],
    // A refused code, then paying full price and failing at the gateway.
    [select, apply(BAD_CODE), couponRefused, ...paying, fetched('failed')],
    // The happy path with a promo code.
    [select, apply(GOOD_CODE), couponOk, ...paying, fetched('paid')],
    // Back from the gateway before paying: the page waits, the payment arrives, the page sees it.
    [select, ...paying, fetched('pending'), poll, fetched('paid')],
    // Nothing within the time box; looking again finds the order expired.
    [select, ...paying, fetched('pending'), limit, recheck, fetched('expired')],
    // The order was cancelled (in another tab) before the buyer came back.
    [select, ...paying, fetched('cancelled')],
  ];
  return paths.flatMap((events) => getPathsFromEvents(checkoutMachine, events));
}
