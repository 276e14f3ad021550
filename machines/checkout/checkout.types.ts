import type { Order, PaymentMethodName } from '../../contract/endpoints/payment';

/** Integer minor units and a currency. */
export type Money = Order['total'];

export type Currency = Money['currency'];

/** The plan and currency on screen: what a promo code is checked against and an order is for. */
export interface Selection {
  readonly productId: number;
  readonly currency: Currency;
}

/** `payment_coupon`'s input and answer. */
export interface CheckCouponInput extends Selection {
  readonly code: string;
}
export interface AppliedCoupon {
  readonly code: string;
  readonly subtotal: Money;
  readonly discount: Money;
  readonly total: Money;
}

/** `payment_purchase`'s input and answer. */
export interface CreateOrderInput extends Selection {
  readonly method: PaymentMethodName;
  readonly couponCode?: string;
  readonly idempotencyKey: string;
}
export interface CreatedOrder {
  readonly orderId: string;
  readonly payUrl: string;
  readonly expiresAt: string;
  readonly total: Money;
}

export interface FetchOrderInput {
  readonly orderId: string;
}

export interface CheckoutInput {
  /** On /purchased: the order the gateway returned for. The machine then starts awaiting it. */
  readonly orderId?: string | null;
}

export interface CheckoutContext {
  readonly selection: Selection | null;
  readonly coupon: AppliedCoupon | null;
  /** The contract code of the last refused promo code (REQUIRED_PROMO_CODE when none was typed). */
  readonly couponError: number | null;
  /** The order handed to the gateway (on /pricing) or awaited (on /purchased). */
  readonly orderId: string | null;
  readonly payUrl: string | null;
  /** The order as the server last described it. */
  readonly order: Order | null;
  /** The contract code of the last failure of creating or fetching the order. */
  readonly errorCode: number | null;
}

export type CheckoutEvent =
  | { readonly type: 'SELECT'; readonly selection: Selection }
  | { readonly type: 'APPLY_COUPON'; readonly code: string }
  | { readonly type: 'REMOVE_COUPON' }
  | {
      readonly type: 'PAY';
      readonly method: PaymentMethodName;
      /** Fresh per attempt (crypto.randomUUID in the SPA): a retried request is the same order. */
      readonly idempotencyKey: string;
    }
  /** The buyer came back from the gateway (its return URL is /purchased?orderId=...). */
  | { readonly type: 'RETURNED' }
  /** After 'not detected': look again. */
  | { readonly type: 'RECHECK' };
