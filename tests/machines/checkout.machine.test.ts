import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, type SnapshotFrom } from 'xstate';
import { settle, startOnClock } from './support/on-clock';
import { Errors } from '../../contract/errors';
import type { Order } from '../../contract/endpoints/payment';
import { AWAIT_LIMIT_MS, POLL_MS } from '../../machines/checkout/checkout.constants';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type {
  AppliedCoupon,
  CheckoutEvent,
  CreatedOrder,
} from '../../machines/checkout/checkout.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { sampleOrder } from './support/sample-order';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

const selection = { productId: 11, currency: 'CNY' as const };
const select: CheckoutEvent = { type: 'SELECT', selection };
const apply = (code: string): CheckoutEvent => ({ type: 'APPLY_COUPON', code });
const pay: CheckoutEvent = { type: 'PAY', method: 'alipay', idempotencyKey: 'key-0001-abcdef' };
const coupon: AppliedCoupon = {
  code: 'WELCOME20',
  subtotal: { amount: 29_900, currency: 'CNY' },
  discount: { amount: 5_980, currency: 'CNY' },
  total: { amount: 23_920, currency: 'CNY' },
};
const created: CreatedOrder = {
  orderId: 'K202611220000000001',
  payUrl: 'http://127.0.0.1/pay/sandbox/K202611220000000001',
  expiresAt: '2026-11-22T05:30:00.000Z',
  total: coupon.total,
};
const ev = {
  couponOk: actorDone<CheckoutEvent>('checkCoupon', coupon),
  couponRefused: (code: number) => actorError<CheckoutEvent>('checkCoupon', { code }),
  orderCreated: actorDone<CheckoutEvent>('createOrder', created),
  orderRefused: (code: number) => actorError<CheckoutEvent>('createOrder', { code }),
  order: (order: Order) => actorDone<CheckoutEvent>('fetchOrder', order),
  fetchFailed: (code: number) => actorError<CheckoutEvent>('fetchOrder', { code }),
  poll: delayElapsed<CheckoutEvent>('POLL', 'checkout.awaitingPayment.waiting'),
  limit: delayElapsed<CheckoutEvent>('AWAIT_LIMIT', 'checkout.awaitingPayment'),
};

const run = (events: CheckoutEvent[], from?: Snapshot): [Snapshot, unknown[]] =>
  runEvents(checkoutMachine, [from ?? initialTransition(checkoutMachine, {})[0], []], events);

function awaiting(): Snapshot {
  return initialTransition(checkoutMachine, { orderId: created.orderId })[0];
}

/** The promo code checked and applied, then the order refused with `code`. */
const orderRefusedWithCoupon = (code: number) =>
  run([select, apply('WELCOME20'), ev.couponOk, pay, ev.orderRefused(code)]);

describe('checkout machine, choosing and the promo code', () => {
  it('starts choosing with nothing selected; paying needs a selection', () => {
    const [start] = run([]);
    expect(start.value).toEqual({ choosing: 'idle' });
    expect(start.context).toMatchObject({ selection: null, coupon: null, orderId: null });
    expect(run([pay])[0].value).toEqual({ choosing: 'idle' });
    expect(run([apply('WELCOME20')])[0].value).toEqual({ choosing: 'idle' });
  });

  it('an empty code is refused without asking the server (REQUIRED_PROMO_CODE)', () => {
    const [snapshot, actions] = run([select, apply('   ')]);
    expect(snapshot.value).toEqual({ choosing: 'couponRejected' });
    expect(snapshot.context.couponError).toBe(Errors.REQUIRED_PROMO_CODE.code);
    expect(spawnedInput(actions, 'checkCoupon')).toBeUndefined();
  });

  it('a code is checked against the selection, trimmed, and its discount kept', () => {
    const [checking, actions] = run([select, apply(' WELCOME20 ')]);
    expect(checking.value).toBe('checkingCoupon');
    expect(spawnedInput(actions, 'checkCoupon')).toEqual({ ...selection, code: 'WELCOME20' });
    const [applied] = run([ev.couponOk], checking);
    expect(applied.value).toEqual({ choosing: 'couponApplied' });
    expect(applied.context.coupon).toEqual(coupon);
  });

  it('a refused code shows its code; removing it goes back to no code', () => {
    const [refused] = run([select, apply('NOPE'), ev.couponRefused(Errors.COUPON_EXPIRED.code)]);
    expect(refused.value).toEqual({ choosing: 'couponRejected' });
    expect(refused.context.couponError).toBe(Errors.COUPON_EXPIRED.code);
    const [removed] = run([{ type: 'REMOVE_COUPON' }], refused);
    expect(removed.value).toEqual({ choosing: 'idle' });
    expect(removed.context.couponError).toBeNull();
  });

  it('another plan re-checks the applied code for that plan', () => {
    const [applied] = run([select, apply('WELCOME20'), ev.couponOk]);
    const other = { productId: 21, currency: 'USD' as const };
    const [checking, actions] = run([{ type: 'SELECT', selection: other }], applied);
    expect(checking.value).toBe('checkingCoupon');
    expect(spawnedInput(actions, 'checkCoupon')).toEqual({ ...other, code: 'WELCOME20' });
    const [refused] = run([ev.couponRefused(Errors.COUPON_NOT_FOR_PLAN.code)], checking);
    expect(refused.value).toEqual({ choosing: 'couponRejected' });
    expect(refused.context.coupon).toBeNull();
  });
});

