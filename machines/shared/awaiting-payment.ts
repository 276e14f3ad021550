import { Errors } from '../../contract/errors';
import { errorOf, failedWith, placeholderAction, rememberError } from './machine-error';

/**
 * How a page pays an order through a gateway (checkout on /pricing, group buy for the creator's or
 * a member's order): the order asked for is the buyer's choice, paid with the chosen method, and
 * the idempotency key makes a retried request the same order...
 */
export const newOrderOf = <TChoice extends object, TMethod>(
  choice: TChoice,
  event: { readonly method: TMethod; readonly idempotencyKey: string },
) => ({ ...choice, method: event.method, idempotencyKey: event.idempotencyKey });

/**
 * ...then the page hands the buyer to the gateway (the `redirecting` state's entry): the SPA's
 * `redirectToGateway` opens the order's pay URL...
 */
export const redirectToPayUrl = {
  type: 'redirectToGateway',
  params: ({ context }: { context: { readonly payUrl: string | null } }) => ({
    payUrl: context.payUrl ?? '',
  }),
} as const;

/** The `redirectToGateway` action a machine that hands off to the gateway leaves to the SPA. */
export const redirectToGatewayOf = (machineId: string) =>
  placeholderAction<{ payUrl: string }>(machineId, 'redirectToGateway');

/**
 * ...and awaits the gateway's verdict on an order (checkout on /purchased, group buy for the
 * creator's or a member's order): the gateway tells the server, not the browser, so the order is
 * asked about every POLL_MS...
 */
export const POLL_MS = 2_000;
/** ...for at most AWAIT_LIMIT_MS; then the page says the payment was not detected (yet). */
export const AWAIT_LIMIT_MS = 2 * 60_000;

/** The delays of a machine that awaits a payment, named as its states use them. */
export const awaitingDelays = { POLL: POLL_MS, AWAIT_LIMIT: AWAIT_LIMIT_MS } as const;

/** The guard on a failed look at the order: the account has no such order. */
export const isOrderMissing = failedWith(Errors.ORDER_NOT_FOUND);

/** A failed look at the awaited order (`onError` of its `fetching` state). */
export const orderLookFailed = <TNotDetected extends string>(notDetected: TNotDetected) => [
  {
    // Nothing to wait for: an order this account does not have.
    guard: { type: 'isOrderMissing' as const, params: errorOf },
    target: notDetected,
    actions: rememberError,
  },
  {
    // A network or server hiccup: ask again at the next poll.
    target: 'waiting' as const,
    actions: rememberError,
  },
];
