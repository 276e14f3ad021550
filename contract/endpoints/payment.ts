import { z } from 'zod';
import { requiredText } from '../validation';
import { defineEndpoint } from '../define-endpoint';
import { Errors } from '../errors';
import { isoDate, money, orderIdParam, shopGroupType, planGroup } from './common';

export const PAYMENT_METHODS = ['alipay', 'wechat', 'unionpay', 'card'] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethodName = z.infer<typeof paymentMethod>;
/** How an order was paid: a gateway method, or crypto (/crypto-pay, never through payment_purchase). */
export const ORDER_METHODS = [...PAYMENT_METHODS, 'crypto'] as const;
export const orderMethod = z.enum(ORDER_METHODS);
export type OrderMethodName = z.infer<typeof orderMethod>;
export const currency = z.enum(['CNY', 'USD']);
/** A client-generated key: the same key from the same user returns the same order. */
export const idempotencyKey = z.string().trim().min(8).max(64);

export const goods = z.object({
  productId: z.number().int(),
  groupType: planGroup,
  months: z.number().int(),
  /** The exact time granted; months are for display. */
  durationDays: z.number().int(),
  maxDevices: z.number().int(),
  /** Shown as the recommended duration of its group. */
  recommended: z.boolean(),
  prices: z.array(money),
  /**
   * Group buy (docs/group-buy.md): the price of ONE seat in a group of `size`, per currency, as the
   * operator set it for this plan; a size missing here is not offered for the plan.
   */
  groupPrices: z.array(
    z.object({ size: z.union([z.literal(2), z.literal(3)]), prices: z.array(money) }),
  ),
});
export type Goods = z.infer<typeof goods>;

export const paymentShop = defineEndpoint({
  path: '/api/payment/payment_shop',
  auth: 'optional',
  params: z.object({ groupType: shopGroupType.optional() }),
  data: z.object({
    goods: z.array(goods),
    /** Only the methods a gateway is configured for, in display order. */
    methods: z.array(z.object({ method: paymentMethod, recommended: z.boolean() })),
    /** Crypto payment (/crypto-pay/{productId}) is configured. */
    cryptoPay: z.boolean(),
    /** Group buy: switched on (display config `features.groupBuy`) and how long an open group lasts. */
    groupBuy: z.object({ enabled: z.boolean(), hours: z.number().int() }),
    /** Lite<->Standard conversion percentage (SPEC §4 upgrade). */
    conversionPercent: z.number(),
    /** The caller's membership, so the page can show what a purchase will do; null for visitors. */
    membership: z
      .object({
        planType: planGroup.nullable(),
        expireTime: isoDate.nullable(),
      })
      .nullable(),
    serverTime: isoDate,
  }),
  summary: 'The goods list: plans with durations, prices and device limits; the payment methods.',
});

export const paymentPurchase = defineEndpoint({
  path: '/api/payment/payment_purchase',
  auth: 'session',
  params: z.object({
    productId: z.number().int(),
    method: paymentMethod,
    currency,
    couponCode: z.string().trim().min(1).max(64).optional(),
    idempotencyKey,
  }),
  data: z.object({
    orderId: z.string(),
    payUrl: z.string(),
    expiresAt: isoDate,
    total: money,
  }),
  summary:
    'Create an order (idempotent on the key, price locked, 30-minute expiry) and hand off to the gateway.',
});

export const paymentCoupon = defineEndpoint({
  path: '/api/payment/payment_coupon',
  auth: 'session',
  params: z.object({
    productId: z.number().int(),
    currency,
    code: requiredText(Errors.REQUIRED_PROMO_CODE, 64, Errors.COUPON_INVALID),
  }),
  data: z.object({ code: z.string(), subtotal: money, discount: money, total: money }),
  summary: 'Check a promo code against a plan and currency; nothing is reserved until purchase.',
});

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatusName = z.infer<typeof orderStatus>;

export const order = z.object({
  orderId: z.string(),
  createdAt: isoDate,
  productId: z.number().int(),
  groupType: planGroup,
  months: z.number().int(),
  /** The product as a label in the caller's language, e.g. 'Standard, 12 months'. */
  product: z.string(),
  method: orderMethod,
  subtotal: money,
  discount: money,
  total: money,
  couponCode: z.string().nullable(),
  status: orderStatus,
  expiresAt: isoDate,
  paidAt: isoDate.nullable(),
  /** Where to continue paying; only while pending. */
  payUrl: z.string().nullable(),
  /** A seat (or every seat) of a group buy: the orders list marks it and links to the groups. */
  groupOrder: z.boolean(),
});
export type Order = z.infer<typeof order>;

export const paymentOrder = defineEndpoint({
  path: '/api/payment/payment_order',
  auth: 'session',
  params: z.object({ orderId: orderIdParam.optional() }),
  data: z.object({ orders: z.array(order), serverTime: isoDate }),
  summary:
    "The user's orders, newest first (or the one asked for); pending ones past expiry are closed first.",
});

export const paymentOrderCancel = defineEndpoint({
  path: '/api/payment/payment_order_cancel',
  auth: 'session',
  params: z.object({ orderId: orderIdParam }),
  data: z.object({ order }),
  summary: 'Cancel an unpaid order; its promo code use is released.',
});
