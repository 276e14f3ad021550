import { assertEvent, assign, setup } from 'xstate';
import { Errors } from '../../contract/errors';
import type { OrderStatusName } from '../../contract/endpoints/payment';
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
  placeholderActor,
  rememberError,
} from '../shared/machine-error';
import { JOIN_BLOCK_CODES, type JoiningBlock } from './group-buy.constants';
import type {
  CheckPaymentInput,
  GroupBuyContext,
  GroupBuyEvent,
  GroupBuyInput,
  GroupView,
  JoinForPayInput,
  JoinInput,
  JoinOrder,
  LoadPageInput,
  LoadedPage,
  PaymentCheck,
  RefreshGroupInput,
  StartGroupInput,
  StartedGroup,
} from './group-buy.types';

/** The server's refusals of a join, each shown as its own state of `joining`. */
const BLOCK_OF_CODE: ReadonlyMap<number, JoiningBlock> = new Map(
  Object.entries(JOIN_BLOCK_CODES).map(([block, code]) => [code, block as JoiningBlock]),
);
const blockOf = (error: unknown) => BLOCK_OF_CODE.get(codeOf(error));

/** The group's time left on the server's clock; 0 when it has no end yet or the end has passed. */
export function remainingOf(view: GroupView): number {
  if (view.group.endsAt === null) return 0;
  return Math.max(0, Date.parse(view.group.endsAt) - Date.parse(view.serverTime));
}

/**
 * The caller's own order still to be paid: a creator whose group awaits their payment, or a
 * pay-self member whose seat is reserved. The page then awaits it (with a link to go on paying).
 */
function unpaidOrderOf(view: GroupView): { orderId: string; payUrl: string | null } | null {
  const mine = view.membership;
  if (mine?.myOrderId == null || mine.myState !== 'reserved') return null;
  return { orderId: mine.myOrderId, payUrl: mine.myPayUrl };
}

const orderIs =
  (...statuses: OrderStatusName[]) =>
  (_: unknown, params: { check: PaymentCheck }) =>
    statuses.includes(params.check.orderStatus);

/** The params of the guards and actions that read the payment check an actor answered. */
const checkOf = ({ event }: { event: { output: PaymentCheck } }) => ({ check: event.output });

/** A join refusal's transition into its own block state. */
const blockTransition = (block: JoiningBlock) => ({
  guard: {
    type: 'isBlock' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, block }),
  },
  target: `#groupBuy.joining.${block}`,
  actions: rememberError,
});

/** A refused join (free or paying): its block state, or back to the group with the reason. */
const refusedJoin = () => [
  blockTransition('ended'),
  blockTransition('full'),
  blockTransition('alreadyJoined'),
  blockTransition('ownGroup'),
  blockTransition('creatorNotPaid'),
  { target: '#groupBuy.open', actions: rememberError },
];

/**
 * A block reached by a refused join: the refusal means the group changed under the page (seats
 * taken, the end passed), so the group is read again and the panel shows it as it is now.
 */
const refusedBlock = () => ({
  invoke: {
    id: 'refreshGroup',
    src: 'refreshGroup' as const,
    input: ({ context }: { context: GroupBuyContext }) => ({ token: context.token! }),
    onDone: {
      actions: {
        type: 'refreshGroup' as const,
        params: ({ event }: { event: { output: GroupView } }) => ({ group: event.output }),
      },
    },
    // The block's message stands on its own; a failed re-read leaves the panel as it was.
    onError: {},
  },
});

/** The awaiting of one order (the creator's or a member's): poll, time box, outcome. */
const awaitingPayment = (stateId: string) => ({
  initial: 'fetching' as const,
  after: { AWAIT_LIMIT: '.notDetected' },
  states: {
    // Why: one question at a time.
    fetching: {
      invoke: {
        id: 'checkPayment',
        src: 'checkPayment' as const,
        input: ({ context }: { context: GroupBuyContext }) => ({
          token: context.token!,
          orderId: context.orderId!,
        }),
        onDone: [
          {
            guard: { type: 'isOrderPaid' as const, params: checkOf },
            target: '#groupBuy.routing',
            actions: { type: 'settlePayment' as const, params: checkOf },
          },
          {
            guard: { type: 'isOrderRefunded' as const, params: checkOf },
            target: '#groupBuy.routing',
            actions: { type: 'settlePayment' as const, params: checkOf },
          },
          {
            guard: { type: 'isOrderClosed' as const, params: checkOf },
            target: '#groupBuy.paymentFailed',
            actions: { type: 'storeCheck' as const, params: checkOf },
          },
          {
            target: 'waiting',
            actions: { type: 'storeCheck' as const, params: checkOf },
          },
        ],
        onError: orderLookFailed('notDetected'),
      },
    },
    // Why: the order is still pending; the spinner stays and the next question waits POLL_MS.
    waiting: { after: { POLL: 'fetching' } },
    // Why: no verdict within the time box: the payment may still arrive; Check again looks once more.
    notDetected: {
      // Re-entering the parent starts a new time box.
      on: { RECHECK: { target: `#${stateId}`, reenter: true, actions: 'clearError' as const } },
    },
  },
});

