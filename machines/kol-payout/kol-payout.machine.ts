import { and, assign, setup } from 'xstate';
import { failureCode, placeholderActor, rememberError } from '../shared/machine-error';
import type {
  KolPayoutContext,
  KolPayoutEvent,
  PayoutBalance,
  PayoutSettlement,
} from './kol-payout.types';

/** The balance a `BALANCE` event carries. */
const balanceOf = ({ event }: { event: KolPayoutEvent }): PayoutBalance =>
  event.type === 'BALANCE'
    ? {
        availableCents: event.availableCents,
        thresholdCents: event.thresholdCents,
        hasPayoutAddress: event.hasPayoutAddress,
      }
    : { availableCents: 0, thresholdCents: 0, hasPayoutAddress: false };

/**
 * The KOL's payout request (SPEC §4: commissions are settled and paid out once the pending earnings
 * reach $100). The server decides (the threshold, the address, one settlement for any number of
 * requests); the machine offers the button only when the last summary allows it, asks for a
 * confirmation showing where the money goes, and sends one request at a time. `requestPayout` is the
 * API call, provided by the SPA with `machine.provide(...)`; the summary comes in as `BALANCE`.
 */
export const kolPayoutMachine = setup({
  types: {
    context: {} as KolPayoutContext,
    events: {} as KolPayoutEvent,
    input: {} as PayoutBalance,
  },
  actors: {
    requestPayout: placeholderActor<PayoutSettlement>('kolPayout', 'requestPayout'),
  },
  actions: {
    applyBalance: assign((_, params: PayoutBalance) => ({
      availableCents: params.availableCents,
      thresholdCents: params.thresholdCents,
      hasPayoutAddress: params.hasPayoutAddress,
    })),
    rememberSettlement: assign((_, params: { settlement: PayoutSettlement }) => ({
      settlement: params.settlement,
      // Everything available went into the settlement.
      availableCents: 0,
      errorCode: null,
    })),
    rememberFailure: assign(failureCode),
    clearFailure: assign({ errorCode: null }),
  },
  guards: {
    hasPayoutAddress: ({ context }) => context.hasPayoutAddress,
    reachesThreshold: ({ context }) => context.availableCents >= context.thresholdCents,
  },
}).createMachine({
  id: 'kolPayout',
  context: ({ input }) => ({ ...input, settlement: null, errorCode: null }),
  initial: 'checking',
  states: {
    // Why: a transient routing state: where the latest balance puts the button.
    checking: {
      always: [
        { guard: and(['reachesThreshold', 'hasPayoutAddress']), target: 'ready' },
        { guard: 'reachesThreshold', target: 'noAddress' },
        { target: 'belowThreshold' },
      ],
    },
    // Why: the earnings have not reached $100: the button is off and the progress says how far.
    belowThreshold: {
      on: { BALANCE: { target: 'checking', actions: { type: 'applyBalance', params: balanceOf } } },
    },
    // Why: enough is available, but there is nowhere to send it: the partner team adds an address.
    noAddress: {
      on: { BALANCE: { target: 'checking', actions: { type: 'applyBalance', params: balanceOf } } },
    },
    // Why: a payout can be requested.
    ready: {
      on: {
        REQUEST: { target: 'confirming', actions: 'clearFailure' },
        BALANCE: { target: 'checking', actions: { type: 'applyBalance', params: balanceOf } },
      },
    },
    // Why: money leaves for an address: the KOL sees the amount and the address before it does.
    confirming: {
      on: {
        CONFIRM: 'requesting',
        CANCEL: 'checking',
        BALANCE: { actions: { type: 'applyBalance', params: balanceOf } },
      },
    },
    // Why: one request at a time; the server may still refuse (another tab, a refund meanwhile).
    requesting: {
      invoke: {
        id: 'requestPayout',
        src: 'requestPayout',
        onDone: {
          target: 'requested',
          actions: {
            type: 'rememberSettlement',
            params: ({ event }) => ({ settlement: event.output }),
          },
        },
        onError: {
          target: 'checking',
          actions: rememberError,
        },
      },
    },
    // Why: the settlement exists; the page says what was requested and where it goes.
    requested: {
      on: {
        DISMISS: 'checking',
        BALANCE: { actions: { type: 'applyBalance', params: balanceOf } },
      },
    },
  },
});

export type KolPayoutMachine = typeof kolPayoutMachine;
