/**
 * Group buy (SPEC §2 /group-buying, §3 Group, §4, §7 `payment_joint_*`, §8): friends share one plan
 * in a group of 2 or 3. The rules and the reasons are in docs/group-buy.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { GROUP_TOKEN_PATTERN } from '../web-routes';
import { Errors } from '../errors';
import { isoDate, money, planGroup } from './common';
import { currency, idempotencyKey, paymentMethod } from './payment';

/** SPEC §9: group sizes 2 or 3. */
export const GROUP_SIZES = [2, 3] as const;
export const groupSize = z.union([z.literal(2), z.literal(3)], {
  error: String(Errors.GROUP_SIZE_INVALID.code),
});
/** SPEC §3 group-buy payment type: 0 pay all (the creator pays every seat), 1 pay self. */
export const groupPaymentType = z.union([z.literal(0), z.literal(1)], {
  error: String(Errors.GROUP_PAYMENT_TYPE_INVALID.code),
});

/**
 * The invite token of a group's link: 24 random bytes (192 bits) in base64url. The link never
 * carries the group's number, so a group cannot be found by counting. A malformed token is simply an
 * unknown group.
 */
export const INVITE_TOKEN_LENGTH = 32;
export const inviteToken = z
  .string(String(Errors.GROUP_NOT_FOUND.code))
  .trim()
  .regex(GROUP_TOKEN_PATTERN, String(Errors.GROUP_NOT_FOUND.code));

/**
 * Where a group is (the status of SPEC §3 is 1 only for `finished`):
 * - `awaiting_payment`: the creator has not paid yet; the invite link does not work (4001);
 * - `open`: the creator paid, seats are free, `endsAt` is ahead;
 * - `finished`: every seat paid for, memberships granted (status 1);
 * - `ended`: the end time passed unfilled; paid shares refunded, or (pay all) the creator got their
 *   membership and one redeem code per unused seat.
 */
export const GROUP_STATES = ['awaiting_payment', 'open', 'finished', 'ended'] as const;
export const groupState = z.enum(GROUP_STATES);
export type GroupState = z.infer<typeof groupState>;

/**
 * A member's seat: `reserved` (pay self, joined, order not paid yet; lives as long as the order),
 * `paid`, `joined` (pay all: a free seat), `released` (the unpaid order expired or was cancelled),
 * `refunded` (share returned through the gateway), `refund_due` (the gateway cannot refund by API:
 * the operator returns it by hand).
 */
export const MEMBER_STATES = [
  'reserved',
  'paid',
  'joined',
  'released',
  'refunded',
  'refund_due',
] as const;
export const memberState = z.enum(MEMBER_STATES);
export type MemberState = z.infer<typeof memberState>;

/** What anyone holding the invite link may see: never another member's identity. */
export const groupPublic = z.object({
  /** The group ID of SPEC §3 for display (not the invite token, and not a sequence). */
  groupId: z.string(),
  productId: z.number().int(),
  groupType: planGroup,
  months: z.number().int(),
  durationDays: z.number().int(),
  /** The plan as a label in the caller's language, e.g. 'Standard, 12 months'. */
  product: z.string(),
  groupSize,
  paymentType: groupPaymentType,
  /** SPEC §3 group-buy status: 0 unfinished, 1 finished. */
  status: z.union([z.literal(0), z.literal(1)]),
  state: groupState,
  devicesAllowed: z.number().int(),
  /** Seats taken: paid, joined, and reservations whose order is still payable. */
  membersJoined: z.number().int(),
  /** Seats paid for (pay all: every seat once the creator paid). */
  seatsPaid: z.number().int(),
  /** The price of one seat, locked when the group was started. */
  seatPrice: money,
  /** The whole group: seat price times size. */
  total: money,
  /** The creator's display name, masked (e.g. 'j***n'). */
  creator: z.string(),
  createdAt: isoDate,
  /** When the creator's payment opened the group; null before. */
  openedAt: isoDate.nullable(),
  /** The end of the countdown; null until the group opens. */
  endsAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
});
export type GroupPublic = z.infer<typeof groupPublic>;

