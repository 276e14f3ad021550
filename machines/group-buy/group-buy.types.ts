import type { DataOf } from '../../contract/define-endpoint';
import type { paymentJointOrder } from '../../contract/endpoints/group-buy';
import type {
  OrderStatusName,
  PaymentMethodName,
  currency,
} from '../../contract/endpoints/payment';
import type { GroupBuyPaymentType } from '../../contract/enums';
import type { z } from 'zod';

export type Currency = z.infer<typeof currency>;

/**
 * A group as its invite page sees it (`payment_joint_order`'s answer): the public part, the
 * caller's own place in it (null for a visitor or a stranger), why the caller cannot join (a
 * contract code) and the server's clock, on which the countdown is measured.
 */
export type GroupView = DataOf<typeof paymentJointOrder>;

/** The plan, size and payment type chosen on /group-buying. */
export interface GroupSelection {
  readonly productId: number;
  readonly groupSize: 2 | 3;
  readonly paymentType: GroupBuyPaymentType;
  readonly currency: Currency;
}

export interface LoadPageInput {
  readonly token: string | null;
  /** Back from the gateway: the order to look at when its group is gone. */
  readonly orderId: string | null;
}
export interface LoadedPage {
  /** Group buy is switched on in the display config. */
  readonly enabled: boolean;
  /** The group of the invite link, when the page was opened from one. */
  readonly group: GroupView | null;
  /**
   * Back from the gateway to a group that is gone (a creator's order failed, expired or was
   * cancelled, which voids the group): that order's status, so the page says what happened.
   */
  readonly closedOrder?: OrderStatusName | null;
}

export interface RefreshGroupInput {
  readonly token: string;
}

export interface StartGroupInput extends GroupSelection {
  readonly method: PaymentMethodName;
  readonly idempotencyKey: string;
}
/** A started group and the creator's order, handed to the gateway. */
export interface StartedGroup {
  readonly inviteToken: string;
  readonly orderId: string;
  readonly payUrl: string;
}

export interface JoinInput {
  readonly token: string;
}
export interface JoinForPayInput extends JoinInput {
  readonly method: PaymentMethodName;
  readonly currency: Currency;
  readonly idempotencyKey: string;
}
/** A member's order for their share, handed to the gateway. */
export interface JoinOrder {
  readonly orderId: string;
  readonly payUrl: string;
}

export interface CheckPaymentInput {
  readonly token: string;
  readonly orderId: string;
}
/** The awaited order's status and its group as they are now. */
export interface PaymentCheck {
  readonly orderStatus: OrderStatusName;
  readonly group: GroupView;
}

export interface GroupBuyInput {
  /** Opened from an invite link (`?token=`). */
  readonly token?: string | null;
  /** Back from the gateway (`?orderId=`): the order to await. */
  readonly orderId?: string | null;
}

export interface GroupBuyContext {
  readonly token: string | null;
  readonly orderId: string | null;
  readonly payUrl: string | null;
  /** Whose payment is awaited: the creator's opens the group, a member's takes a seat. */
  readonly payer: 'creator' | 'member' | null;
  readonly selection: GroupSelection | null;
  readonly group: GroupView | null;
  /** The group's time left when the server answered (its end minus its clock), in ms. */
  readonly remainingMs: number;
  /** The last awaited order's status (what `paymentFailed` explains). */
  readonly orderStatus: OrderStatusName | null;
  /** The contract code of the last failure or refusal. */
  readonly errorCode: number | null;
  /**
   * Group buy is switched on. Off, an existing group's page still shows the group truthfully
   * (docs/group-buy.md rule 13); only starting and joining are refused.
   */
  readonly serviceOn: boolean;
}

export type GroupBuyEvent =
  | { readonly type: 'SELECT'; readonly selection: GroupSelection }
  | {
      readonly type: 'START';
      readonly method: PaymentMethodName;
      /** Fresh per attempt (crypto.randomUUID in the SPA): a retried request is the same order. */
      readonly idempotencyKey: string;
    }
  /** Pay all: the creator paid every seat, a friend takes one for free. */
  | { readonly type: 'JOIN' }
  /** Pay self: a friend reserves a seat and pays their share. */
  | {
      readonly type: 'JOIN_AND_PAY';
      readonly method: PaymentMethodName;
      readonly currency: Currency;
      readonly idempotencyKey: string;
    }
  /** Back from the gateway (its return URL carries the order). */
  | { readonly type: 'RETURNED' }
  /** After 'not detected': look again. */
  | { readonly type: 'RECHECK' }
  /** Ask the server again (seats taken by others, a refusal that may have changed). */
  | { readonly type: 'REFRESH' }
  /** After a failed load. */
  | { readonly type: 'RETRY' }
  /** After a failed payment: back to the group (a member) or to choosing (a creator). */
  | { readonly type: 'BACK' };
