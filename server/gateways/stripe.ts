/**
 * Stripe Checkout for cards, over Stripe's REST API with fetch (no SDK at run time):
 * - pay: `POST /v1/checkout/sessions` (form-encoded; amount in minor units, lower-case currency,
 *   client_reference_id and metadata[orderNo] = the order number, success/cancel URLs = the return
 *   URL, expires_at), with an Idempotency-Key per order so a retry returns the same session; the
 *   buyer goes to the session's `url`; the session id is the order's gateway reference and the
 *   payment's trade number;
 * - webhook: `POST /pay/notify/stripe`, `Stripe-Signature: t=<unix>,v1=<hex>` where
 *   v1 = HMAC-SHA256(webhook secret, `${t}.${raw body}`), at most 300 s old; events
 *   `checkout.session.completed` / `checkout.session.async_payment_succeeded` with
 *   payment_status `paid` credit, `checkout.session.expired` / `async_payment_failed` fail the order;
 * - query: `GET /v1/checkout/sessions/:id`; refund: `POST /v1/refunds` with the session's payment
 *   intent.
 */
import type { PaymentsConfig } from '../config';
import { GatewayError, verified } from './gateway';
import type { CreatePaymentInput, Gateway, GatewayStatus, VerifyResult } from './gateway';
import { safeEqual } from '../identity/safe-equal';
import { hmacSha256Hex } from './signing';

export const STRIPE_NOTIFY_PATH = '/pay/notify/stripe';
export const STRIPE_TOLERANCE_SECONDS = 300;
/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after creation. */
const STRIPE_MIN_SESSION_SECONDS = 30 * 60 + 10;
const TIMEOUT_MS = 10_000;

type StripeConfig = NonNullable<PaymentsConfig['stripe']>;

export interface StripeGateway extends Gateway {
  readonly name: 'stripe';
  /** Checks `Stripe-Signature` against the raw body, then reads the event. */
  verify(rawBody: string, signatureHeader: string | undefined, nowMs?: number): VerifyResult;
}

interface CheckoutSession {
  id: string;
  url?: string | null;
  status?: string;
  payment_status?: string;
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string } | null;
  /** The Stripe customer (cus_...) the session was paid by, when the checkout made or used one. */
  customer?: string | { id: string } | null;
}

/** Parses `t=...,v1=...,v1=...` (unknown schemes such as v0 are ignored). */
export function parseSignatureHeader(
  header: string | undefined,
): { timestamp: number; signatures: string[] } | undefined {
  if (!header || header.length > 4096) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value !== '') signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

function orderNoOf(session: CheckoutSession): string | undefined {
  const orderNo = session.metadata?.orderNo ?? session.client_reference_id;
  // Signed JSON can still hold any type there (issue 19, item 7): only a string names an order.
  return typeof orderNo === 'string' && orderNo !== '' ? orderNo : undefined;
}

