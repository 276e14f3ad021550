import { Errors } from '../../contract/errors';
import type { ValueOf } from '../../contract/enums';

/** Top-level states; `joining` and the two awaiting states have the sub-states below. */
export const GroupBuyState = {
  LOADING: 'loading',
  LOAD_FAILED: 'loadFailed',
  SERVICE_OFF: 'serviceOff',
  ROUTING: 'routing',
  CHOOSING: 'choosing',
  CREATING: 'creating',
  REDIRECTING: 'redirecting',
  AWAITING_CREATOR_PAYMENT: 'awaitingCreatorPayment',
  OPEN: 'open',
  JOINING: 'joining',
  AWAITING_MEMBER_PAYMENT: 'awaitingMemberPayment',
  PAYMENT_FAILED: 'paymentFailed',
  FINISHED: 'finished',
  ENDED: 'ended',
} as const;

/** Sub-states of `joining`: the two requests, then one state per refusal (SPEC §8's blocks and two more). */
export const JoiningState = {
  FREE: 'free',
  FOR_PAY: 'forPay',
  ENDED: 'ended',
  FULL: 'full',
  ALREADY_JOINED: 'alreadyJoined',
  OWN_GROUP: 'ownGroup',
  CREATOR_NOT_PAID: 'creatorNotPaid',
} as const;
export type JoiningBlock = Exclude<ValueOf<typeof JoiningState>, 'free' | 'forPay'>;

/** The contract code behind each block state: the message the page shows for it. */
export const JOIN_BLOCK_CODES = {
  ended: Errors.GROUP_ENDED.code,
  full: Errors.GROUP_FULL.code,
  alreadyJoined: Errors.GROUP_ALREADY_JOINED.code,
  ownGroup: Errors.GROUP_OWN.code,
  creatorNotPaid: Errors.GROUP_CREATOR_NOT_PAID.code,
} as const satisfies Record<JoiningBlock, number>;

/** Sub-states of `awaitingCreatorPayment` and `awaitingMemberPayment`. */
export const AwaitingState = {
  FETCHING: 'fetching',
  WAITING: 'waiting',
  NOT_DETECTED: 'notDetected',
} as const;

export const GroupBuyActor = {
  LOAD_PAGE: 'loadPage',
  START_GROUP: 'startGroup',
  JOIN_FREE: 'joinFree',
  JOIN_FOR_PAY: 'joinForPay',
  CHECK_PAYMENT: 'checkPayment',
} as const;

/** The creator's or a member's order is awaited as every payment is. */
export { AWAIT_LIMIT_MS, POLL_MS } from '../shared/awaiting-payment';
