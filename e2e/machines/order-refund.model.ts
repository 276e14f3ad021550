/**
 * The order-refund machine as /admin/orders can drive it: journeys of a finance member on one paid
 * order (getPathsFromEvents). Whether the refund first meets STEP_UP_REQUIRED is the server's to
 * say: the spec ages the session's second factor (the dev route) for the paths that meet it, and
 * leaves it fresh for the others. Every journey but the cancelled ones ends refunded.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { getInitialSnapshot } from 'xstate';
import { Errors } from '../../contract/errors';
import { orderRefundMachine } from '../../machines/order-refund/order-refund.machine';
import type { OrderRefundEvent } from '../../machines/order-refund/order-refund.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import {
  sampleConsoleSession,
  sampleRefundOutcome,
} from '../../tests/machines/support/console-samples';

type RefundPath = MachinePath<typeof orderRefundMachine>;

/** The order is the spec's (it pays one per path); the graph needs an id of the shape only. */
export const MODEL_ORDER = { orderId: 'K2026112600000000MODEL' };

/** A wrong authenticator code, as a person mistypes it. */
export const WRONG_CODE = '000000';

const open: OrderRefundEvent = { type: 'OPEN' };
const cancel: OrderRefundEvent = { type: 'CANCEL' };
const noReason: OrderRefundEvent = { type: 'SUBMIT', reason: '', manual: false };
const refund: OrderRefundEvent = {
  type: 'SUBMIT',
  reason: 'Customer asked within 24 hours',
  manual: false,
};
const recordOnly: OrderRefundEvent = {
  type: 'SUBMIT',
  reason: 'Refunded in the gateway dashboard',
  manual: true,
};
const refunded = actorDone<OrderRefundEvent>('refund', sampleRefundOutcome);
const stepUpRequired = actorError<OrderRefundEvent>('refund', {
  code: Errors.STEP_UP_REQUIRED.code,
});
const code: OrderRefundEvent = { type: 'SUBMIT_CODE', code: '123456' };
const wrongCode: OrderRefundEvent = { type: 'SUBMIT_CODE', code: WRONG_CODE };
const codeAccepted = actorDone<OrderRefundEvent>('stepUp', sampleConsoleSession);
const codeRefused = actorError<OrderRefundEvent>('stepUp', {
  code: Errors.TOTP_CODE_INVALID.code,
});
const dismiss: OrderRefundEvent = { type: 'DISMISS' };

export function orderRefundUiPaths(): RefundPath[] {
  const journeys: OrderRefundEvent[][] = [
    // Opened, then thought better of it.
    [open, cancel],
    // No reason: refused on the form; then one, with a fresh factor: refunded at once.
    [open, noReason, refund, refunded, dismiss],
    // Refunded by hand in the gateway's dashboard, recorded only.
    [open, recordOnly, refunded],
    // The factor is older than 5 minutes: a wrong code, then the right one, then the refund.
    [open, refund, stepUpRequired, wrongCode, codeRefused, code, codeAccepted, refunded, dismiss],
    // Asked for a code, the operator goes back to the form: nothing was refunded.
    [open, refund, stepUpRequired, cancel, cancel],
  ];
  return journeys.flatMap((events) =>
    getPathsFromEvents(orderRefundMachine, events, {
      // Why: @xstate/graph makes its default start state without the input.
      fromState: getInitialSnapshot(orderRefundMachine, MODEL_ORDER),
      input: MODEL_ORDER,
    }),
  );
}

/** Whether the path meets the step-up: the spec ages the second factor before it. */
export const meetsStepUp = (path: RefundPath) =>
  path.steps.some((step) => (step.event.type as string) === 'xstate.error.actor.refund');
