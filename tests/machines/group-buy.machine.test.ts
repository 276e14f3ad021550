import { describe, expect, it } from 'vitest';
import { fromPromise, initialTransition, type SnapshotFrom } from 'xstate';
import { settle, startOnClock } from './support/on-clock';
import { Errors } from '../../contract/errors';
import type { OrderStatusName } from '../../contract/endpoints/payment';
import { AWAIT_LIMIT_MS, POLL_MS } from '../../machines/group-buy/group-buy.constants';
import { groupBuyMachine, remainingOf } from '../../machines/group-buy/group-buy.machine';
import type {
  GroupBuyEvent,
  GroupBuyInput,
  GroupView,
  CheckPaymentInput,
  LoadPageInput,
  LoadedPage,
  PaymentCheck,
} from '../../machines/group-buy/group-buy.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import {
  CREATOR_ORDER,
  MEMBER_ORDER,
  NOW,
  REMAINING_MS,
  TOKEN,
  sampleGroup,
} from './support/sample-group';
import { runEvents, spawnedInput } from './support/transitions';

type Snapshot = SnapshotFrom<typeof groupBuyMachine>;

const selection = { productId: 11, groupSize: 3, paymentType: 1, currency: 'CNY' } as const;
const ev = {
  loaded: (page: LoadedPage) => actorDone<GroupBuyEvent>('loadPage', page),
  group: (group: GroupView) => actorDone<GroupBuyEvent>('loadPage', { enabled: true, group }),
  loadFailed: (code: number) => actorError<GroupBuyEvent>('loadPage', { code }),
  select: { type: 'SELECT', selection } as GroupBuyEvent,
  start: { type: 'START', method: 'alipay', idempotencyKey: 'key-0001-abcdef' } as GroupBuyEvent,
  started: actorDone<GroupBuyEvent>('startGroup', {
    inviteToken: TOKEN,
    orderId: CREATOR_ORDER,
    payUrl: `http://127.0.0.1/pay/sandbox/${CREATOR_ORDER}`,
  }),
  join: { type: 'JOIN' } as GroupBuyEvent,
  joinAndPay: {
    type: 'JOIN_AND_PAY',
    method: 'wechat',
    currency: 'CNY',
    idempotencyKey: 'key-0002-abcdef',
  } as GroupBuyEvent,
  joinOrder: actorDone<GroupBuyEvent>('joinForPay', {
    orderId: MEMBER_ORDER,
    payUrl: `http://127.0.0.1/pay/sandbox/${MEMBER_ORDER}`,
  }),
  returned: { type: 'RETURNED' } as GroupBuyEvent,
  check: (orderStatus: OrderStatusName, group: GroupView) =>
    actorDone<GroupBuyEvent>('checkPayment', { orderStatus, group }),
  poll: (parent: string) => delayElapsed<GroupBuyEvent>('POLL', `groupBuy.${parent}.waiting`),
  limit: (parent: string) => delayElapsed<GroupBuyEvent>('AWAIT_LIMIT', `groupBuy.${parent}`),
};

const run = (events: GroupBuyEvent[], input: GroupBuyInput = {}): [Snapshot, unknown[]] =>
  runEvents(groupBuyMachine, initialTransition(groupBuyMachine, input), events);
const from = (snapshot: Snapshot, events: GroupBuyEvent[]): [Snapshot, unknown[]] =>
  runEvents(groupBuyMachine, [snapshot, []], events);

const opened = (token: string | null) => run([ev.group(sampleGroup('open'))], { token });

