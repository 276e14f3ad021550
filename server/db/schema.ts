/** Drizzle's view of the tables; the SQL files in migrations/ are the source of truth. */
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PayoutCheckReason } from '../../contract/kol';

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
  /** The address the account was made from (0012_kol-review; docs/kol.md): erased with the account. */
  signupIp: text('signup_ip'),
  /** Devices allowed at once by the current membership; null without one (docs/store.md). */
  deviceLimit: integer('device_limit'),
  /** The member's credential on every VPN node (0009_nodes.sql, docs/nodes.md). */
  nodeUuid: uuid('node_uuid').notNull().defaultRandom(),
  /** Two-step sign-in (0017_account-security; docs/account-security.md): sealed, null when off. */
  totpSecret: text('totp_secret'),
  /** The secret user_totp_setup made last, sealed; moved to `totpSecret` by user_totp_enable. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  totpEnabledAt: tz('totp_enabled_at'),
  /** The language of the last sign-in or registration, for messages sent without a request. */
  language: text('language'),
  /** Renewal reminders wanted (migration 0021). */
  renewalReminders: boolean('renewal_reminders').notNull().default(true),
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
  /** A registration's session, not yet renewed by a later call (migration 0005). */
  tabOnly: boolean('tab_only').notNull().default(false),
  /** The registration's session this one was renewed from: one sign-in (migration 0011). */
  renewedFrom: bigint('renewed_from', { mode: 'number' }),
  /** The client that opened the session (0017_account-security): the session list names it. */
  userAgent: text('user_agent'),
  /** Written at most once a minute per session (server/identity/sessions.ts). */
  lastActiveAt: tz('last_active_at').notNull().defaultNow(),
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
  /** The member a change_target code was sent for; null for the other purposes. */
  userId: integer('user_id'),
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

/** The durable queue of messages (migration 0021, server/messaging/message-queue.ts). */
export const messageQueue = pgTable('message_queue', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  dedupeKey: text('dedupe_key').notNull(),
  userId: integer('user_id'),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  purpose: text('purpose').notNull(),
  language: text('language').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  aboutExpireTime: tz('about_expire_time'),
  status: text('status').notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: tz('next_attempt_at').notNull(),
  lastError: text('last_error'),
  createdAt: tz('created_at').notNull(),
  sentAt: tz('sent_at'),
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
/** Gateway methods, and crypto (paid on chain, docs/crypto-pay.md). */
export type OrderMethod = PaymentMethod | 'crypto';
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';
export type GrantSource =
  'order' | 'redeem' | 'trial' | 'invite_reward' | 'invite_trial' | 'refund' | 'admin' | 'group';

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
  method: text('method').notNull().$type<OrderMethod>(),
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
  /** The group this order pays a seat (or every seat) of; null for a plain purchase. */
  groupBuyId: bigint('group_buy_id', { mode: 'number' }),
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
  /** The buyer's account at the gateway, when its notification names one (0012_kol-review). */
  payerAccount: text('payer_account'),
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

/** Every fetch of a member's subscription links (migration 0023, server/nodes/subscription-fetches.ts). */
export const subscriptionFetches = pgTable('subscription_fetches', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  fetchedAt: tz('fetched_at').notNull().defaultNow(),
  ip: text('ip').notNull(),
  client: text('client').notNull(),
  /** The link was fresh and the nodes were sent; false: a used or expired link asked again. */
  served: boolean('served').notNull(),
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
  // --- 0009_nodes.sql ---
  tokenHash: text('token_hash'),
  planTypes: smallint('plan_types').array().notNull().default([1, 2]).$type<(1 | 2)[]>(),
  serverKey: text('server_key'),
  lastPullAt: tz('last_pull_at'),
  lastPushAt: tz('last_push_at'),
  status: jsonb('status').$type<NodeStatus>(),
  statusAt: tz('status_at'),
});

/** What an agent's status push reports (Xboard's UniProxy `status`): load in percent and bytes. */
export interface NodeStatus {
  cpu: number;
  mem: { total: number; used: number };
  swap: { total: number; used: number };
  disk: { total: number; used: number };
}

export const benefits = pgTable('benefits', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** The Chinese title and description (migration 0010); empty: not translated yet. */
  titleZh: text('title_zh').notNull().default(''),
  descriptionZh: text('description_zh').notNull().default(''),
  account: text('account').notNull(),
  password: text('password').notNull(),
  link: text('link').notNull(),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
});

// --- content pages (0026_content-pages.sql) ---

