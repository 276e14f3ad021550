import type { ConsoleDataOf, consoleOrderRefund } from '../../contract/endpoints/console';

/** `POST /api/admin/orders/refund`'s input: the order, how the money went back, and why. */
export interface RefundRequest {
  readonly orderId: string;
  /** The money went back by hand in the gateway's dashboard: record it only. */
  readonly manual: boolean;
  readonly reason: string;
}

/** What a refund answers: whether this call refunded, and the member's expiry after it. */
export type RefundOutcome = ConsoleDataOf<typeof consoleOrderRefund>;

export interface OrderRefundContext {
  readonly orderId: string;
  readonly manual: boolean;
  readonly reason: string;
  /** The contract code the reason field shows (REASON_REQUIRED...), or null. */
  readonly reasonError: number | null;
  /** The contract code of the last refused refund or step-up, or null. */
  readonly errorCode: number | null;
  readonly outcome: RefundOutcome | null;
}

export type OrderRefundEvent =
  /** The refund button on the order's page. */
  | { readonly type: 'OPEN' }
  | { readonly type: 'CANCEL' }
  | { readonly type: 'SUBMIT'; readonly manual: boolean; readonly reason: string }
  /** A fresh authenticator code, when the server asks for one (step-up). */
  | { readonly type: 'SUBMIT_CODE'; readonly code: string }
  /** Closes the note that the order was refunded. */
  | { readonly type: 'DISMISS' };