describe('group-buy machine, loading', () => {
  it('asks the server for the page, with the invite token when there is one', () => {
    const [start, actions] = run([], { token: TOKEN });
    expect(start.value).toBe('loading');
    expect(spawnedInput(actions, 'loadPage')).toEqual({ token: TOKEN, orderId: null });
    expect(spawnedInput(run([])[1], 'loadPage')).toEqual({ token: null, orderId: null });
    const back = run([], { token: TOKEN, orderId: CREATOR_ORDER })[1];
    expect(spawnedInput(back, 'loadPage')).toEqual({ token: TOKEN, orderId: CREATOR_ORDER });
  });

  it("group buy switched off: 'not yet started', from the config or from the server's refusal", () => {
    expect(run([ev.loaded({ enabled: false, group: null })])[0].value).toBe('serviceOff');
    expect(run([ev.loadFailed(Errors.GROUP_BUY_OFF.code)])[0].value).toBe('serviceOff');
    expect(run([ev.loaded({ enabled: false, group: null })])[0].status).toBe('done');
  });

  it('no invite link: choosing', () => {
    expect(run([ev.loaded({ enabled: true, group: null })])[0].value).toBe('choosing');
  });

  it('an unknown group or a network failure: the reason and Retry', () => {
    const [failed] = run([ev.loadFailed(Errors.GROUP_NOT_FOUND.code)], { token: TOKEN });
    expect(failed.value).toBe('loadFailed');
    expect(failed.context.errorCode).toBe(Errors.GROUP_NOT_FOUND.code);
    const [again, actions] = from(failed, [{ type: 'RETRY' }]);
    expect(again.value).toBe('loading');
    expect(again.context.errorCode).toBeNull();
    expect(spawnedInput(actions, 'loadPage')).toEqual({ token: TOKEN, orderId: null });
  });

  it('service off: an existing group is still shown as it is (rule 13), marked off; no link: not started', () => {
    const [open] = run([ev.loaded({ enabled: false, group: sampleGroup('open') })], {
      token: TOKEN,
    });
    expect(open.value).toBe('open');
    expect(open.context.serviceOn).toBe(false);
    const [ended] = run([ev.loaded({ enabled: false, group: sampleGroup('ended', 'creator') })]);
    expect(ended.value).toBe('ended');
    const [finished] = run([
      ev.loaded({ enabled: false, group: sampleGroup('finished', 'member') }),
    ]);
    expect(finished.value).toBe('finished');
    expect(run([ev.group(sampleGroup('open'))])[0].context.serviceOn).toBe(true);
    expect(run([ev.loaded({ enabled: false, group: null })])[0].value).toBe('serviceOff');
  });

  it("back from the gateway to a group the creator's failed order voided: payment failed, not 'no such group'", () => {
    for (const status of ['failed', 'expired', 'cancelled'] as const) {
      const [failed] = run([ev.loaded({ enabled: true, group: null, closedOrder: status })], {
        token: TOKEN,
        orderId: CREATOR_ORDER,
      });
      expect(failed.value).toBe('paymentFailed');
      expect(failed.context).toMatchObject({ orderStatus: status, payer: 'creator' });
      const [back, actions] = from(failed, [{ type: 'BACK' }]);
      expect(back.value).toBe('loading');
      expect(back.context).toMatchObject({ token: null, orderId: null, group: null });
      expect(spawnedInput(actions, 'loadPage')).toEqual({ token: null, orderId: null });
    }
  });

  it("the link of a group whose creator has not paid: the 'creator has not paid' block", () => {
    const [blocked] = run([ev.loadFailed(Errors.GROUP_CREATOR_NOT_PAID.code)], { token: TOKEN });
    expect(blocked.value).toEqual({ joining: 'creatorNotPaid' });
    expect(blocked.context.errorCode).toBe(Errors.GROUP_CREATOR_NOT_PAID.code);
  });
});

describe('group-buy machine, where a loaded group puts the page', () => {
  it('an open group with free seats: open, its time left measured on the server clock', () => {
    const [open] = opened(TOKEN);
    expect(open.value).toBe('open');
    expect(open.context.remainingMs).toBe(REMAINING_MS);
  });

  it('a full group, seen by a stranger: the full block', () => {
    const full = sampleGroup('open', 'stranger', {
      block: Errors.GROUP_FULL.code,
      membersJoined: 3,
    });
    expect(run([ev.group(full)])[0].value).toEqual({ joining: 'full' });
  });

  it('the creator and a member see their open group, not a block', () => {
    const own = sampleGroup('open', 'creator', { block: Errors.GROUP_OWN.code });
    expect(run([ev.group(own)])[0].value).toBe('open');
    const mine = sampleGroup('open', 'member', { block: Errors.GROUP_ALREADY_JOINED.code });
    expect(run([ev.group(mine)])[0].value).toBe('open');
  });

  it('finished and ended groups; an open one whose end has passed is ended too', () => {
    expect(run([ev.group(sampleGroup('finished'))])[0].value).toBe('finished');
    expect(run([ev.group(sampleGroup('ended'))])[0].value).toBe('ended');
    const late = sampleGroup('open', 'stranger', { endsAt: '2026-11-23T09:59:59.000Z' });
    expect(remainingOf(late)).toBe(0);
    expect(run([ev.group(late)])[0].value).toBe('ended');
  });

  it("the creator's own unpaid group: its order is awaited, with the link to go on paying", () => {
    const [awaiting, actions] = run([ev.group(sampleGroup('awaiting_payment', 'creatorUnpaid'))]);
    expect(awaiting.value).toEqual({ awaitingCreatorPayment: 'fetching' });
    expect(awaiting.context).toMatchObject({
      orderId: CREATOR_ORDER,
      payUrl: `http://127.0.0.1/pay/sandbox/${CREATOR_ORDER}`,
      payer: 'creator',
    });
    expect(spawnedInput(actions, 'checkPayment')).toEqual({ token: null, orderId: CREATOR_ORDER });
  });

  it("back from the gateway (?orderId): a member's order is awaited", () => {
    const [awaiting, actions] = run([ev.group(sampleGroup('open', 'memberReserved'))], {
      token: TOKEN,
      orderId: MEMBER_ORDER,
    });
    expect(awaiting.value).toEqual({ awaitingMemberPayment: 'fetching' });
    expect(awaiting.context.payer).toBe('member');
    expect(spawnedInput(actions, 'checkPayment')).toEqual({ token: TOKEN, orderId: MEMBER_ORDER });
  });
});