/** The FAQ's and the clauses' replacement texts, one row per page and language (`en`, `zh_CN`). */
export const contentPages = pgTable(
  'content_pages',
  {
    page: text('page').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    updatedAt: tz('updated_at').notNull(),
    /** The staff member who published it; null from the CLI. */
    updatedBy: integer('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.page, t.language] })],
);

// --- nodes (0009_nodes.sql) ---

/**
 * Byte counters: bigint in the database, saturating at 2^53 - 1 (0012_node-reports_counter_ceiling),
 * so they read back as exact JavaScript numbers.
 */
const bytes = (name: string) => bigint(name, { mode: 'number' });

export const userTraffic = pgTable(
  'user_traffic',
  {
    userId: integer('user_id').notNull(),
    /** The first day of the calendar month (UTC), as YYYY-MM-DD. */
    period: date('period').notNull(),
    upload: bytes('upload').notNull().default(0),
    download: bytes('download').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

export const nodeTraffic = pgTable(
  'node_traffic',
  {
    nodeId: integer('node_id').notNull(),
    period: date('period').notNull(),
    upload: bytes('upload').notNull().default(0),
    download: bytes('download').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.period] })],
);

/** Each node's traffic per UTC day, for the console's chart (0015_console-dashboard). */
export const nodeTrafficDaily = pgTable(
  'node_traffic_daily',
  {
    nodeId: integer('node_id').notNull(),
    day: date('day').notNull(),
    upload: bytes('upload').notNull().default(0),
    download: bytes('download').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.day] })],
);

export const nodeTrafficReports = pgTable(
  'node_traffic_reports',
  {
    nodeId: integer('node_id').notNull(),
    reportId: text('report_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.reportId] })],
);

export const nodeOnlineIps = pgTable(
  'node_online_ips',
  {
    userId: integer('user_id').notNull(),
    nodeId: integer('node_id').notNull(),
    ip: text('ip').notNull(),
    seenAt: tz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId, t.ip] })],
);

// --- crypto payment (0007_crypto_pay.sql) ---

/** Token amounts in base units, as decimal strings (numeric(78,0): up to 2^256). */
const tokenAmount = (name: string) => numeric(name, { precision: 78, scale: 0 });

export const cryptoNetworks = pgTable('crypto_networks', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  rpcUrls: text('rpc_urls').array().notNull(),
  explorerUrl: text('explorer_url'),
  nativeSymbol: text('native_symbol').notNull().default('ETH'),
  confirmations: integer('confirmations').notNull(),
  receivingAddress: text('receiving_address').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const cryptoTokens = pgTable('crypto_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  symbol: text('symbol').notNull(),
  address: text('address').notNull(),
  decimals: integer('decimals').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const cryptoQuotes = pgTable('crypto_quotes', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  tokenAddress: text('token_address').notNull(),
  tokenSymbol: text('token_symbol').notNull(),
  decimals: integer('decimals').notNull(),
  amount: tokenAmount('amount').notNull(),
  receivingAddress: text('receiving_address').notNull(),
  payerAddress: text('payer_address').notNull(),
  cnyPerUsd: numeric('cny_per_usd', { precision: 12, scale: 6 }),
  fromBlock: bigint('from_block', { mode: 'number' }).notNull(),
  expiresAt: tz('expires_at').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** The account as the payer proof names it (0012_crypto-proof_payer_proof.sql). */
  accountLabel: text('account_label'),
  /** When the account proved it controls the payer address; null: nothing may pay the quote. */
  provenAt: tz('proven_at'),
  proofSignature: text('proof_signature'),
});

export type CryptoSubmissionState = 'pending' | 'accepted' | 'refused';

export const cryptoSubmissions = pgTable('crypto_submissions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  txHash: text('tx_hash').notNull(),
  state: text('state').notNull().default('pending').$type<CryptoSubmissionState>(),
  errorCode: integer('error_code'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export type CryptoTransferState = 'confirming' | 'confirmed' | 'reorged' | 'unmatched' | 'refused';

export const cryptoTransfers = pgTable('crypto_transfers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  tokenAddress: text('token_address').notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  amount: tokenAmount('amount').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  blockTime: tz('block_time').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  state: text('state').notNull().$type<CryptoTransferState>(),
  reason: text('reason'),
  confirmations: integer('confirmations').notNull().default(0),
  source: text('source').notNull().$type<'submitted' | 'watcher'>(),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** The head block at which a hash was last read from its chain (0012_crypto-rpc_chain_reads.sql). */
export const cryptoTxReads = pgTable(
  'crypto_tx_reads',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
    readBlock: bigint('read_block', { mode: 'number' }).notNull(),
    result: jsonb('result'),
    readAt: tz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.txHash] })],
);