describe('checkout machine, the order and the hand-off', () => {
  it('PAY creates the order with the method, the key and the applied code', () => {
    const [creating, actions] = run([select, apply('WELCOME20'), ev.couponOk, pay]);
    expect(creating.value).toBe('creatingOrder');
    expect(spawnedInput(actions, 'createOrder')).toEqual({
      ...selection,
      method: 'alipay',
      idempotencyKey: 'key-0001-abcdef',
      couponCode: 'WELCOME20',
    });
    const [redirecting, entry] = run([ev.orderCreated], creating);
    expect(redirecting.value).toBe('redirecting');
    expect(redirecting.context).toMatchObject({ orderId: created.orderId, payUrl: created.payUrl });
    expect(entry).toContainEqual(
      expect.objectContaining({ type: 'redirectToGateway', params: { payUrl: created.payUrl } }),
    );
  });

  it('without a code no couponCode is sent', () => {
    const [, actions] = run([select, pay]);
    expect(spawnedInput(actions, 'createOrder')).not.toHaveProperty('couponCode');
  });

  it('a refused order goes back to choosing with its code, keeping the applied promo code', () => {
    const [plain] = run([select, pay, ev.orderRefused(Errors.GATEWAY_UNAVAILABLE.code)]);
    expect(plain.value).toEqual({ choosing: 'idle' });
    expect(plain.context.errorCode).toBe(Errors.GATEWAY_UNAVAILABLE.code);
    const [withCode] = orderRefusedWithCoupon(Errors.TOO_MANY_PENDING_ORDERS.code);
    expect(withCode.value).toEqual({ choosing: 'couponApplied' });
    expect(withCode.context.coupon).toEqual(coupon);
    // The next attempt clears the error.
    expect(run([pay], withCode)[0].context.errorCode).toBeNull();
  });

  it.each(['COUPON_USED_UP', 'COUPON_EXPIRED', 'COUPON_WRONG_CURRENCY'] as const)(
    'a code refused at purchase (%s) is dropped with its reason',
    (key) => {
      const [snapshot] = orderRefusedWithCoupon(Errors[key].code);
      expect(snapshot.value).toEqual({ choosing: 'couponRejected' });
      expect(snapshot.context.couponError).toBe(Errors[key].code);
    },
  );

  it('a code used up between the check and the order is dropped with its reason', () => {
    const [snapshot] = orderRefusedWithCoupon(Errors.COUPON_USED_UP.code);
    expect(snapshot.value).toEqual({ choosing: 'couponRejected' });
    expect(snapshot.context).toMatchObject({
      coupon: null,
      couponError: Errors.COUPON_USED_UP.code,
    });
  });

  it('coming back from the gateway awaits that order', () => {
    const [snapshot, actions] = run([select, pay, ev.orderCreated, { type: 'RETURNED' }]);
    expect(snapshot.value).toEqual({ awaitingPayment: 'fetching' });
    expect(spawnedInput(actions, 'fetchOrder')).toEqual({ orderId: created.orderId });
  });
});

