/**
 * The group-buy machine as /group-buying, the sandbox gateway and a second person can drive it.
 * The paths are the journeys people take (getPathsFromEvents): the vitest graph test already
 * replays every simple path; here each journey crosses the real pages once.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { groupBuyMachine } from '../../machines/group-buy/group-buy.machine';
import type { GroupBuyEvent, GroupView } from '../../machines/group-buy/group-buy.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';

type GroupBuyPath = MachinePath<typeof groupBuyMachine>;

const NOW = '2026-01-01T00:00:00.000Z';
/** The graph only needs what routes the machine: state, place, block, size and payment type. */
export function modelGroup(
  state: GroupView['group']['state'],
  options: {
    paymentType: 0 | 1;
    groupSize: 2 | 3;
    place?: 'stranger' | 'creator' | 'member';
    block?: number | null;
  },
): GroupView {
  const place = options.place ?? 'stranger';
  return {
    group: {
      groupId: 'G0',
      productId: 0,
      groupType: 1,
      months: 1,
      durationDays: 30,
      product: '',
      groupSize: options.groupSize,
      paymentType: options.paymentType,
      status: state === 'finished' ? 1 : 0,
      state,
      devicesAllowed: 0,
      membersJoined: 1,
      seatsPaid: 1,
      seatPrice: { amount: 0, currency: 'CNY' },
      total: { amount: 0, currency: 'CNY' },
      creator: '',
      createdAt: NOW,
      openedAt: NOW,
      endsAt: '2026-01-01T00:00:30.000Z',
      completedAt: null,
    },
    membership:
      place === 'stranger'
        ? null
        : {
            isCreator: place === 'creator',
            myState: 'paid',
            myOrderId: null,
            myPayUrl: null,
            myOrderExpiresAt: null,
            inviteToken: 'x'.repeat(32),
            inviteLink: '',
            amountPaid: { amount: 0, currency: 'CNY' },
            redeemCodes: [],
          },
    block: options.block ?? null,
    serverTime: NOW,
  };
}

const loaded = (group: GroupView | null, enabled = true) =>
  actorDone<GroupBuyEvent>('loadPage', { enabled, group });
const paySelf2 = modelGroup('open', { paymentType: 1, groupSize: 2 });
const paySelf3 = modelGroup('open', { paymentType: 1, groupSize: 3 });
const payAll2 = modelGroup('open', { paymentType: 0, groupSize: 2 });
const payAll3 = modelGroup('open', { paymentType: 0, groupSize: 3 });
const full = modelGroup('open', { paymentType: 1, groupSize: 2, block: Errors.GROUP_FULL.code });
const returned: GroupBuyEvent = { type: 'RETURNED' };
const paid = (group: GroupView) =>
  actorDone<GroupBuyEvent>('checkPayment', { orderStatus: 'paid', group });

/** What each journey's first page needs prepared: read by the spec's setup from the first event. */
export type World =
  'choosing' | 'off' | 'unpaid' | 'full' | 'paySelf2' | 'paySelf3' | 'payAll2' | 'payAll3';
export function worldOf(path: GroupBuyPath): World {
  const first = path.steps[1]?.event as {
    type: string;
    output?: { enabled: boolean; group: GroupView | null };
  };
  if (first.type === 'xstate.error.actor.loadPage') return 'unpaid';
  const page = first.output!;
  if (!page.enabled) return 'off';
  if (!page.group) return 'choosing';
  if (page.group.block === Errors.GROUP_FULL.code) return 'full';
  const { paymentType, groupSize } = page.group.group;
  return `${paymentType === 1 ? 'paySelf' : 'payAll'}${groupSize}` as World;
}

export function groupBuyUiPaths(): GroupBuyPath[] {
  const paths: GroupBuyEvent[][] = [
    // A member starts a pay-self group of 3, pays in the sandbox, and the group is open.
    [
      loaded(null),
      {
        type: 'SELECT',
        selection: { productId: 0, groupSize: 3, paymentType: 1, currency: 'CNY' },
      },
      { type: 'START', method: 'alipay', idempotencyKey: 'model-key-0001' },
      actorDone('startGroup', { inviteToken: 'x'.repeat(32), orderId: 'K0', payUrl: '' }),
      returned,
      paid(modelGroup('open', { paymentType: 1, groupSize: 3, place: 'creator' })),
    ],
    // A friend takes the last seat of a pay-self group of 2 and pays: finished.
    [
      loaded(paySelf2),
      { type: 'JOIN_AND_PAY', method: 'alipay', currency: 'CNY', idempotencyKey: 'model-key-0002' },
      actorDone('joinForPay', { orderId: 'K1', payUrl: '' }),
      returned,
      paid(modelGroup('finished', { paymentType: 1, groupSize: 2, place: 'member' })),
    ],
    // Pay all, 2 people: the friend joins for free and the group is finished.
    [
      loaded(payAll2),
      { type: 'JOIN' },
      actorDone(
        'joinFree',
        modelGroup('finished', { paymentType: 0, groupSize: 2, place: 'member' }),
      ),
    ],
    // Pay all, 3 people: the friend already took the seat in another tab; this tab's Join is refused.
    [
      loaded(payAll3),
      { type: 'JOIN' },
      actorError('joinFree', { code: Errors.GROUP_ALREADY_JOINED.code }),
    ],
    // SPEC §8's other two blocks, as the link shows them.
    [actorError('loadPage', { code: Errors.GROUP_CREATOR_NOT_PAID.code })],
    [loaded(full)],
    // The countdown runs out on the page.
    [loaded(paySelf3), delayElapsed('GROUP_END', 'groupBuy.open')],
    // Switched off: 'not yet started'.
    [loaded(null, false)],
  ];
  return paths.flatMap((events) => getPathsFromEvents(groupBuyMachine, events));
}