export function createStripeGateway(options: {
  config: StripeConfig;
  fetch?: typeof fetch;
}): StripeGateway {
  const { config } = options;
  const doFetch = options.fetch ?? fetch;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    form?: URLSearchParams,
    idempotencyKey?: string,
  ): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.secretKey}`,
    };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await doFetch(`${config.apiBase}${path}`, {
        method,
        headers,
        body: form?.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError('stripe', `request failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new GatewayError('stripe', `HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!response.ok) {
      const error = body.error as { message?: string; type?: string } | undefined;
      // A 4xx is Stripe's definite "no" (nothing was created); a 5xx may or may not have acted.
      throw new GatewayError(
        'stripe',
        `HTTP ${response.status}: ${error?.type ?? ''} ${error?.message ?? text.slice(0, 200)}`,
        { refused: response.status >= 400 && response.status < 500 },
      );
    }
    return body;
  }

  async function session(id: string): Promise<CheckoutSession> {
    if (!/^cs_[A-Za-z0-9_]+$/.test(id)) throw new GatewayError('stripe', `not a session id: ${id}`);
    return (await call('GET', `/v1/checkout/sessions/${id}`)) as unknown as CheckoutSession;
  }

  return {
    name: 'stripe',
    async createPayment(input: CreatePaymentInput) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = Math.max(
        Math.floor(input.expiresAt.getTime() / 1000),
        now + STRIPE_MIN_SESSION_SECONDS,
      );
      const form = new URLSearchParams({
        mode: 'payment',
        'payment_method_types[0]': 'card',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': input.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(input.amount),
        'line_items[0][price_data][product_data][name]': input.subject,
        client_reference_id: input.orderNo,
        'metadata[orderNo]': input.orderNo,
        'payment_intent_data[metadata][orderNo]': input.orderNo,
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
        expires_at: String(expiresAt),
        locale: input.language === 'zh_CN' ? 'zh' : 'en',
      });
      const created = (await call(
        'POST',
        '/v1/checkout/sessions',
        form,
        `kestrel-checkout-${input.orderNo}`,
      )) as unknown as CheckoutSession;
      if (typeof created.id !== 'string' || typeof created.url !== 'string') {
        throw new GatewayError('stripe', 'checkout session without id or url');
      }
      return { payUrl: created.url, gatewayRef: created.id };
    },
    async queryStatus({ orderNo, gatewayRef }): Promise<GatewayStatus> {
      if (!gatewayRef) return { state: 'unknown' };
      const found = await session(gatewayRef);
      if (orderNoOf(found) !== orderNo) {
        throw new GatewayError('stripe', `session ${gatewayRef} belongs to another order`);
      }
      if (found.payment_status === 'paid' && found.status === 'complete') {
        return {
          state: 'paid',
          tradeNo: found.id,
          amount: Number(found.amount_total),
          currency: String(found.currency ?? '').toUpperCase(),
          raw: found,
        };
      }
      if (found.status === 'expired') return { state: 'expired', raw: found };
      return { state: 'pending' };
    },
    async refund(payment) {
      const found = await session(payment.tradeNo);
      const intent =
        typeof found.payment_intent === 'string' ? found.payment_intent : found.payment_intent?.id;
      if (!intent) throw new GatewayError('stripe', `session ${payment.tradeNo} has no payment`);
      await call(
        'POST',
        '/v1/refunds',
        new URLSearchParams({
          payment_intent: intent,
          amount: String(payment.amount),
          'metadata[orderNo]': payment.orderNo,
        }),
        `kestrel-refund-${payment.orderNo}`,
      );
    },
    verify(rawBody, signatureHeader, nowMs = Date.now()): VerifyResult {
      const header = parseSignatureHeader(signatureHeader);
      if (!header) return { ok: false, reason: 'malformed' };
      const expected = hmacSha256Hex(config.webhookSecret, `${header.timestamp}.${rawBody}`);
      if (!header.signatures.some((candidate) => safeEqual(candidate, expected))) {
        return { ok: false, reason: 'signature' };
      }
      if (Math.abs(nowMs / 1000 - header.timestamp) > STRIPE_TOLERANCE_SECONDS) {
        return { ok: false, reason: 'stale' };
      }
      let event: { type?: unknown; data?: { object?: CheckoutSession } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (event === null || typeof event !== 'object') return { ok: false, reason: 'malformed' };
      const object = event.data?.object;
      if (
        typeof event.type !== 'string' ||
        object === null ||
        typeof object !== 'object' ||
        typeof object.id !== 'string'
      ) {
        return { ok: false, reason: 'malformed' };
      }
      const orderNo = orderNoOf(object);
      const paidTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
      const failedTypes = ['checkout.session.expired', 'checkout.session.async_payment_failed'];
      const paid = paidTypes.includes(event.type) && object.payment_status === 'paid';
      const failed = failedTypes.includes(event.type);
      if (!orderNo || (!paid && !failed)) return { ok: false, reason: 'ignored' };
      return verified(
        {
          gateway: 'stripe',
          tradeNo: object.id,
          orderNo,
          amount: Number(object.amount_total ?? 0),
          currency: String(object.currency ?? '').toUpperCase(),
          status: paid ? 'paid' : event.type === 'checkout.session.expired' ? 'expired' : 'failed',
          raw: event,
        },
        typeof object.customer === 'string' ? object.customer : object.customer?.id,
      );
    },
  };
}
