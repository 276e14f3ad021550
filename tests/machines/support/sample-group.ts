/** Groups as `payment_joint_order` describes them, for the group-buy machine's tests. */
import { Errors } from '../../../contract/errors';
import type { GroupView } from '../../../machines/group-buy/group-buy.types';

export const NOW = '2026-11-23T10:00:00.000Z';
/** A short countdown keeps the simulated clock cheap; the 24 hours are the server's rule. */
export const REMAINING_MS = 60_000;
const END = new Date(Date.parse(NOW) + REMAINING_MS).toISOString();
export const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
export const CREATOR_ORDER = 'K202611230000000001';
export const MEMBER_ORDER = 'K202611230000000002';

type Membership = NonNullable<GroupView['membership']>;
type Place = 'stranger' | 'creator' | 'member' | 'creatorUnpaid' | 'memberReserved';

function membershipOf(place: Place): Membership | null {
  if (place === 'stranger') return null;
  const creator = place === 'creator' || place === 'creatorUnpaid';
  const reserved = place === 'creatorUnpaid' || place === 'memberReserved';
  const orderId = creator ? CREATOR_ORDER : MEMBER_ORDER;
  return {
    isCreator: creator,
    myState: reserved ? 'reserved' : 'paid',
    myOrderId: orderId,
    myPayUrl: reserved ? `http://127.0.0.1/pay/sandbox/${orderId}` : null,
    myOrderExpiresAt: reserved ? '2026-11-23T10:30:00.000Z' : null,
    inviteToken: TOKEN,
    inviteLink: `http://127.0.0.1/group-buying?group=${TOKEN}`,
    amountPaid: { amount: reserved ? 0 : 22_400, currency: 'CNY' },
    redeemCodes: [],
  };
}

export function sampleGroup(
  state: GroupView['group']['state'],
  place: Place = 'stranger',
  overrides: { block?: number | null; membersJoined?: number; endsAt?: string | null } = {},
): GroupView {
  const opened = state !== 'awaiting_payment';
  return {
    group: {
      groupId: 'G1001',
      productId: 11,
      groupType: 1,
      months: 12,
      durationDays: 365,
      product: 'Standard, 12 months',
      groupSize: 3,
      paymentType: 1,
      status: state === 'finished' ? 1 : 0,
      state,
      devicesAllowed: 3,
      membersJoined: overrides.membersJoined ?? (state === 'finished' ? 3 : 1),
      seatsPaid: state === 'finished' ? 3 : opened ? 1 : 0,
      seatPrice: { amount: 22_400, currency: 'CNY' },
      total: { amount: 67_200, currency: 'CNY' },
      creator: 'j***n',
      createdAt: '2026-11-23T09:59:00.000Z',
      openedAt: opened ? NOW : null,
      endsAt: overrides.endsAt !== undefined ? overrides.endsAt : opened ? END : null,
      completedAt: state === 'finished' ? NOW : null,
    },
    membership: membershipOf(place),
    block:
      overrides.block !== undefined
        ? overrides.block
        : place === 'stranger' && state === 'ended'
          ? Errors.GROUP_ENDED.code
          : null,
    serverTime: NOW,
  };
}
