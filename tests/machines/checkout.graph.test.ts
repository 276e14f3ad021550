import type { SnapshotFrom } from 'xstate';
import { Errors } from '../../contract/errors';
import { AWAIT_LIMIT_MS, CheckoutState, POLL_MS } from '../../machines/checkout/checkout.constants';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutEvent } from '../../machines/checkout/checkout.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { applicableEvents } from '../../machines/shared/paths';
import { describeGraph } from './support/graph-suite';
import { sampleOrder } from './support/sample-order';

const events: CheckoutEvent[] = [
  { type: 'SELECT', selection: { productId: 11, currency: 'CNY' } },
  { type: 'APPLY_COUPON', code: 'WELCOME20' },
  { type: 'APPLY_COUPON', code: '' },
  { type: 'REMOVE_COUPON' },
  { type: 'PAY', method: 'alipay', idempotencyKey: 'key-0001-abcdef' },
  { type: 'RETURNED' },
  { type: 'RECHECK' },
  actorDone('checkCoupon', {
    code: 'WELCOME20',
    subtotal: { amount: 29_900, currency: 'CNY' },
    discount: { amount: 5_980, currency: 'CNY' },
    total: { amount: 23_920, currency: 'CNY' },
  }),
  actorError('checkCoupon', { code: Errors.COUPON_INVALID.code }),
  actorDone('createOrder', {
    orderId: 'K202611220000000001',
    payUrl: 'http://127.0.0.1/pay/sandbox/K202611220000000001',
    expiresAt: '2026-11-22T05:30:00.000Z',
    total: { amount: 29_900, currency: 'CNY' },
  }),
  actorError('createOrder', { code: Errors.GATEWAY_UNAVAILABLE.code }),
  ...(['pending', 'paid', 'failed', 'expired', 'cancelled'] as const).map((status) =>
    actorDone<CheckoutEvent>('fetchOrder', sampleOrder(status)),
  ),
  actorError('fetchOrder', { code: Errors.ORDER_NOT_FOUND.code }),
  delayElapsed('POLL', 'checkout.awaitingPayment.waiting'),
  delayElapsed('AWAIT_LIMIT', 'checkout.awaitingPayment'),
];
/**
 * For the simple paths: the promo code's removal and the empty code stay in the shortest paths and
 * the pure tests (each would multiply the paths through `choosing`), and the time box elapses
 * while a question is in flight, the one moment no POLL timer runs beside it on the clock.
 */
const LOCAL_EVENTS = new Set(['REMOVE_COUPON']);
const simplePathEvents = (snapshot: SnapshotFrom<typeof checkoutMachine>) =>
  applicableEvents(
    events.filter(
      (e) =>
        !LOCAL_EVENTS.has(e.type) &&
        !(e.type === 'APPLY_COUPON' && e.code === '') &&
        !(
          e.type.startsWith('xstate.after.AWAIT_LIMIT') &&
          snapshot.matches({ awaitingPayment: 'waiting' })
        ),
    ),
  )(snapshot);
const replayOptions = {
  actors: ['checkCoupon', 'createOrder', 'fetchOrder'],
  delays: { POLL: POLL_MS, AWAIT_LIMIT: AWAIT_LIMIT_MS },
  actions: { redirectToGateway: () => undefined, refreshAccount: () => undefined },
};

describeGraph('checkout machine, graph', {
  machine: checkoutMachine,
  states: CheckoutState,
  events,
  simplePathEvents,
  replay: replayOptions,
  minSimplePaths: 101,
  timeoutMs: 60_000,
});