export const cryptoWatchCursors = pgTable('crypto_watch_cursors', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

// --- KOL programme (0008_kol.sql) ---

export type PayoutNetwork = 'tron' | 'ethereum' | 'bsc' | 'polygon' | 'arbitrum';
/** 'held': booked for review (a self-referral signal matched); never matures by itself. */
export type CommissionStatus = 'held' | 'pending' | 'available' | 'settled' | 'voided';
/** The signal that held a commission (docs/kol.md, self-referral review). */
export type HoldSignal = 'device' | 'signup_ip' | 'wallet' | 'payment_account';
export type PayoutVerification = 'unverified' | 'verified' | 'rejected';

export const kolAccounts = pgTable('kol_accounts', {
  userId: integer('user_id').primaryKey(),
  firstRatePercent: integer('first_rate_percent').notNull(),
  renewalRatePercent: integer('renewal_rate_percent').notNull(),
  payoutNetwork: text('payout_network').$type<PayoutNetwork>(),
  payoutAddress: text('payout_address'),
  startedAt: tz('started_at').notNull().defaultNow(),
  endedAt: tz('ended_at'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const kolSettlements = pgTable('kol_settlements', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kolId: integer('kol_id').notNull(),
  amountCents: money('amount_cents').notNull(),
  commissionCount: integer('commission_count').notNull(),
  periodFrom: tz('period_from').notNull(),
  periodTo: tz('period_to').notNull(),
  requestedBy: text('requested_by').notNull().$type<'kol' | 'operator'>(),
  payoutNetwork: text('payout_network').notNull().$type<PayoutNetwork>(),
  payoutAddress: text('payout_address').notNull(),
  status: text('status').notNull().default('processing').$type<'processing' | 'paid'>(),
  txHash: text('tx_hash'),
  verification: text('verification').$type<PayoutVerification>(),
  verificationNote: text('verification_note'),
  /** Why the hash is not (yet) verified: a value the console words (migration 0024). */
  verificationReason: jsonb('verification_reason').$type<PayoutCheckReason>(),
  paidAt: tz('paid_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const kolPayoutRecords = pgTable('kol_payout_records', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
  txHash: text('tx_hash').notNull(),
  verification: text('verification').notNull().$type<PayoutVerification>(),
  note: text('note').notNull().default(''),
  reason: jsonb('reason').$type<PayoutCheckReason>(),
  recordedAt: tz('recorded_at').notNull().defaultNow(),
});

export const kolCommissions = pgTable('kol_commissions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kolId: integer('kol_id').notNull(),
  inviteeId: integer('invitee_id').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull().$type<'commission' | 'clawback'>(),
  reversesId: bigint('reverses_id', { mode: 'number' }),
  purchaseType: smallint('purchase_type').notNull().$type<0 | 1>(),
  ratePercent: integer('rate_percent').notNull(),
  paidAmount: money('paid_amount').notNull(),
  paidCurrency: text('paid_currency').notNull().$type<Currency>(),
  usdRateMicros: money('usd_rate_micros').notNull(),
  paidUsdCents: money('paid_usd_cents').notNull(),
  commissionCents: money('commission_cents').notNull(),
  status: text('status').notNull().$type<CommissionStatus>(),
  availableAt: tz('available_at').notNull(),
  settlementId: bigint('settlement_id', { mode: 'number' }),
  voidReason: text('void_reason'),
  voidedAt: tz('voided_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** Why it was held for review at booking (0012_kol-review): kept after the review. */
  holdSignal: text('hold_signal').$type<HoldSignal>(),
  holdDetail: text('hold_detail'),
  /** When an operator confirmed a held commission, and the reason given. */
  reviewedAt: tz('reviewed_at'),
  reviewNote: text('review_note'),
});

export type GroupRowState = 'awaiting_payment' | 'open' | 'finished' | 'ended' | 'void';
export type GroupMemberRowState =
  'reserved' | 'paid' | 'joined' | 'released' | 'refunded' | 'refund_due';

export const groupPrices = pgTable(
  'group_prices',
  {
    planId: integer('plan_id').notNull(),
    size: smallint('size').notNull().$type<2 | 3>(),
    currency: text('currency').notNull().$type<Currency>(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.size, t.currency] })],
);

export const groupBuys = pgTable('group_buys', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  groupNo: text('group_no').notNull(),
  inviteToken: text('invite_token').notNull(),
  creatorId: integer('creator_id').notNull(),
  planId: integer('plan_id').notNull(),
  groupType: smallint('group_type').notNull().$type<1 | 2>(),
  months: integer('months').notNull(),
  durationDays: integer('duration_days').notNull(),
  maxDevices: integer('max_devices').notNull(),
  size: smallint('size').notNull().$type<2 | 3>(),
  paymentType: smallint('payment_type').notNull().$type<0 | 1>(),
  currency: text('currency').notNull().$type<Currency>(),
  seatPrice: money('seat_price').notNull(),
  state: text('state').notNull().default('awaiting_payment').$type<GroupRowState>(),
  createdAt: tz('created_at').notNull().defaultNow(),
  openedAt: tz('opened_at'),
  endsAt: tz('ends_at'),
  completedAt: tz('completed_at'),
  endedAt: tz('ended_at'),
  redeemBatchId: integer('redeem_batch_id'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const groupMembers = pgTable('group_members', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  groupId: bigint('group_id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull(),
  isCreator: boolean('is_creator').notNull().default(false),
  orderId: bigint('order_id', { mode: 'number' }),
  state: text('state').notNull().$type<GroupMemberRowState>(),
  createdAt: tz('created_at').notNull().defaultNow(),
  paidAt: tz('paid_at'),
  releasedAt: tz('released_at'),
  refundedAt: tz('refunded_at'),
  grantedAt: tz('granted_at'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Console staff (0013_console-door_staff.sql; docs/console.md): never a member. */
export const staff = pgTable('staff', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull(),
  role: text('role').notNull().$type<'owner' | 'finance' | 'support' | 'content'>(),
  passwordHash: text('password_hash'),
  totpSecret: text('totp_secret'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const staffEnrolments = pgTable('staff_enrolments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  staffId: integer('staff_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  totpSecret: text('totp_secret'),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** A member's single-use recovery codes for two-step sign-in, hashed (0017_account-security). */
export const userRecoveryCodes = pgTable('user_recovery_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const staffRecoveryCodes = pgTable('staff_recovery_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  staffId: integer('staff_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const staffSessions = pgTable('staff_sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  staffId: integer('staff_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  csrfToken: text('csrf_token').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: tz('created_at').notNull(),
  lastSeenAt: tz('last_seen_at').notNull(),
  secondFactorAt: tz('second_factor_at').notNull(),
  revokedAt: tz('revoked_at'),
});

export type AuditActorKind = 'staff' | 'cli' | 'anonymous';

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: tz('at').notNull().defaultNow(),
  actorKind: text('actor_kind').notNull().$type<AuditActorKind>(),
  actorStaffId: integer('actor_staff_id'),
  actorUsername: text('actor_username'),
  ip: text('ip'),
  action: text('action').notNull(),
  target: text('target'),
  before: jsonb('before'),
  after: jsonb('after'),
});

/** Outage compensations: one per submission key (0014_console-users_bulk_extensions.sql). */
export const bulkExtensions = pgTable('bulk_extensions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull(),
  days: integer('days').notNull(),
  reason: text('reason').notNull(),
  extended: integer('extended').notNull().default(0),
  appliedAt: tz('applied_at').notNull().defaultNow(),
});

/** Announcements to members (0016_console-notices_announcements.sql; docs/console.md "Content"). */
export const announcements = pgTable('announcements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyZh: text('body_zh').notNull(),
  startsAt: tz('starts_at'),
  endsAt: tz('ends_at'),
  banner: boolean('banner').notNull().default(false),
  withdrawnAt: tz('withdrawn_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** A member's state of one announcement: read, and its banner dismissed (one row per pair). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: integer('user_id').notNull(),
    announcementId: integer('announcement_id').notNull(),
    readAt: tz('read_at'),
    dismissedAt: tz('dismissed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/** A member's passkeys (migration 0025, server/accounts/passkeys.ts). */
export const userPasskeys = pgTable('user_passkeys', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  /** base64url, as the browser names the credential. */
  credentialId: text('credential_id').notNull(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastUsedAt: tz('last_used_at'),
});

/** WebAuthn challenges, single use, five minutes (migration 0025). */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').$type<'register' | 'sign-in'>().notNull(),
  userId: integer('user_id'),
  expiresAt: tz('expires_at').notNull(),
});
