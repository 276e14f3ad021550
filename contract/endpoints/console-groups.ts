/**
 * The console's group-buys section (issue 21, item 7; docs/console.md): the groups filtered and
 * paged, one group with its seats (who, their order, paid, granted, refunded), and ending an open
 * group now, which runs the ending job's own path (refunds of paid shares, or for pay all the
 * memberships and one redeem code per unused seat). Support and owners hold `group-buy.manage`.
 * The CLI's `group-buy list | show | end` call the same operator functions
 * (server/console/groups/).
 */
import { z } from 'zod';
import { Errors } from '../errors';
import { isoDate, money, planGroup } from './common';
import { code, consoleRead, consoleWrite, pagedRead } from './console-base';
import { memberIdField, reasonField } from './console-users';
import { GROUP_STATES, MEMBER_STATES } from './group-buy';

/**
 * Where a group is: the member-facing states (contract/endpoints/group-buy.ts) and `void`, a group
 * whose creator's order expired unpaid (members never see it).
 */
export const CONSOLE_GROUP_STATES = [...GROUP_STATES, 'void'] as const;
export type ConsoleGroupState = (typeof CONSOLE_GROUP_STATES)[number];

/** A seat's state: a member's place in a group, as members see it. */
export const SEAT_STATES = MEMBER_STATES;
export type SeatState = (typeof SEAT_STATES)[number];

/** A group's ID as members see it: `G` and 10 symbols; an operator may type it in lower case. */
export const groupNoField = z
  .string(code(Errors.CONSOLE_GROUP_NOT_FOUND))
  .trim()
  .toUpperCase()
  .regex(/^G[0-9A-Z]{10}$/, code(Errors.CONSOLE_GROUP_NOT_FOUND));

export const consoleGroup = z.object({
  groupId: z.string(),
  creatorId: z.number().int(),
  product: z.object({
    planId: z.number().int(),
    groupType: planGroup,
    months: z.number().int(),
  }),
  size: z.number().int(),
  /** Seats paid for or joined. */
  taken: z.number().int(),
  paymentType: z.union([z.literal(0), z.literal(1)]),
  seatPrice: money,
  state: z.enum(CONSOLE_GROUP_STATES),
  createdAt: isoDate,
  endsAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  endedAt: isoDate.nullable(),
});
export type ConsoleGroup = z.infer<typeof consoleGroup>;

export const groupSeat = z.object({
  userId: z.number().int(),
  username: z.string().nullable(),
  role: z.enum(['creator', 'member']),
  state: z.enum(SEAT_STATES),
  orderId: z.string().nullable(),
  orderStatus: z.string().nullable(),
  joinedAt: isoDate,
  paidAt: isoDate.nullable(),
  grantedAt: isoDate.nullable(),
  refundedAt: isoDate.nullable(),
});
export type GroupSeat = z.infer<typeof groupSeat>;

export const consoleGroupList = pagedRead({
  path: '/api/admin/groups',
  access: 'group-buy.manage',
  filters: {
    state: z.enum(CONSOLE_GROUP_STATES, code(Errors.BAD_REQUEST)).optional(),
    /** Groups this member created or holds a seat in. */
    userId: memberIdField.optional(),
    groupId: groupNoField.optional(),
  },
  item: consoleGroup,
  summary: "Group buys, newest first, filtered by state, a member's groups or a group ID, paged.",
});

export const consoleGroupRecord = consoleRead({
  path: '/api/admin/groups/record',
  access: 'group-buy.manage',
  input: z.object({ groupId: groupNoField }),
  data: z.object({
    group: consoleGroup,
    openedAt: isoDate.nullable(),
    seats: z.array(groupSeat),
    /** Pay all, ended unfilled: the batch of codes made for the unused seats. */
    redeemBatchId: z.number().int().nullable(),
  }),
  summary: 'One group with its seats: who, their order, when paid, granted or refunded.',
});

export const consoleGroupEnd = consoleWrite({
  path: '/api/admin/groups/end',
  access: 'group-buy.manage',
  stepUp: true,
  input: z.object({ groupId: groupNoField, reason: reasonField }),
  data: z.object({
    /** Paid shares returned through their gateway now. */
    refunded: z.number().int(),
    /** Shares the gateway cannot refund by API: flagged to be returned by hand. */
    refundDue: z.number().int(),
    /** Refunds that failed now and are tried again by the ending job. */
    retry: z.number().int(),
  }),
  summary:
    'End an open group now (a reason): paid shares refunded, or for pay all the memberships and codes for unused seats; once.',
});

export const consoleGroupEndpoints = {
  consoleGroupList,
  consoleGroupRecord,
  consoleGroupEnd,
} as const;
