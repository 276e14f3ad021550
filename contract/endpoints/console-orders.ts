/**
 * The console's orders section (issue 21, item 6; docs/console.md): orders filtered and paged, one
 * order with its gateway events, a refund through the gateway (or one recorded after a refund made
 * by hand), a payment confirmed by hand through the normal credit path, and the payment-flags queue.
 * The CLI's `orders` commands call the same operator functions (server/console/orders/).
 */
import { z } from 'zod';
import { requiredText } from '../validation';
import { Errors } from '../errors';
import { isoDate, money, ok, planTerms } from './common';
import { code, consoleRead, consoleWrite, pagedRead, allFlag } from './console-base';
import { memberIdField, reasonField } from './console-users';
import { ORDER_METHODS, ORDER_STATUSES } from './payment';

const orderNoField = requiredText(Errors.ORDER_NOT_FOUND, 64);

/** The gateway's own number for the payment, as its dashboard shows it. */
export const tradeNoField = z
  .string(code(Errors.TRADE_NO_REQUIRED))
  .trim()
  .min(4, code(Errors.TRADE_NO_REQUIRED))
  .max(128, code(Errors.TRADE_NO_REQUIRED));

export const consoleOrder = z.object({
  orderId: z.string(),
  userId: z.number().int(),
  product: planTerms,
  method: z.string(),
  gateway: z.string(),
  total: money,
  status: z.string(),
  flaggedReason: z.string().nullable(),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
});
export type ConsoleOrder = z.infer<typeof consoleOrder>;

export const paymentFlag = z.object({
  id: z.number().int(),
  orderId: z.string().nullable(),
  gateway: z.string(),
  tradeNo: z.string().nullable(),
  reason: z.string(),
  details: z.unknown().nullable(),
  createdAt: isoDate,
  resolvedAt: isoDate.nullable(),
});
export type PaymentFlag = z.infer<typeof paymentFlag>;

export const consoleOrderList = pagedRead({
  path: '/api/admin/orders',
  access: 'orders.read',
  filters: {
    status: z.enum(ORDER_STATUSES, code(Errors.BAD_REQUEST)).optional(),
    method: z.enum(ORDER_METHODS, code(Errors.BAD_REQUEST)).optional(),
    currency: z.enum(['CNY', 'USD'], code(Errors.BAD_REQUEST)).optional(),
    userId: memberIdField.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  },
  item: consoleOrder,
  summary:
    'Orders, newest first, filtered by status, method, currency, user and date range, paged.',
});

export const consoleOrderRecord = consoleRead({
  path: '/api/admin/orders/record',
  access: 'orders.read',
  input: z.object({ orderId: orderNoField }),
  data: z.object({
    order: consoleOrder,
    /** What the gateway told us: the payment recorded, with its raw notification. */
    payments: z.array(
      z.object({
        gateway: z.string(),
        tradeNo: z.string(),
        amount: money,
        status: z.string(),
        receivedAt: isoDate,
        refundedAt: isoDate.nullable(),
        raw: z.unknown().nullable(),
      }),
    ),
    flags: z.array(paymentFlag),
  }),
  summary: 'One order, its gateway events (the payment and its raw notification) and its flags.',
});

export const consoleOrderRefund = consoleWrite({
  path: '/api/admin/orders/refund',
  access: 'orders.refund',
  stepUp: true,
  input: z.object({
    orderId: orderNoField,
    /** The money went back by hand in the gateway's dashboard: record it only. */
    manual: z.boolean().default(false),
    reason: reasonField,
  }),
  data: z.object({ refunded: z.boolean(), userExpireTime: isoDate.nullable() }),
  summary:
    'Refund a paid order through its gateway (or record a refund made by hand) and undo its effects; once.',
});

export const consoleOrderConfirm = consoleWrite({
  path: '/api/admin/orders/confirm',
  access: 'orders.confirm',
  stepUp: true,
  input: z.object({ orderId: orderNoField, tradeNo: tradeNoField, reason: reasonField }),
  data: z.object({
    /** credited, duplicate (already paid with this trade), flagged (see the flags) or ignored. */
    result: z.string(),
    status: z.string(),
  }),
  summary:
    "Confirm a payment by hand with the gateway's trade number and a reason: the normal credit path, exactly once.",
});

export const consolePaymentFlags = pagedRead({
  path: '/api/admin/payment-flags',
  access: 'orders.read',
  filters: {
    all: allFlag,
  },
  item: paymentFlag,
  summary:
    'The payments an operator must look at (late, wrong amount, second payment...), open first.',
});

export const consoleResolveFlag = consoleWrite({
  path: '/api/admin/payment-flags/resolve',
  access: 'payment-flags.resolve',
  input: z.object({
    flagId: z.number(code(Errors.FLAG_NOT_FOUND)).int().min(1, code(Errors.FLAG_NOT_FOUND)),
    reason: reasonField,
  }),
  data: ok,
  summary: 'Mark a payment flag resolved, saying what was done.',
});

export const consoleOrderEndpoints = {
  consoleOrderList,
  consoleOrderRecord,
  consoleOrderRefund,
  consoleOrderConfirm,
  consolePaymentFlags,
  consoleResolveFlag,
} as const;
