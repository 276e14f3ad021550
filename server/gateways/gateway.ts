/**
 * The payment gateway interface and the registry that picks an implementation per payment method
 * from the configuration. Three implementations: the sandbox (default outside PROD), EPay (the
 * aggregator Chinese stores use for Alipay, WeChat Pay and UnionPay) and Stripe Checkout (cards).
 * See docs/payments.md.
 */
import type { ApiLanguage } from '../../contract';
import type { PaymentMethodName } from '../../contract/endpoints/payment';

/** `crypto` pays on chain (server/crypto): it has no hand-off, only proof of payment. */
export type GatewayName = 'sandbox' | 'epay' | 'stripe' | 'crypto';
export const GATEWAY_NAMES: readonly GatewayName[] = ['sandbox', 'epay', 'stripe', 'crypto'];

export interface CreatePaymentInput {
  readonly orderNo: string;
  /** Minor units (fen, cents). */
  readonly amount: number;
  readonly currency: 'CNY' | 'USD';
  readonly method: PaymentMethodName;
  /** Product label in the buyer's language. */
  readonly subject: string;
  readonly language: ApiLanguage;
  /** `${publicOrigin}/purchased?orderId=${orderNo}` */
  readonly returnUrl: string;
  readonly expiresAt: Date;
}

export interface CreatedPayment {
  readonly payUrl: string;
  /** The gateway's own reference (Stripe session id); null when the order number is the reference. */
  readonly gatewayRef: string | null;
}

/** What a gateway says about an order when asked (reconciliation). */
export type GatewayStatus =
  | {
      readonly state: 'paid';
      readonly tradeNo: string;
      readonly amount: number;
      readonly currency: string;
      readonly raw: unknown;
    }
  | { readonly state: 'pending' }
  | { readonly state: 'failed' | 'expired'; readonly raw?: unknown }
  | { readonly state: 'unknown' };

/**
 * A notification whose signature the gateway verified: the only thing `creditOrder` accepts.
 * Amount and currency are what the gateway says was paid; `creditOrder` compares them to the order.
 */
export interface VerifiedNotification {
  readonly gateway: GatewayName;
  readonly tradeNo: string;
  readonly orderNo: string;
  readonly amount: number;
  readonly currency: string;
  /** `expired`: the gateway closed the checkout unpaid (Stripe's checkout.session.expired). */
  readonly status: 'paid' | 'failed' | 'expired';
  readonly raw: unknown;
  /** The wallets the money came from, where the payment method knows them (crypto: the senders). */
  readonly payerWallets?: readonly string[];
  /**
   * The buyer's account at the gateway, where the signed notification names one (EPay's `buyer`,
   * Stripe's `customer`, the sandbox's `buyer`): a KOL self-referral signal (docs/kol.md).
   */
  readonly payerAccount?: string;
}

const MAX_PAYER_ACCOUNT_LENGTH = 128;

/**
 * A gateway's buyer account as stored: a string of 1-128 characters without control characters,
 * trimmed; anything else is treated as not given (it is a review signal, never a reason to refuse).
 */
export function payerAccountOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const account = value.trim();
  if (account.length === 0 || account.length > MAX_PAYER_ACCOUNT_LENGTH) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(account)) return undefined;
  return account;
}

/** What checking a notification's signature and fields gave. */
export type VerifyResult =
  | { readonly ok: true; readonly notification: VerifiedNotification }
  /** `ignored`: authentic but nothing to act on (an event type or trade status we do not handle). */
  | {
      readonly ok: false;
      readonly reason: 'malformed' | 'signature' | 'stale' | 'merchant' | 'ignored';
    };

/**
 * A notification whose signature and fields checked out, with the buyer's account at the gateway
 * where the notification names one that payerAccountOf accepts.
 */
export function verified(
  notification: Omit<VerifiedNotification, 'payerAccount'>,
  payer: unknown,
): VerifyResult {
  const payerAccount = payerAccountOf(payer);
  return { ok: true, notification: { ...notification, ...(payerAccount ? { payerAccount } : {}) } };
}

export interface Gateway {
  readonly name: GatewayName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  queryStatus(order: { orderNo: string; gatewayRef: string | null }): Promise<GatewayStatus>;
  refund(payment: {
    orderNo: string;
    tradeNo: string;
    amount: number;
    currency: string;
  }): Promise<void>;
}

export interface PaymentGateways {
  /** The gateway serving a method, or undefined when the method is not configured. */
  forMethod(method: PaymentMethodName): Gateway | undefined;
  byName(name: GatewayName): Gateway | undefined;
  /** Configured methods in display order (alipay first, marked recommended). */
  methods(): { method: PaymentMethodName; recommended: boolean }[];
}

/** Raised by a gateway when it cannot do what was asked (network, refused, not supported). */
export class GatewayError extends Error {
  /** The gateway answered "no": nothing happened there (unlike a timeout, whose outcome is unknown). */
  readonly refused: boolean;
  constructor(
    readonly gateway: GatewayName,
    message: string,
    options?: { cause?: unknown; refused?: boolean },
  ) {
    super(`${gateway}: ${message}`, options);
    this.name = 'GatewayError';
    this.refused = options?.refused ?? false;
  }
}

/** Display order of the methods; alipay is the recommended one (SPEC §4 pricing: Hot/Recommended). */
export const METHOD_ORDER: readonly PaymentMethodName[] = ['alipay', 'wechat', 'unionpay', 'card'];

/** A registry over a fixed method -> gateway table (the config builds the table, tests can too). */
export function paymentGatewaysOf(
  table: Partial<Record<PaymentMethodName, Gateway>>,
): PaymentGateways {
  const configured = METHOD_ORDER.filter((m) => table[m] !== undefined);
  const byName = new Map<GatewayName, Gateway>();
  for (const gateway of Object.values(table)) if (gateway) byName.set(gateway.name, gateway);
  return {
    forMethod: (method) => table[method],
    byName: (name) => byName.get(name),
    methods: () =>
      configured.map((method, index) => ({
        method,
        recommended: method === 'alipay' || (index === 0 && !configured.includes('alipay')),
      })),
  };
}