/**
 * Group buy (SPEC §4, docs/group-buy-web.md): on /group-buying a member chooses a plan, a size (2
 * or 3) and who pays (all or own share), starts the group and pays through the gateway; the group
 * opens when the creator's payment is credited, with a countdown to its end on the server's clock.
 * Friends open the invite link and join (free when the creator paid all, else paying their share),
 * or are refused: ended, full, already joined, their own group, creator not paid. When every seat
 * is paid the group is finished. `loadPage`, `startGroup`, `joinFree`, `joinForPay`,
 * `checkPayment`, `refreshGroup` and `redirectToGateway` must be provided by the SPA with
 * `machine.provide(...)`.
 */
export const groupBuyMachine = setup({
  types: {
    context: {} as GroupBuyContext,
    events: {} as GroupBuyEvent,
    input: {} as GroupBuyInput,
  },
  actors: {
    loadPage: placeholderActor<LoadedPage, LoadPageInput>('groupBuy', 'loadPage'),
    startGroup: placeholderActor<StartedGroup, StartGroupInput>('groupBuy', 'startGroup'),
    joinFree: placeholderActor<GroupView, JoinInput>('groupBuy', 'joinFree'),
    joinForPay: placeholderActor<JoinOrder, JoinForPayInput>('groupBuy', 'joinForPay'),
    checkPayment: placeholderActor<PaymentCheck, CheckPaymentInput>('groupBuy', 'checkPayment'),
    refreshGroup: placeholderActor<GroupView, RefreshGroupInput>('groupBuy', 'refreshGroup'),
  },
  delays: {
    ...awaitingDelays,
    // The end of the group, measured on the server's clock when it last answered.
    GROUP_END: ({ context }) => context.remainingMs,
  },
  actions: {
    redirectToGateway: redirectToGatewayOf('groupBuy'),
    select: assign((_, params: { selection: GroupBuyContext['selection'] }) => ({
      selection: params.selection,
      errorCode: null,
    })),
    storeGroup: assign(({ context }, params: { group: GroupView }) => {
      const unpaid = context.orderId === null ? unpaidOrderOf(params.group) : null;
      return {
        group: params.group,
        remainingMs: remainingOf(params.group),
        ...(unpaid ? { orderId: unpaid.orderId, payUrl: unpaid.payUrl } : {}),
      };
    }),
    // The group as it is now, after a refused join: only what the panel shows changes.
    refreshGroup: assign((_, params: { group: GroupView }) => ({
      group: params.group,
      remainingMs: remainingOf(params.group),
    })),
    rememberServiceSwitch: assign((_, params: { page: LoadedPage }) => ({
      serviceOn: params.page.enabled,
    })),
    // Back from the gateway to a group its failed order voided: that order is what failed.
    rememberClosedOrder: assign((_, params: { page: LoadedPage }) => ({
      orderStatus: params.page.closedOrder ?? null,
      payer: 'creator' as const,
      group: null,
      errorCode: null,
    })),
    rememberStart: assign((_, params: { started: StartedGroup }) => ({
      token: params.started.inviteToken,
      orderId: params.started.orderId,
      payUrl: params.started.payUrl,
      payer: 'creator' as const,
      errorCode: null,
    })),
    rememberJoinOrder: assign((_, params: { order: JoinOrder }) => ({
      orderId: params.order.orderId,
      payUrl: params.order.payUrl,
      payer: 'member' as const,
      errorCode: null,
    })),
    // Back from the gateway on a new page: who pays follows from who is looking.
    payerFromViewer: assign(({ context }) => ({
      payer: context.group?.membership?.isCreator ? ('creator' as const) : ('member' as const),
    })),
    storeCheck: assign((_, params: { check: PaymentCheck }) => ({
      orderStatus: params.check.orderStatus,
      group: params.check.group,
      remainingMs: remainingOf(params.check.group),
      errorCode: null,
    })),
    // The order is paid: nothing more to await; the group's state decides what is shown.
    settlePayment: assign((_, params: { check: PaymentCheck }) => ({
      orderStatus: params.check.orderStatus,
      group: params.check.group,
      remainingMs: remainingOf(params.check.group),
      orderId: null,
      payUrl: null,
      payer: null,
      errorCode: null,
    })),
    // A failed creator's order leaves no group behind; a member goes back to the group.
    forgetPayment: assign(({ context }) => ({
      orderId: null,
      payUrl: null,
      orderStatus: null,
      payer: null,
      errorCode: null,
      ...(context.payer === 'creator' ? { token: null, group: null, remainingMs: 0 } : {}),
    })),
    rememberFailure: assign(failureCode),
    clearError: assign({ errorCode: null }),
  },
  guards: {
    isServiceOff: (_, params: { page: LoadedPage }) => !params.page.enabled,
    hasClosedOrder: (_, params: { page: LoadedPage }) =>
      params.page.group === null && (params.page.closedOrder ?? null) !== null,
    isServiceOffError: failedWith(Errors.GROUP_BUY_OFF),
    // The invite link of a group whose creator has not paid is refused to anyone but the creator.
    isCreatorNotPaidError: failedWith(Errors.GROUP_CREATOR_NOT_PAID),
    hasGroup: (_, params: { page: LoadedPage }) => params.page.group !== null,
    hasSelection: ({ context }) => context.selection !== null,
    isBlock: (_, params: { error: unknown; block: JoiningBlock }) =>
      blockOf(params.error) === params.block,
    isOrderMissing,
    isOrderPaid: orderIs('paid'),
    // Paid, then refunded (a pay-self group that ended unfilled): the payment went through; the
    // group's state (ended) says what became of it, never 'did not go through'.
    isOrderRefunded: orderIs('refunded'),
    isOrderClosed: orderIs('failed', 'expired', 'cancelled'),
    awaitsCreator: ({ context }) =>
      context.orderId !== null && context.group?.membership?.isCreator === true,
    awaitsMember: ({ context }) => context.orderId !== null,
    isFinished: ({ context }) => context.group?.group.state === 'finished',
    // Ended by the server, or open on paper with its end already past (the ending job is late).
    isEnded: ({ context }) =>
      context.group?.group.state === 'ended' ||
      (context.group?.group.state === 'open' && context.remainingMs === 0),
    // A stranger cannot join now: the server says why (full, ended); members see the group instead.
    isBlockedStranger: ({ context }, params: { block: JoiningBlock }) =>
      context.group !== null &&
      context.group.membership === null &&
      context.group.block !== null &&
      BLOCK_OF_CODE.get(context.group.block) === params.block,
    isCreatorPaying: ({ context }) => context.payer === 'creator',
  },
}).createMachine({
  id: 'groupBuy',
  context: ({ input }) => ({
    token: input?.token ?? null,
    orderId: input?.orderId ?? null,
    payUrl: null,
    payer: null,
    selection: null,
    group: null,
    remainingMs: 0,
    orderStatus: null,
    errorCode: null,
    serviceOn: true,
  }),
  initial: 'loading',
  states: {
    // Why: whether group buy is on, and the invite link's group, come from the server first.
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ token: context.token, orderId: context.orderId }),
        onDone: [
          // An existing group is shown as it is even when group buy is off (rule 13: it goes on).
          {
            guard: { type: 'hasGroup', params: ({ event }) => ({ page: event.output }) },
            target: 'routing',
            actions: [
              { type: 'rememberServiceSwitch', params: ({ event }) => ({ page: event.output }) },
              { type: 'storeGroup', params: ({ event }) => ({ group: event.output.group! }) },
            ],
          },
          {
            guard: { type: 'hasClosedOrder', params: ({ event }) => ({ page: event.output }) },
            target: 'paymentFailed',
            actions: {
              type: 'rememberClosedOrder',
              params: ({ event }) => ({ page: event.output }),
            },
          },
          {
            guard: { type: 'isServiceOff', params: ({ event }) => ({ page: event.output }) },
            target: 'serviceOff',
          },
          { target: 'choosing' },
        ],
        onError: [
          {
            guard: { type: 'isServiceOffError', params: errorOf },
            target: 'serviceOff',
          },
          {
            guard: {
              type: 'isCreatorNotPaidError',
              params: errorOf,
            },
            target: 'joining.creatorNotPaid',
            actions: rememberError,
          },
          {
            target: 'loadFailed',
            actions: rememberError,
          },
        ],
      },
    },
    // Why: the page shows why (no such group, network) and a retry instead of a flow that cannot work.
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    // Why: the operator switched group buy off: the page says 'not yet started' and offers nothing.
    serviceOff: { type: 'final' },
    // Why: a transient choice: where the group as the server described it puts the page.
    routing: {
      always: [
        { guard: 'awaitsCreator', target: 'awaitingCreatorPayment', actions: 'payerFromViewer' },
        { guard: 'awaitsMember', target: 'awaitingMemberPayment', actions: 'payerFromViewer' },
        { guard: 'isFinished', target: 'finished' },
        { guard: 'isEnded', target: 'ended' },
        { guard: { type: 'isBlockedStranger', params: { block: 'full' } }, target: 'joining.full' },
        {
          guard: { type: 'isBlockedStranger', params: { block: 'alreadyJoined' } },
          target: 'joining.alreadyJoined',
        },
        {
          guard: { type: 'isBlockedStranger', params: { block: 'ownGroup' } },
          target: 'joining.ownGroup',
        },
        { target: 'open' },
      ],
    },
    // Why: the rules, sizes, prices and payment types; a member picks and starts a group.
    choosing: {
      on: {
        SELECT: { actions: { type: 'select', params: ({ event }) => event } },
        START: { guard: 'hasSelection', target: 'creating', actions: 'clearError' },
      },
    },
    // Why: one group and one order per click; the idempotency key makes a retry the same order.
    creating: {
      invoke: {
        id: 'startGroup',
        src: 'startGroup',
        input: ({ context, event }) => {
          assertEvent(event, 'START');
          return newOrderOf(context.selection!, event);
        },
        onDone: {
          target: 'redirecting',
          actions: { type: 'rememberStart', params: ({ event }) => ({ started: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isServiceOffError', params: errorOf },
            target: 'serviceOff',
          },
          {
            target: 'choosing',
            actions: rememberError,
          },
        ],
      },
    },
    // Why: the page is being replaced by the gateway's; the payer comes back with the order.
    redirecting: {
      entry: redirectToPayUrl,
      on: {
        RETURNED: [
          { guard: 'isCreatorPaying', target: 'awaitingCreatorPayment' },
          { target: 'awaitingMemberPayment' },
        ],
      },
    },
    // Why: the group is not open (its link refuses friends) until the creator's payment is
    // credited; the gateway tells the server, so the page asks until the order is settled.
    awaitingCreatorPayment: awaitingPayment('groupBuy.awaitingCreatorPayment'),
    // Why: the group is open; friends join with the link (shown with its QR code) while the
    // countdown runs. The creator sees the link; a stranger sees Join or Join and pay.
    open: {
      after: { GROUP_END: 'ended' },
      on: {
        REFRESH: 'loading',
        JOIN: { target: 'joining.free', actions: 'clearError' },
        JOIN_AND_PAY: { target: 'joining.forPay', actions: 'clearError' },
      },
    },
    // Why: a join is a request the server may refuse; each refusal is its own state with its message.
    joining: {
      // Always entered at a named child (JOIN, JOIN_AND_PAY or a block); XState wants a default.
      initial: 'free',
      on: { REFRESH: { target: 'loading', actions: 'clearError' } },
      states: {
        // Why: pay all: the seat is taken at once, nothing to pay.
        free: {
          invoke: {
            id: 'joinFree',
            src: 'joinFree',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: '#groupBuy.routing',
              actions: { type: 'storeGroup', params: ({ event }) => ({ group: event.output }) },
            },
            onError: refusedJoin(),
          },
        },
        // Why: pay self: a seat is reserved for as long as the member's order lives.
        forPay: {
          invoke: {
            id: 'joinForPay',
            src: 'joinForPay',
            input: ({ context, event }) => {
              assertEvent(event, 'JOIN_AND_PAY');
              return {
                token: context.token!,
                method: event.method,
                currency: event.currency,
                idempotencyKey: event.idempotencyKey,
              };
            },
            onDone: {
              target: '#groupBuy.redirecting',
              actions: {
                type: 'rememberJoinOrder',
                params: ({ event }) => ({ order: event.output }),
              },
            },
            onError: refusedJoin(),
          },
        },
        // Why: SPEC §8 and the blocks; each says why, in the language on screen.
        ended: refusedBlock(),
        full: refusedBlock(),
        alreadyJoined: refusedBlock(),
        ownGroup: refusedBlock(),
        // Reached before the group can be read at all (its link answers 4001): Check again.
        creatorNotPaid: {},
      },
    },
    // Why: a member's share reserves a seat until their order is paid or expires.
    awaitingMemberPayment: awaitingPayment('groupBuy.awaitingMemberPayment'),
    // Why: the awaited order failed, expired or was cancelled: a creator's group is gone with it,
    // a member's seat is free again. Also reached at load, back from the gateway to a group that
    // the creator's failed order voided (its link then answers 'not found'): not a missing group.
    paymentFailed: {
      on: { BACK: { target: 'loading', actions: 'forgetPayment' } },
    },
    // Why: every seat is paid for; every member has the plan's membership.
    finished: { type: 'final' },
    // Why: the end time passed: the label 'ended'; unfilled groups are refunded or turned into codes.
    ended: { type: 'final' },
  },
});

export type GroupBuyMachine = typeof groupBuyMachine;