/** What a member (creator included) sees of their own place in a group. */
export const groupMembership = z.object({
  isCreator: z.boolean(),
  myState: memberState,
  /** The member's order (creator: the group's order; pay-self member: their share); null for a free seat. */
  myOrderId: z.string().nullable(),
  /** Where to continue paying, while the member's order is payable; else null. */
  myPayUrl: z.string().nullable(),
  myOrderExpiresAt: isoDate.nullable(),
  inviteToken,
  /** The /group-buying?group= link with the invite token, to copy and to show as a QR code. */
  inviteLink: z.string(),
  /**
   * What the group's orders took and kept: paid orders, not those refunded (a group that ended
   * unfilled shows 0 once its shares are returned). In the seat price's currency.
   */
  amountPaid: money,
  /** Pay all, ended unfilled: one single-use redeem code per unused seat (creator only; else empty). */
  redeemCodes: z.array(z.object({ code: z.string(), redeemed: z.boolean() })),
});
export type GroupMembership = z.infer<typeof groupMembership>;

export const memberGroup = groupPublic.extend(groupMembership.shape);
export type MemberGroup = z.infer<typeof memberGroup>;

/** An order handed to the gateway for a group: the creator's (start) or a member's share. */
const groupOrder = z.object({
  groupId: z.string(),
  inviteToken,
  inviteLink: z.string(),
  orderId: z.string(),
  payUrl: z.string(),
  expiresAt: isoDate,
  total: money,
});

export const paymentJointPurchase = defineEndpoint({
  path: '/api/payment/payment_joint_purchase',
  auth: 'session',
  params: z.object({
    productId: z.number().int(),
    groupSize,
    paymentType: groupPaymentType,
    method: paymentMethod,
    currency,
    idempotencyKey,
  }),
  data: groupOrder,
  summary:
    "Start a group: the creator's order (one seat, or every seat for pay all) at the group price; the group opens when it is paid.",
});

export const paymentJointJoinForPay = defineEndpoint({
  path: '/api/payment/payment_joint_join_for_pay',
  auth: 'session',
  params: z.object({ inviteToken, method: paymentMethod, currency, idempotencyKey }),
  data: groupOrder,
  summary:
    "Join a pay-self group: reserves a seat for as long as the share's order lives (a repeat returns the same order).",
});

export const paymentJointJoin = defineEndpoint({
  path: '/api/payment/payment_joint_join',
  auth: 'session',
  params: z.object({ inviteToken }),
  data: z.object({ group: memberGroup, serverTime: isoDate }),
  summary:
    'Join a pay-all group whose creator paid for every seat: the seat is free and taken at once.',
});

/** The user's groups with their own place in each. */
const groupList = z.object({ groups: z.array(memberGroup), serverTime: isoDate });

export const paymentJointPurchaseCreated = defineEndpoint({
  path: '/api/payment/payment_joint_purchase_created',
  auth: 'session',
  data: groupList,
  summary:
    'Groups the user started, newest first (a group whose creator never paid is left out once its order closed).',
});

export const paymentJointPurchaseParticipated = defineEndpoint({
  path: '/api/payment/payment_joint_purchase_participated',
  auth: 'session',
  data: groupList,
  summary: "Groups the user joined (not their own), newest first, with their seat's state.",
});

export const paymentJointOrder = defineEndpoint({
  path: '/api/payment/payment_joint_order',
  auth: 'optional',
  params: z.object({ inviteToken }),
  data: z.object({
    group: groupPublic,
    /** The caller's place in the group; null for a visitor or a non-member. */
    membership: groupMembership.nullable(),
    /**
     * Why the caller cannot join now (an error code: 4002 already joined, 4003 full, 4005 ended,
     * 4006 own group); null when joining is possible (a visitor: after logging in).
     */
    block: z.number().int().nullable(),
    serverTime: isoDate,
  }),
  summary:
    'One group by its invite token, for the invite page (visitors too); refused with 4001 while the creator has not paid (except to the creator).',
});
