import { assertEvent, assign, setup } from 'xstate';
import { Errors } from '../../contract/errors';
import type { Order } from '../../contract/endpoints/payment';
import {
  awaitingDelays,
  isOrderMissing,
  newOrderOf,
  orderLookFailed,
  redirectToGatewayOf,
  redirectToPayUrl,
} from '../shared/awaiting-payment';
import {
  codeOf,
  errorOf,
  failedWith,
  failureCode,
  placeholderAction,
  placeholderActor,
  rememberError,
} from '../shared/machine-error';
import type {
  AppliedCoupon,
  CheckCouponInput,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CreateOrderInput,
  CreatedOrder,
  FetchOrderInput,
} from './checkout.types';

/** Refusals of a promo code; at purchase time they drop the code instead of blocking the order. */
const isCouponRefusal = failedWith(
  Errors.COUPON_INVALID,
  Errors.COUPON_EXPIRED,
  Errors.COUPON_NOT_STARTED,
  Errors.COUPON_NOT_FOR_PLAN,
  Errors.COUPON_USED_UP,
  Errors.COUPON_USER_LIMIT,
  Errors.COUPON_WRONG_CURRENCY,
);

const hasStatus = (order: Order | null, ...statuses: Order['status'][]) =>
  order !== null && statuses.includes(order.status);

/** The params of the guards and actions that read the order an actor answered. */
const orderOf = ({ event }: { event: { output: Order } }) => ({ order: event.output });
const storeOrder = { type: 'storeOrder', params: orderOf } as const;
/** A fetched order the gateway settled ends the awaiting in the state of its verdict. */
const settledAs = (
  guard: 'isPaid' | 'isFailed' | 'isExpired' | 'isCancelled',
  state: 'paid' | 'failed' | 'expired' | 'cancelled',
) => ({
  guard: { type: guard, params: orderOf },
  target: `#checkout.${state}`,
  actions: storeOrder,
});

/** A refused promo code, with the refusal's code; a blank one is refused without asking. */
const rejectCouponError = {
  type: 'rejectCoupon',
  params: ({ event }: { event: { error: unknown } }) => ({
    code: codeOf(event.error),
  }),
} as const;
const refuseBlankCode = (reenter: boolean) => ({
  guard: {
    type: 'isBlankCode' as const,
    params: ({ event }: { event: Extract<CheckoutEvent, { type: 'APPLY_COUPON' }> }) => event,
  },
  target: 'couponRejected',
  ...(reenter ? { reenter } : {}),
  actions: { type: 'rejectCoupon' as const, params: { code: Errors.REQUIRED_PROMO_CODE.code } },
});

