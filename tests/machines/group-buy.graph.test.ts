import { expect, it } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { Errors } from '../../contract/errors';
import {
  AWAIT_LIMIT_MS,
  GroupBuyState,
  POLL_MS,
} from '../../machines/group-buy/group-buy.constants';
import { groupBuyMachine } from '../../machines/group-buy/group-buy.machine';
import type { GroupBuyEvent } from '../../machines/group-buy/group-buy.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { applicableEvents } from '../../machines/shared/paths';
import { replayPath } from './support/replay-path';
import { describeGraph } from './support/graph-suite';
import {
  CREATOR_ORDER,
  MEMBER_ORDER,
  REMAINING_MS,
  TOKEN,
  sampleGroup,
} from './support/sample-group';

const BLOCK_CODES = [
  Errors.GROUP_ENDED.code,
  Errors.GROUP_FULL.code,
  Errors.GROUP_ALREADY_JOINED.code,
  Errors.GROUP_OWN.code,
  Errors.GROUP_CREATOR_NOT_PAID.code,
  Errors.NETWORK_ERROR.code,
];
const full = sampleGroup('open', 'stranger', { block: Errors.GROUP_FULL.code, membersJoined: 3 });

const events: GroupBuyEvent[] = [
  { type: 'SELECT', selection: { productId: 11, groupSize: 3, paymentType: 1, currency: 'CNY' } },
  { type: 'START', method: 'alipay', idempotencyKey: 'key-0001-abcdef' },
  { type: 'JOIN' },
  { type: 'JOIN_AND_PAY', method: 'alipay', currency: 'CNY', idempotencyKey: 'key-0002-abcdef' },
  { type: 'RETURNED' },
  { type: 'RECHECK' },
  { type: 'REFRESH' },
  { type: 'RETRY' },
  { type: 'BACK' },
  actorDone('loadPage', { enabled: false, group: null }),
  actorDone('loadPage', { enabled: false, group: sampleGroup('open') }),
  actorDone('loadPage', { enabled: true, group: null, closedOrder: 'failed' }),
  actorDone('loadPage', { enabled: true, group: null }),
  actorDone('loadPage', { enabled: true, group: sampleGroup('open') }),
  actorDone('loadPage', { enabled: true, group: full }),
  actorDone('loadPage', { enabled: true, group: sampleGroup('ended') }),
  actorDone('loadPage', { enabled: true, group: sampleGroup('awaiting_payment', 'creatorUnpaid') }),
  actorError('loadPage', { code: Errors.GROUP_BUY_OFF.code }),
  actorError('loadPage', { code: Errors.GROUP_CREATOR_NOT_PAID.code }),
  actorError('loadPage', { code: Errors.GROUP_NOT_FOUND.code }),
  actorDone('startGroup', {
    inviteToken: TOKEN,
    orderId: CREATOR_ORDER,
    payUrl: `http://127.0.0.1/pay/sandbox/${CREATOR_ORDER}`,
  }),
  actorError('startGroup', { code: Errors.GROUP_NOT_OFFERED.code }),
  actorDone('joinFree', sampleGroup('open', 'member')),
  actorDone('joinFree', sampleGroup('finished', 'member')),
  ...BLOCK_CODES.map((code) => actorError<GroupBuyEvent>('joinFree', { code })),
  actorDone('joinForPay', {
    orderId: MEMBER_ORDER,
    payUrl: `http://127.0.0.1/pay/sandbox/${MEMBER_ORDER}`,
  }),
  ...BLOCK_CODES.map((code) => actorError<GroupBuyEvent>('joinForPay', { code })),
  actorDone('checkPayment', {
    orderStatus: 'pending',
    group: sampleGroup('awaiting_payment', 'creatorUnpaid'),
  }),
  actorDone('checkPayment', { orderStatus: 'paid', group: sampleGroup('open', 'creator') }),
  actorDone('checkPayment', { orderStatus: 'paid', group: sampleGroup('finished', 'member') }),
  actorDone('checkPayment', { orderStatus: 'expired', group: sampleGroup('open') }),
  actorDone('checkPayment', { orderStatus: 'refunded', group: sampleGroup('ended', 'creator') }),
  actorDone('refreshGroup', full),
  actorError('refreshGroup', { code: Errors.NETWORK_ERROR.code }),
  actorError('checkPayment', { code: Errors.ORDER_NOT_FOUND.code }),
  delayElapsed('POLL', 'groupBuy.awaitingCreatorPayment.waiting'),
  delayElapsed('POLL', 'groupBuy.awaitingMemberPayment.waiting'),
  delayElapsed('AWAIT_LIMIT', 'groupBuy.awaitingCreatorPayment'),
  delayElapsed('AWAIT_LIMIT', 'groupBuy.awaitingMemberPayment'),
  delayElapsed('GROUP_END', 'groupBuy.open'),
];
const replayOptions = {
  actors: ['loadPage', 'startGroup', 'joinFree', 'joinForPay', 'checkPayment', 'refreshGroup'],
  delays: { POLL: POLL_MS, AWAIT_LIMIT: AWAIT_LIMIT_MS, GROUP_END: REMAINING_MS },
  actions: { redirectToGateway: () => undefined },
};

/**
 * For the simple paths: the time box elapses only while a question is in flight (no POLL timer
 * beside it on the clock). The events that lead back to `loading` (REFRESH, BACK, RETRY, RECHECK)
 * and the network-failure variants stay with the shortest paths and the pure tests: each loop back
 * multiplies the simple paths by the number of ways to load a page (thousands instead of ~500).
 */
const LOOPS_BACK = new Set(['REFRESH', 'BACK', 'RETRY', 'RECHECK']);
const simplePathEvents = (snapshot: SnapshotFrom<typeof groupBuyMachine>) =>
  applicableEvents(
    events.filter((e) => {
      if (e.type.startsWith('xstate.after.AWAIT_LIMIT')) {
        return (
          snapshot.matches({ awaitingCreatorPayment: 'fetching' }) ||
          snapshot.matches({ awaitingMemberPayment: 'fetching' })
        );
      }
      const error = (e as { error?: { code?: number } }).error;
      if (error?.code === Errors.NETWORK_ERROR.code) return false;
      if (LOOPS_BACK.has(e.type)) return false;
      return true;
    }),
  )(snapshot);

describeGraph(
  'group-buy machine, graph',
  {
    machine: groupBuyMachine,
    states: GroupBuyState,
    events,
    simplePathEvents,
    replay: replayOptions,
    resting: (key) => key !== GroupBuyState.ROUTING,
    minSimplePaths: 101,
    timeoutMs: 120_000,
  },
  () => {
    it('every shortest path replays on a SimulatedClock', async () => {
      const paths = getShortestPaths(groupBuyMachine, { events: applicableEvents(events) });
      for (const path of paths) {
        const result = await replayPath(groupBuyMachine, path, replayOptions);
        expect(result.visited.at(-1)).toEqual(path.state.value);
      }
    }, 60_000);
  },
);
