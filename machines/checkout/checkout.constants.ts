export const CHECKOUT_MACHINE_ID = 'checkout';

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
export type CheckoutStateValue = (typeof CheckoutState)[keyof typeof CheckoutState];

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

/** While an order is pending on /purchased it is asked about every POLL_MS... */
export const POLL_MS = 2_000;
/** ...for at most AWAIT_LIMIT_MS; then the page says the payment was not detected (yet). */
export const AWAIT_LIMIT_MS = 2 * 60_000;
