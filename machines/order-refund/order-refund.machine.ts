import { assertEvent, assign, setup } from 'xstate';
import type { ConsoleSession } from '../../contract/endpoints/console';
import { reasonField } from '../../contract/endpoints/console';
import { totpCodeField } from '../../contract/validation';
import { Errors } from '../../contract/errors';
import { firstErrorCode } from '../../contract/validation';
import {
  errorOf,
  failedWith,
  failureCode,
  placeholderActor,
  rememberError,
} from '../shared/machine-error';
import type {
  OrderRefundContext,
  OrderRefundEvent,
  RefundOutcome,
  RefundRequest,
} from './order-refund.types';

/** The code a contract field rule gives `value`, or null when it passes. */
function refusalOf(schema: typeof reasonField | typeof totpCodeField, value: string) {
  const result = schema.safeParse(value);
  return result.success ? null : firstErrorCode(result.error);
}

const requestOf = ({ context }: { context: OrderRefundContext }): RefundRequest => ({
  orderId: context.orderId,
  manual: context.manual,
  reason: context.reason,
});

/**
 * An operator refunds a paid order from its page in the console (issue 21, item 6; docs/console.md):
 * the form asks how the money goes back (through the gateway, or recorded after a refund made by
 * hand in the gateway's dashboard) and why; a refund is a money action, so the server may first
 * ask for a fresh authenticator code (STEP_UP_REQUIRED when the last one is older than 5 minutes):
 * the machine asks for it, checks it, and sends the same refund again. One request at a time; the
 * server refunds an order once whatever is sent. `refund` and `stepUp` are the API calls, provided
 * by the SPA with `machine.provide(...)`.
 */
export const orderRefundMachine = setup({
  types: {
    context: {} as OrderRefundContext,
    events: {} as OrderRefundEvent,
    input: {} as { orderId: string },
  },
  actors: {
    refund: placeholderActor<RefundOutcome, RefundRequest>('orderRefund', 'refund'),
    stepUp: placeholderActor<ConsoleSession, { code: string }>('orderRefund', 'stepUp'),
  },
  actions: {
    openForm: assign({ reasonError: null, errorCode: null, outcome: null }),
    takeForm: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      return { manual: event.manual, reason: event.reason.trim(), errorCode: null };
    }),
    refuseReason: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      return {
        manual: event.manual,
        reason: event.reason,
        reasonError: refusalOf(reasonField, event.reason.trim()),
      };
    }),
    clearReasonError: assign({ reasonError: null }),
    refuseCode: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_CODE');
      return { errorCode: refusalOf(totpCodeField, event.code.trim()) };
    }),
    clearFailure: assign({ errorCode: null }),
    rememberFailure: assign(failureCode),
    rememberOutcome: assign((_, params: { outcome: RefundOutcome }) => ({
      outcome: params.outcome,
      errorCode: null,
    })),
  },
  guards: {
    reasonGiven: ({ event }) =>
      event.type === 'SUBMIT' && refusalOf(reasonField, event.reason.trim()) === null,
    codeWellFormed: ({ event }) =>
      event.type === 'SUBMIT_CODE' && refusalOf(totpCodeField, event.code.trim()) === null,
    needsStepUp: failedWith(Errors.STEP_UP_REQUIRED),
  },
}).createMachine({
  id: 'orderRefund',
  context: ({ input }) => ({
    orderId: input.orderId,
    manual: false,
    reason: '',
    reasonError: null,
    errorCode: null,
    outcome: null,
  }),
  initial: 'idle',
  states: {
    // Why: the order's page, no refund under way.
    idle: {
      on: { OPEN: { target: 'editing', actions: 'openForm' } },
    },
    // Why: the refund form: how the money goes back and why (kept in the audit trail).
    editing: {
      on: {
        SUBMIT: [
          { guard: 'reasonGiven', target: 'refunding', actions: ['takeForm', 'clearReasonError'] },
          { actions: 'refuseReason' },
        ],
        CANCEL: 'idle',
      },
    },
    // Why: one refund request at a time; a double click cannot send a second.
    refunding: {
      invoke: {
        id: 'refund',
        src: 'refund',
        input: requestOf,
        onDone: {
          target: 'refunded',
          actions: { type: 'rememberOutcome', params: ({ event }) => ({ outcome: event.output }) },
        },
        onError: [
          { guard: { type: 'needsStepUp', params: errorOf }, target: 'steppingUp' },
          { target: 'editing', actions: rememberError },
        ],
      },
    },
    // Why: the last authenticator code is older than 5 minutes; money moves only after a fresh one.
    steppingUp: {
      on: {
        SUBMIT_CODE: [
          { guard: 'codeWellFormed', target: 'verifying', actions: 'clearFailure' },
          { actions: 'refuseCode' },
        ],
        // Back to the form: nothing was refunded (and a refused code is no news for the form).
        CANCEL: { target: 'editing', actions: 'clearFailure' },
      },
    },
    // Why: the code is being checked; once accepted the same refund is sent again.
    verifying: {
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return { code: event.code.trim() };
        },
        onDone: 'refunding',
        onError: { target: 'steppingUp', actions: rememberError },
      },
    },
    // Why: the order is refunded; the page says so (and what the membership is now) until dismissed.
    refunded: {
      on: { DISMISS: 'idle' },
    },
  },
});

export type OrderRefundMachine = typeof orderRefundMachine;
