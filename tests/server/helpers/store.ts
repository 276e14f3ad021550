/** Store test helpers: a controllable fake gateway registry, and shortcuts for purchases. */
import type { Order } from '../../../contract/endpoints/payment';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/database';
import { coupons, orders } from '../../../server/db/schema';
import {
  paymentGatewaysOf,
  type CreatePaymentInput,
  type Gateway,
  type PaymentGateways,
} from '../../../server/gateways/gateway';
import type { ApiClient, CallResult } from './api-client';

export interface FakeGateways {
  readonly gateways: PaymentGateways;
  /** Every createPayment call, in order. */
  readonly created: CreatePaymentInput[];
  /** While true, createPayment throws (the gateway is down). */
  failing: boolean;
  /** Milliseconds createPayment takes. */
  delayMs: number;
}

/** alipay, wechat and card configured; unionpay is not (PAYMENT_METHOD_UNAVAILABLE). */
export function fakeGateways(): FakeGateways {
  const fake: FakeGateways = {
    gateways: undefined as unknown as PaymentGateways,
    created: [],
    failing: false,
    delayMs: 0,
  };
  const gateway: Gateway = {
    name: 'sandbox',
    async createPayment(input) {
      fake.created.push(input);
      if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
      if (fake.failing) throw new Error('gateway down (test)');
      return {
        payUrl: `https://pay.test/checkout/${input.orderNo}`,
        gatewayRef: `ref-${input.orderNo}`,
      };
    },
    queryStatus: async () => ({ state: 'unknown' }),
    refund: async () => undefined,
  };
  (fake as { gateways: PaymentGateways }).gateways = paymentGatewaysOf({
    alipay: gateway,
    wechat: gateway,
    card: gateway,
  });
  return fake;
}

export const newKey = () => `key-${randomBytes(8).toString('hex')}`;

export interface PurchaseData {
  orderId: string;
  payUrl: string;
  expiresAt: string;
  total: { amount: number; currency: string };
}

export function purchase(
  api: ApiClient,
  token: string,
  params: Partial<{
    productId: number;
    method: string;
    currency: string;
    couponCode: string;
    idempotencyKey: string;
  }> = {},
  language: 'en' | 'zh_CN' = 'en',
): Promise<CallResult<PurchaseData>> {
  return api.call<PurchaseData>(
    '/api/payment/payment_purchase',
    {
      productId: 104,
      method: 'alipay',
      currency: 'CNY',
      idempotencyKey: newKey(),
      ...params,
    },
    { token, language },
  );
}

/** payment_order_cancel as the holder of `token`: closes an unpaid order and frees its promo code. */
export function cancelOrder(
  api: ApiClient,
  token: string,
  orderId: string,
): Promise<CallResult<{ order: Order }>> {
  return api.call<{ order: Order }>('/api/payment/payment_order_cancel', { orderId }, { token });
}

export function expectOk<T>(result: CallResult<T>): T {
  expect(result.body.code, result.body.msg).toBe(200);
  return result.body.data;
}

let couponSerial = 0;

/** Inserts a coupon directly (the admin CLI has its own tests); returns its code. */
export async function makeCoupon(
  db: Db,
  values: Partial<typeof coupons.$inferInsert> = {},
): Promise<string> {
  couponSerial += 1;
  const code = values.code ?? `T${couponSerial}${randomBytes(4).toString('hex').toUpperCase()}`;
  await db.insert(coupons).values({ kind: 'percent', percentOff: 10, ...values, code });
  return code;
}

export async function couponRow(db: Db, code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row!;
}

export async function orderRow(db: Db, orderNo: string) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row!;
}