/**
 * Buying a plan (DESIGN §5, docs/machines.md): on /pricing the buyer chooses, may apply a promo
 * code, and pays, which creates the order and hands off to the gateway; on /purchased (input
 * `orderId`) the same machine awaits the gateway's verdict by polling the order, time-boxed.
 * `checkCoupon`, `createOrder`, `fetchOrder`, `redirectToGateway` and `refreshAccount` must be
 * provided by the SPA with `machine.provide(...)`.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    checkCoupon: placeholderActor<AppliedCoupon, CheckCouponInput>('checkout', 'checkCoupon'),
    createOrder: placeholderActor<CreatedOrder, CreateOrderInput>('checkout', 'createOrder'),
    fetchOrder: placeholderActor<Order, FetchOrderInput>('checkout', 'fetchOrder'),
  },
  delays: awaitingDelays,
  actions: {
    redirectToGateway: redirectToGatewayOf('checkout'),
    refreshAccount: placeholderAction('checkout', 'refreshAccount'),
    select: assign((_, params: { selection: CheckoutContext['selection'] }) => ({
      selection: params.selection,
      errorCode: null,
    })),
    applyCoupon: assign((_, params: { coupon: AppliedCoupon }) => ({
      coupon: params.coupon,
      couponError: null,
    })),
    rejectCoupon: assign((_, params: { code: number }) => ({
      coupon: null,
      couponError: params.code,
    })),
    removeCoupon: assign({ coupon: null, couponError: null }),
    clearError: assign({ errorCode: null }),
    rememberOrder: assign((_, params: { created: CreatedOrder }) => ({
      orderId: params.created.orderId,
      payUrl: params.created.payUrl,
      errorCode: null,
    })),
    rememberFailure: assign(failureCode),
    storeOrder: assign((_, params: { order: Order }) => ({ order: params.order, errorCode: null })),
  },
  guards: {
    hasOrderToAwait: ({ context }) => context.orderId !== null,
    hasSelection: ({ context }) => context.selection !== null,
    isBlankCode: (_, params: { code: string }) => params.code.trim() === '',
    hasCoupon: ({ context }) => context.coupon !== null,
    isCouponRefusal,
    isOrderMissing,
    isPaid: (_, params: { order: Order }) => hasStatus(params.order, 'paid'),
    isFailed: (_, params: { order: Order }) => hasStatus(params.order, 'failed'),
    isExpired: (_, params: { order: Order }) => hasStatus(params.order, 'expired'),
    // A refunded order was paid and then given back: for the buyer it is as good as cancelled.
    isCancelled: (_, params: { order: Order }) => hasStatus(params.order, 'cancelled', 'refunded'),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    selection: null,
    coupon: null,
    couponError: null,
    orderId: input?.orderId ?? null,
    payUrl: null,
    order: null,
    errorCode: null,
  }),
  initial: 'choosing',
  states: {
    // Why: the buyer picks a plan, currency and method; the promo code field shows its own state.
    // On /purchased the machine starts with the order to await and leaves at once.
    choosing: {
      always: { guard: 'hasOrderToAwait', target: 'awaitingPayment' },
      initial: 'idle',
      on: {
        PAY: {
          guard: 'hasSelection',
          target: 'creatingOrder',
          actions: 'clearError',
        },
      },
      states: {
        // Why: no promo code applied; the total is the plan's price.
        idle: {
          on: {
            SELECT: { actions: { type: 'select', params: ({ event }) => event } },
            APPLY_COUPON: [
              refuseBlankCode(false),
              { guard: 'hasSelection', target: '#checkout.checkingCoupon' },
            ],
          },
        },
        // Why: the code's discount is part of the summary; a change of plan re-checks it.
        couponApplied: {
          on: {
            SELECT: {
              target: '#checkout.checkingCoupon',
              actions: { type: 'select', params: ({ event }) => event },
            },
            REMOVE_COUPON: { target: 'idle', actions: 'removeCoupon' },
            APPLY_COUPON: [refuseBlankCode(false), { target: '#checkout.checkingCoupon' }],
          },
        },
        // Why: the field shows why the code was refused; paying goes on at the full price.
        couponRejected: {
          on: {
            SELECT: { actions: { type: 'select', params: ({ event }) => event } },
            REMOVE_COUPON: { target: 'idle', actions: 'removeCoupon' },
            APPLY_COUPON: [
              refuseBlankCode(true),
              { guard: 'hasSelection', target: '#checkout.checkingCoupon' },
            ],
          },
        },
      },
    },
    // Why: one check at a time; the summary must not show a discount the server did not grant.
    checkingCoupon: {
      invoke: {
        id: 'checkCoupon',
        src: 'checkCoupon',
        input: ({ context, event }) => {
          // Entered by APPLY_COUPON (a new code) or by SELECT (the applied code, a new plan).
          const code = event.type === 'APPLY_COUPON' ? event.code.trim() : context.coupon!.code;
          return { ...context.selection!, code };
        },
        onDone: {
          target: 'choosing.couponApplied',
          actions: { type: 'applyCoupon', params: ({ event }) => ({ coupon: event.output }) },
        },
        onError: {
          target: 'choosing.couponRejected',
          actions: rejectCouponError,
        },
      },
    },
    // Why: one order per click; the idempotency key makes a retried request the same order.
    creatingOrder: {
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context, event }) => {
          assertEvent(event, 'PAY');
          return {
            ...newOrderOf(context.selection!, event),
            ...(context.coupon ? { couponCode: context.coupon.code } : {}),
          };
        },
        onDone: {
          target: 'redirecting',
          actions: { type: 'rememberOrder', params: ({ event }) => ({ created: event.output }) },
        },
        onError: [
          {
            // The code ran out (or ran late) between the check and the order: drop it, say why.
            guard: { type: 'isCouponRefusal', params: errorOf },
            target: 'choosing.couponRejected',
            actions: rejectCouponError,
          },
          {
            guard: 'hasCoupon',
            target: 'choosing.couponApplied',
            actions: rememberError,
          },
          {
            target: 'choosing.idle',
            actions: rememberError,
          },
        ],
      },
    },
    // Why: the page is being replaced by the gateway's; nothing more to do here. The buyer comes
    // back on /purchased (RETURNED), where a new page awaits the order.
    redirecting: {
      entry: redirectToPayUrl,
      on: { RETURNED: 'awaitingPayment' },
    },
    // Why: the gateway's notification reaches the server, not the browser; the page asks the
    // server until the order is settled, for at most AWAIT_LIMIT_MS.
    awaitingPayment: {
      initial: 'fetching',
      after: { AWAIT_LIMIT: 'notDetected' },
      states: {
        // Why: one question at a time.
        fetching: {
          invoke: {
            id: 'fetchOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderId: context.orderId! }),
            onDone: [
              settledAs('isPaid', 'paid'),
              settledAs('isFailed', 'failed'),
              settledAs('isExpired', 'expired'),
              settledAs('isCancelled', 'cancelled'),
              {
                target: 'waiting',
                actions: storeOrder,
              },
            ],
            onError: orderLookFailed('#checkout.notDetected'),
          },
        },
        // Why: the order is still pending; the spinner stays and the next question waits POLL_MS.
        waiting: {
          after: { POLL: 'fetching' },
        },
      },
    },
    // Why: the membership was credited; the account is fetched again to show the new expiry.
    paid: { type: 'final', entry: 'refreshAccount' },
    // Why: the gateway reported a failed payment; the buyer may try again from /pricing.
    failed: { type: 'final' },
    // Why: the order's time ran out before it was paid; a new order is needed.
    expired: { type: 'final' },
    // Why: the buyer cancelled the order (or it was refunded); nothing to wait for.
    cancelled: { type: 'final' },
    // Why: no verdict within the time box (or no such order): the payment may still arrive, so
    // the page says to contact support if money left the account, and offers to look again.
    notDetected: {
      on: { RECHECK: { target: 'awaitingPayment', actions: 'clearError' } },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