describe('group-buy machine, starting a group', () => {
  const choosing = () => run([ev.loaded({ enabled: true, group: null })])[0];

  it('START needs a selection; it sends the plan, size, payment type, method and key', () => {
    expect(from(choosing(), [ev.start])[0].value).toBe('choosing');
    const [creating, actions] = from(choosing(), [ev.select, ev.start]);
    expect(creating.value).toBe('creating');
    expect(spawnedInput(actions, 'startGroup')).toEqual({
      ...selection,
      method: 'alipay',
      idempotencyKey: 'key-0001-abcdef',
    });
  });

  it("the creator's order goes to the gateway, and back they await their payment", () => {
    const [redirecting, entry] = from(choosing(), [ev.select, ev.start, ev.started]);
    expect(redirecting.value).toBe('redirecting');
    expect(redirecting.context).toMatchObject({ token: TOKEN, orderId: CREATOR_ORDER });
    expect(entry).toContainEqual(
      expect.objectContaining({
        type: 'redirectToGateway',
        params: { payUrl: `http://127.0.0.1/pay/sandbox/${CREATOR_ORDER}` },
      }),
    );
    const [awaiting] = from(redirecting, [ev.returned]);
    expect(awaiting.value).toEqual({ awaitingCreatorPayment: 'fetching' });
  });

  it('a refused start goes back to choosing with its code; service off shows not yet started', () => {
    const [refused] = from(choosing(), [
      ev.select,
      ev.start,
      actorError('startGroup', { code: Errors.GROUP_NOT_OFFERED.code }),
    ]);
    expect(refused.value).toBe('choosing');
    expect(refused.context.errorCode).toBe(Errors.GROUP_NOT_OFFERED.code);
    const [off] = from(choosing(), [
      ev.select,
      ev.start,
      actorError('startGroup', { code: Errors.GROUP_BUY_OFF.code }),
    ]);
    expect(off.value).toBe('serviceOff');
  });

  it('the paid order opens the group: the countdown starts, the order is forgotten', () => {
    const [awaiting] = from(choosing(), [ev.select, ev.start, ev.started, ev.returned]);
    const [pending] = from(awaiting, [
      ev.check('pending', sampleGroup('awaiting_payment', 'creatorUnpaid')),
    ]);
    expect(pending.value).toEqual({ awaitingCreatorPayment: 'waiting' });
    const [again, actions] = from(pending, [ev.poll('awaitingCreatorPayment')]);
    expect(again.value).toEqual({ awaitingCreatorPayment: 'fetching' });
    expect(spawnedInput(actions, 'checkPayment')).toEqual({ token: TOKEN, orderId: CREATOR_ORDER });
    const [open] = from(again, [ev.check('paid', sampleGroup('open', 'creator'))]);
    expect(open.value).toBe('open');
    expect(open.context).toMatchObject({ orderId: null, payer: null, remainingMs: REMAINING_MS });
  });

  it("an expired creator's order: payment failed; Back forgets the group and starts over", () => {
    const [awaiting] = from(choosing(), [ev.select, ev.start, ev.started, ev.returned]);
    const [failed] = from(awaiting, [
      ev.check('expired', sampleGroup('awaiting_payment', 'creatorUnpaid')),
    ]);
    expect(failed.value).toBe('paymentFailed');
    expect(failed.context.orderStatus).toBe('expired');
    const [back, actions] = from(failed, [{ type: 'BACK' }]);
    expect(back.value).toBe('loading');
    expect(back.context).toMatchObject({ token: null, group: null, orderId: null });
    expect(spawnedInput(actions, 'loadPage')).toEqual({ token: null, orderId: null });
  });

  it('a pay-self group that ended unfilled refunded the creator: the ended group, never "payment failed"', () => {
    const [awaiting] = run([ev.group(sampleGroup('ended', 'creator'))], {
      token: TOKEN,
      orderId: CREATOR_ORDER,
    });
    expect(awaiting.value).toEqual({ awaitingCreatorPayment: 'fetching' });
    const [ended] = from(awaiting, [ev.check('refunded', sampleGroup('ended', 'creator'))]);
    expect(ended.value).toBe('ended');
    expect(ended.context).toMatchObject({ orderStatus: 'refunded', orderId: null, payer: null });
  });
});