describe('checkout machine, awaiting the payment on /purchased', () => {
  it('starts awaiting when given an order', () => {
    const [start, actions] = initialTransition(checkoutMachine, { orderId: created.orderId });
    expect(start.value).toEqual({ awaitingPayment: 'fetching' });
    expect(spawnedInput(actions, 'fetchOrder')).toEqual({ orderId: created.orderId });
  });

  it.each([
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['expired', 'expired'],
    ['cancelled', 'cancelled'],
    ['refunded', 'cancelled'],
  ] as const)('an order %s ends in %s, with the order kept', (status, state) => {
    const order = sampleOrder(status);
    const [snapshot, actions] = run([ev.order(order)], awaiting());
    expect(snapshot.value).toBe(state);
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.order).toEqual(order);
    const refreshes = (actions as Array<{ type: string }>).some((a) => a.type === 'refreshAccount');
    expect(refreshes).toBe(state === 'paid');
  });

  it('a pending order is asked about again after POLL_MS; a hiccup too', () => {
    const [waiting] = run([ev.order(sampleOrder('pending'))], awaiting());
    expect(waiting.value).toEqual({ awaitingPayment: 'waiting' });
    const [fetching] = run([ev.poll], waiting);
    expect(fetching.value).toEqual({ awaitingPayment: 'fetching' });
    const [hiccup] = run([ev.fetchFailed(Errors.NETWORK_ERROR.code)], fetching);
    expect(hiccup.value).toEqual({ awaitingPayment: 'waiting' });
    expect(hiccup.context.errorCode).toBe(Errors.NETWORK_ERROR.code);
    const [paid] = run([ev.poll, ev.order(sampleOrder('paid'))], hiccup);
    expect(paid.value).toBe('paid');
    expect(paid.context.errorCode).toBeNull();
  });

  it('an unknown order is not waited for', () => {
    const [snapshot] = run([ev.fetchFailed(Errors.ORDER_NOT_FOUND.code)], awaiting());
    expect(snapshot.value).toBe('notDetected');
    expect(snapshot.context.errorCode).toBe(Errors.ORDER_NOT_FOUND.code);
  });

  it('after AWAIT_LIMIT_MS it is not detected; RECHECK looks again', () => {
    const [late] = run([ev.order(sampleOrder('pending')), ev.limit], awaiting());
    expect(late.value).toBe('notDetected');
    const [again] = run([{ type: 'RECHECK' }], late);
    expect(again.value).toEqual({ awaitingPayment: 'fetching' });
  });
});

describe('checkout machine, running on a simulated clock', () => {
  it('polls every POLL_MS and gives up after AWAIT_LIMIT_MS', async () => {
    const fetchOrder = vi.fn(() => Promise.resolve(sampleOrder('pending')));
    const { clock, actor } = startOnClock(
      checkoutMachine.provide({
        actors: { fetchOrder: fromPromise(() => fetchOrder()) },
        actions: { refreshAccount: () => undefined },
      }),
      { orderId: created.orderId },
    );
    await settle();
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    const polls = AWAIT_LIMIT_MS / POLL_MS;
    for (let i = 1; i < polls; i += 1) {
      clock.increment(POLL_MS);
      await settle();
    }
    expect(fetchOrder).toHaveBeenCalledTimes(polls);
    expect(actor.getSnapshot().matches('awaitingPayment')).toBe(true);
    clock.increment(POLL_MS);
    expect(actor.getSnapshot().value).toBe('notDetected');
    expect(clock.now()).toBe(AWAIT_LIMIT_MS);
    actor.stop();
  });

  it('redirects to the payUrl and refreshes the account once paid', async () => {
    const redirect = vi.fn();
    const refresh = vi.fn();
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          createOrder: fromPromise(() => Promise.resolve(created)),
          fetchOrder: fromPromise(() => Promise.resolve(sampleOrder('paid'))),
        },
        actions: {
          redirectToGateway: (_, params: { payUrl: string }) => redirect(params.payUrl),
          refreshAccount: refresh,
        },
      }),
      { input: {} },
    ).start();
    actor.send(select);
    actor.send(pay);
    await settle();
    expect(redirect).toHaveBeenCalledWith(created.payUrl);
    actor.send({ type: 'RETURNED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('without provided actors a PAY reports a fault, not a user error', async () => {
    const actor = createActor(checkoutMachine, { input: {} }).start();
    actor.send(select);
    actor.send(pay);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ choosing: 'idle' });
    expect(actor.getSnapshot().context.errorCode).toBe(Errors.INTERNAL.code);
    actor.stop();
  });
});
