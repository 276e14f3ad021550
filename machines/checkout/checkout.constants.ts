/** Top-level states; `choosing` has the sub-states below. */
export const CheckoutState = {
  CHOOSING: 'choosing',
  CHECKING_COUPON: 'checkingCoupon',
  CREATING_ORDER: 'creatingOrder',
  REDIRECTING: 'redirecting',
  AWAITING_PAYMENT: 'awaitingPayment',
  PAID: 'paid',
  FAILED: 'failed',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
  NOT_DETECTED: 'notDetected',
} as const;

/** Sub-states of `choosing`: what the promo code field shows. */
export const ChoosingState = {
  IDLE: 'idle',
  COUPON_APPLIED: 'couponApplied',
  COUPON_REJECTED: 'couponRejected',
} as const;

/** Sub-states of `awaitingPayment`. */
export const AwaitingState = { FETCHING: 'fetching', WAITING: 'waiting' } as const;

export const CheckoutActor = {
  CHECK_COUPON: 'checkCoupon',
  CREATE_ORDER: 'createOrder',
  FETCH_ORDER: 'fetchOrder',
} as const;

/** The order on /purchased is awaited as every payment is. */
export { AWAIT_LIMIT_MS, POLL_MS } from '../shared/awaiting-payment';