describe('group-buy machine, awaiting a payment', () => {
  const awaitingMember = () =>
    run([ev.group(sampleGroup('open', 'memberReserved'))], {
      token: TOKEN,
      orderId: MEMBER_ORDER,
    })[0];

  it('no verdict within the time box: not detected; Check again starts a new time box', () => {
    const [fetching] = from(awaitingMember(), [ev.limit('awaitingMemberPayment')]);
    expect(fetching.value).toEqual({ awaitingMemberPayment: 'notDetected' });
    const [again, actions] = from(fetching, [{ type: 'RECHECK' }]);
    expect(again.value).toEqual({ awaitingMemberPayment: 'fetching' });
    expect(spawnedInput(actions, 'checkPayment')).toBeDefined();
  });

  it('an order this account does not have: not detected at once', () => {
    const [missing] = from(awaitingMember(), [
      actorError('checkPayment', { code: Errors.ORDER_NOT_FOUND.code }),
    ]);
    expect(missing.value).toEqual({ awaitingMemberPayment: 'notDetected' });
    const [hiccup] = from(awaitingMember(), [
      actorError('checkPayment', { code: Errors.NETWORK_ERROR.code }),
    ]);
    expect(hiccup.value).toEqual({ awaitingMemberPayment: 'waiting' });
    expect(hiccup.context.errorCode).toBe(Errors.NETWORK_ERROR.code);
  });

  it("the last share paid: finished; a member's failed order goes back to the group", () => {
    expect(
      from(awaitingMember(), [ev.check('paid', sampleGroup('finished', 'member'))])[0].value,
    ).toBe('finished');
    const [failed] = from(awaitingMember(), [ev.check('cancelled', sampleGroup('open'))]);
    expect(failed.value).toBe('paymentFailed');
    const [back, actions] = from(failed, [{ type: 'BACK' }]);
    expect(back.context).toMatchObject({ token: TOKEN, orderId: null });
    expect(spawnedInput(actions, 'loadPage')).toEqual({ token: TOKEN, orderId: null });
  });

  it('polls every POLL_MS and gives up after AWAIT_LIMIT_MS on a simulated clock', async () => {
    let calls = 0;
    const { clock, actor } = startOnClock(
      groupBuyMachine.provide({
        actors: {
          loadPage: fromPromise<LoadedPage, LoadPageInput>(async () => ({
            enabled: true,
            group: sampleGroup('open', 'memberReserved'),
          })),
          checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async () => {
            calls += 1;
            return {
              orderStatus: 'pending' as const,
              group: sampleGroup('open', 'memberReserved'),
            };
          }),
        },
      }),
      { token: TOKEN, orderId: MEMBER_ORDER },
    );
    await settle();
    await settle();
    expect(calls).toBe(1);
    for (let ms = POLL_MS; ms < AWAIT_LIMIT_MS; ms += POLL_MS) {
      clock.increment(POLL_MS);
      await settle();
    }
    expect(calls).toBe(AWAIT_LIMIT_MS / POLL_MS);
    clock.increment(POLL_MS);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ awaitingMemberPayment: 'notDetected' });
    actor.stop();
  });
});

