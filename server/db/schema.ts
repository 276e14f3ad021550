/** Drizzle's view of the tables; the SQL files in migrations/ are the source of truth. */
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Ad-click ids a sign-up arrived with (the x-gid, x-bd-vid and x-twclid headers). */
export interface SignupTracking {
  gclid?: string;
  bdVid?: string;
  twclid?: string;
}

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username'),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  deviceId: text('device_id'),
  inviteCode: text('invite_code'),
  invitedBy: integer('invited_by'),
  isKol: boolean('is_kol').notNull().default(false),
  planType: smallint('plan_type'),
  expireTime: tz('expire_time'),
  yearlyPaid: boolean('yearly_paid').notNull().default(false),
  benefitsExpireTime: tz('benefits_expire_time'),
  disabled: boolean('disabled').notNull().default(false),
  deletedAt: tz('deleted_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  signupSource: text('signup_source'),
  signupTracking: jsonb('signup_tracking').$type<SignupTracking>(),
  /** Devices allowed at once by the current membership; null without one (docs/store.md). */
  deviceLimit: integer('device_limit'),
});

export const sessions = pgTable('sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  platform: text('platform').notNull(),
  deviceId: text('device_id'),
  ip: text('ip'),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  revokedAt: tz('revoked_at'),
});

export const verificationCodes = pgTable('verification_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  purpose: text('purpose').notNull(),
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  kind: text('kind').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  ip: text('ip').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  consumedAt: tz('consumed_at'),
});

export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  purpose: text('purpose').notNull(),
  code: text('code'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  language: text('language').notNull(),
  sentAt: tz('sent_at').notNull().defaultNow(),
});

export const invites = pgTable('invites', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  inviterId: integer('inviter_id').notNull(),
  inviteeId: integer('invitee_id').notNull(),
  inviteCode: text('invite_code').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

// --- store (0003_store.sql) ---

export type Currency = 'CNY' | 'USD';
export type PaymentMethod = 'alipay' | 'wechat' | 'unionpay' | 'card';
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';
export type GrantSource =
  'order' | 'redeem' | 'trial' | 'invite_reward' | 'invite_trial' | 'refund' | 'admin';

const money = (name: string) => bigint(name, { mode: 'number' });

export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  groupType: smallint('group_type').notNull().$type<1 | 2>(),
  months: integer('months').notNull(),
  durationDays: integer('duration_days').notNull(),
  maxDevices: integer('max_devices').notNull(),
  recommended: boolean('recommended').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const planPrices = pgTable(
  'plan_prices',
  {
    planId: integer('plan_id').notNull(),
    currency: text('currency').notNull().$type<Currency>(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.currency] })],
);

export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  kind: text('kind').notNull().$type<'percent' | 'fixed'>(),
  percentOff: integer('percent_off'),
  amountOff: money('amount_off'),
  currency: text('currency').$type<Currency>(),
  planIds: integer('plan_ids').array(),
  maxUses: integer('max_uses'),
  usedCount: integer('used_count').notNull().default(0),
  perUserLimit: integer('per_user_limit').notNull().default(1),
  startsAt: tz('starts_at'),
  endsAt: tz('ends_at'),
  active: boolean('active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const orders = pgTable('orders', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orderNo: text('order_no').notNull(),
  userId: integer('user_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  planId: integer('plan_id').notNull(),
  groupType: smallint('group_type').notNull().$type<1 | 2>(),
  months: integer('months').notNull(),
  durationDays: integer('duration_days').notNull(),
  maxDevices: integer('max_devices').notNull(),
  method: text('method').notNull().$type<PaymentMethod>(),
  gateway: text('gateway').notNull(),
  currency: text('currency').notNull().$type<Currency>(),
  subtotal: money('subtotal').notNull(),
  discount: money('discount').notNull().default(0),
  total: money('total').notNull(),
  couponId: integer('coupon_id'),
  status: text('status').notNull().default('pending').$type<OrderStatus>(),
  gatewayRef: text('gateway_ref'),
  payUrl: text('pay_url'),
  expiresAt: tz('expires_at').notNull(),
  paidAt: tz('paid_at'),
  closedAt: tz('closed_at'),
  flaggedReason: text('flagged_reason'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const couponRedemptions = pgTable('coupon_redemptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  couponId: integer('coupon_id').notNull(),
  userId: integer('user_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  releasedAt: tz('released_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  gateway: text('gateway').notNull(),
  tradeNo: text('trade_no').notNull(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull().default('paid').$type<'paid' | 'refunded'>(),
  raw: jsonb('raw'),
  receivedAt: tz('received_at').notNull().defaultNow(),
  refundedAt: tz('refunded_at'),
});

export const paymentFlags = pgTable('payment_flags', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orderId: bigint('order_id', { mode: 'number' }),
  gateway: text('gateway').notNull(),
  tradeNo: text('trade_no'),
  reason: text('reason').notNull(),
  details: jsonb('details'),
  createdAt: tz('created_at').notNull().defaultNow(),
  resolvedAt: tz('resolved_at'),
});

export const membershipGrants = pgTable('membership_grants', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  source: text('source').notNull().$type<GrantSource>(),
  sourceRef: text('source_ref').notNull(),
  planType: smallint('plan_type').notNull().$type<1 | 2>(),
  kind: text('kind').notNull(),
  seconds: bigint('seconds', { mode: 'number' }).notNull(),
  expireBefore: tz('expire_before'),
  expireAfter: tz('expire_after').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const redeemBatches = pgTable('redeem_batches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  note: text('note').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const redeemCodes = pgTable('redeem_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  batchId: integer('batch_id').notNull(),
  groupType: smallint('group_type').notNull().$type<1 | 2>(),
  durationDays: integer('duration_days').notNull(),
  planId: integer('plan_id'),
  maxUses: integer('max_uses').notNull().default(1),
  usedCount: integer('used_count').notNull().default(0),
  expiresAt: tz('expires_at'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const redemptions = pgTable('redemptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  codeId: bigint('code_id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const trials = pgTable('trials', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  deviceId: text('device_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const inviteRewards = pgTable('invite_rewards', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  inviterId: integer('inviter_id').notNull(),
  inviteeId: integer('invitee_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  percent: integer('percent').notNull(),
  seconds: bigint('seconds', { mode: 'number' }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

// --- account area (0004_account_area.sql) ---

export const devices = pgTable('devices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  deviceId: text('device_id').notNull(),
  deviceType: smallint('device_type').notNull().$type<0 | 1>(),
  isWeb: boolean('is_web').notNull().default(false),
  os: text('os').notNull(),
  osVersion: text('os_version').notNull().default(''),
  deviceName: text('device_name').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
});

export const thirdPartyClients = pgTable('third_party_clients', {
  userId: integer('user_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  enabledAt: tz('enabled_at'),
  speedLimitMbps: integer('speed_limit_mbps'),
  proxySecret: text('proxy_secret').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const subscriptionLinks = pgTable('subscription_links', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  consumedAt: tz('consumed_at'),
});

export type NodeProtocol = 'vless' | 'trojan' | 'ss';

export const vpnNodes = pgTable('vpn_nodes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  protocol: text('protocol').notNull().$type<NodeProtocol>(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  sni: text('sni'),
  method: text('method'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const benefits = pgTable('benefits', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  account: text('account').notNull(),
  password: text('password').notNull(),
  link: text('link').notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
});
