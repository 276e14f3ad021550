import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { empty, isoDate, money, shopGroupType } from './common';

export const goods = z.object({
  productId: z.number().int(),
  groupType: z.union([z.literal(1), z.literal(2)]),
  months: z.number().int(),
  maxDevices: z.number().int(),
  prices: z.array(money),
});

export const paymentShop = defineEndpoint({
  path: '/api/payment/payment_shop',
  auth: 'optional',
  params: z.object({ groupType: shopGroupType.optional() }),
  data: z.object({ goods: z.array(goods) }),
  summary: 'The goods list: plans with durations, prices and device limits.',
  plannedIn: 'issue 3',
});

export const paymentPurchase = defineEndpoint({
  path: '/api/payment/payment_purchase',
  auth: 'session',
  params: z.object({
    productId: z.number().int(),
    method: z.enum(['alipay', 'wechat', 'unionpay', 'card']),
    currency: z.enum(['CNY', 'USD']),
    couponCode: z.string().trim().optional(),
    idempotencyKey: z.string().min(8).max(64),
  }),
  data: z.object({ orderId: z.string(), payUrl: z.string(), expiresAt: isoDate }),
  summary: 'Create an order and hand off to the payment gateway.',
  plannedIn: 'issue 3',
});

export const paymentCoupon = defineEndpoint({
  path: '/api/payment/payment_coupon',
  auth: 'session',
  params: z.object({ productId: z.number().int(), code: z.string().trim().min(1) }),
  data: z.object({ discount: money, total: money }),
  summary: 'Check a promo code against a plan.',
  plannedIn: 'issue 3',
});

export const order = z.object({
  orderId: z.string(),
  createdAt: isoDate,
  product: z.string(),
  total: money,
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded']),
});

export const paymentOrder = defineEndpoint({
  path: '/api/payment/payment_order',
  auth: 'session',
  params: z.object({ orderId: z.string().optional() }),
  data: z.object({ orders: z.array(order) }),
  summary: "The user's orders.",
  plannedIn: 'issue 3',
});

const group = z.object({
  groupId: z.string(),
  creator: z.string(),
  createdAt: isoDate,
  endsAt: isoDate,
  completedAt: isoDate.nullable(),
  status: z.union([z.literal(0), z.literal(1)]),
  devicesAllowed: z.number().int(),
  membersJoined: z.number().int(),
  groupSize: z.union([z.literal(2), z.literal(3)]),
  total: money,
  inviteLink: z.string(),
  isCreator: z.boolean(),
});

export const paymentJointPurchase = defineEndpoint({
  path: '/api/payment/payment_joint_purchase',
  auth: 'session',
  params: z.object({
    productId: z.number().int(),
    groupSize: z.union([z.literal(2), z.literal(3)]),
    paymentType: z.union([z.literal(0), z.literal(1)]),
    method: z.enum(['alipay', 'wechat', 'unionpay', 'card']),
    idempotencyKey: z.string().min(8).max(64),
  }),
  data: z.object({ groupId: z.string(), orderId: z.string(), payUrl: z.string() }),
  summary: 'Start a group buy (pay all or pay own share).',
  plannedIn: 'group-buy issue',
});

export const paymentJointJoinForPay = defineEndpoint({
  path: '/api/payment/payment_joint_join_for_pay',
  auth: 'session',
  params: z.object({
    groupId: z.string(),
    method: z.enum(['alipay', 'wechat', 'unionpay', 'card']),
    idempotencyKey: z.string().min(8).max(64),
  }),
  data: z.object({ orderId: z.string(), payUrl: z.string() }),
  summary: 'Join a group and pay the own share.',
  plannedIn: 'group-buy issue',
});

export const paymentJointJoin = defineEndpoint({
  path: '/api/payment/payment_joint_join',
  auth: 'session',
  params: z.object({ groupId: z.string() }),
  data: z.object({ groupId: z.string() }),
  summary: 'Join a group whose creator paid for everyone.',
  plannedIn: 'group-buy issue',
});

export const paymentJointPurchaseCreated = defineEndpoint({
  path: '/api/payment/payment_joint_purchase_created',
  auth: 'session',
  params: empty,
  data: z.object({ groups: z.array(group) }),
  summary: 'Groups created by the user.',
  plannedIn: 'group-buy issue',
});

export const paymentJointPurchaseParticipated = defineEndpoint({
  path: '/api/payment/payment_joint_purchase_participated',
  auth: 'session',
  params: empty,
  data: z.object({ groups: z.array(group) }),
  summary: 'Groups the user joined.',
  plannedIn: 'group-buy issue',
});

export const paymentJointOrder = defineEndpoint({
  path: '/api/payment/payment_joint_order',
  auth: 'optional',
  params: z.object({ groupId: z.string() }),
  data: z.object({ group }),
  summary: 'One group order, for its invite page.',
  plannedIn: 'group-buy issue',
});