describe('group-buy machine, joining', () => {
  it('pay all: JOIN takes a free seat, then the group as it is now decides', () => {
    const [joining, actions] = from(opened(TOKEN)[0], [ev.join]);
    expect(joining.value).toEqual({ joining: 'free' });
    expect(spawnedInput(actions, 'joinFree')).toEqual({ token: TOKEN });
    const [member] = from(joining, [actorDone('joinFree', sampleGroup('open', 'member'))]);
    expect(member.value).toBe('open');
    const [last] = from(joining, [actorDone('joinFree', sampleGroup('finished', 'member'))]);
    expect(last.value).toBe('finished');
  });

  it('pay self: JOIN_AND_PAY reserves a seat, the share goes to the gateway, back it is awaited', () => {
    const [joining, actions] = from(opened(TOKEN)[0], [ev.joinAndPay]);
    expect(joining.value).toEqual({ joining: 'forPay' });
    expect(spawnedInput(actions, 'joinForPay')).toEqual({
      token: TOKEN,
      method: 'wechat',
      currency: 'CNY',
      idempotencyKey: 'key-0002-abcdef',
    });
    const [redirecting] = from(joining, [ev.joinOrder]);
    expect(redirecting.context).toMatchObject({ payer: 'member', orderId: MEMBER_ORDER });
    expect(from(redirecting, [ev.returned])[0].value).toEqual({
      awaitingMemberPayment: 'fetching',
    });
  });

  const blocks = [
    [Errors.GROUP_ENDED.code, 'ended'],
    [Errors.GROUP_FULL.code, 'full'],
    [Errors.GROUP_ALREADY_JOINED.code, 'alreadyJoined'],
    [Errors.GROUP_OWN.code, 'ownGroup'],
    [Errors.GROUP_CREATOR_NOT_PAID.code, 'creatorNotPaid'],
  ] as const;
  it.each(blocks)('refusal %i is the %s block, for both kinds of join', (code, block) => {
    for (const [join, actor] of [
      [ev.join, 'joinFree'],
      [ev.joinAndPay, 'joinForPay'],
    ] as const) {
      const [blocked] = from(opened(TOKEN)[0], [join, actorError(actor, { code })]);
      expect(blocked.value).toEqual({ joining: block });
      expect(blocked.context.errorCode).toBe(code);
    }
  });

  it('a refused join reads the group again, so the panel shows the seats as they are now', () => {
    const [blocked, actions] = from(opened(TOKEN)[0], [
      ev.joinAndPay,
      actorError('joinForPay', { code: Errors.GROUP_FULL.code }),
    ]);
    expect(blocked.value).toEqual({ joining: 'full' });
    expect(spawnedInput(actions, 'refreshGroup')).toEqual({ token: TOKEN });
    expect(blocked.context.group?.group.membersJoined).toBe(1);
    const now = sampleGroup('open', 'stranger', {
      block: Errors.GROUP_FULL.code,
      membersJoined: 3,
    });
    const [fresh] = from(blocked, [actorDone('refreshGroup', now)]);
    expect(fresh.value).toEqual({ joining: 'full' });
    expect(fresh.context.group?.group.membersJoined).toBe(3);
    expect(fresh.context.errorCode).toBe(Errors.GROUP_FULL.code);
    // A failed re-read keeps the block and the panel as they were.
    const [kept] = from(blocked, [actorError('refreshGroup', { code: Errors.NETWORK_ERROR.code })]);
    expect(kept.value).toEqual({ joining: 'full' });
    expect(kept.context.group?.group.membersJoined).toBe(1);
  });

  it('any other failure goes back to the open group with its code; REFRESH asks again', () => {
    const [back] = from(opened(TOKEN)[0], [
      ev.join,
      actorError('joinFree', { code: Errors.NETWORK_ERROR.code }),
    ]);
    expect(back.value).toBe('open');
    expect(back.context.errorCode).toBe(Errors.NETWORK_ERROR.code);
    const [full] = from(opened(TOKEN)[0], [
      ev.join,
      actorError('joinFree', { code: Errors.GROUP_FULL.code }),
    ]);
    const [reloading] = from(full, [{ type: 'REFRESH' }]);
    expect(reloading.value).toBe('loading');
    expect(reloading.context.errorCode).toBeNull();
  });
});

describe('group-buy machine, the countdown', () => {
  it('an open group ends exactly at its end on the server clock, not before', async () => {
    const { clock, actor } = startOnClock(
      groupBuyMachine.provide({
        actors: {
          loadPage: fromPromise<LoadedPage, LoadPageInput>(async () => ({
            enabled: true,
            group: sampleGroup('open'),
          })),
        },
      }),
      { token: TOKEN },
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('open');
    clock.increment(REMAINING_MS - 1);
    expect(actor.getSnapshot().value).toBe('open');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().status).toBe('done');
    expect(Date.parse(sampleGroup('open').serverTime)).toBe(Date.parse(NOW));
    actor.stop();
  });
});
