/**
 * Payment test helpers: an app whose sandbox signs with a known secret, orders bought through the
 * real purchase call, and notifications posted to the real notify routes.
 */
import { eq } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppOverrides } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/database';
import { membershipGrants, orders, paymentFlags, payments, users } from '../../../server/db/schema';
import { epaySign } from '../../../server/gateways/epay';
import { createPaymentGateways, type ConfiguredGateways } from '../../../server/gateways/registry';
import { createSandboxGateway } from '../../../server/gateways/sandbox';
import type { Params } from '../../../server/gateways/signing';
import { registerByUsername, type Registered } from './accounts';
import type { ApiClient } from './api-client';
import { expectOk, purchase } from './store';
import { fakeEpay, fakeStripe, type FakeEpay, type FakeStripe } from './fake-gateway-servers';
import { useStarted, useTestApp, type TestApp } from './test-app';
import type { DbVariant } from './test-databases';

export const SANDBOX_SECRET = 'sandbox-secret-for-tests-0123456789';

/**
 * The registry a TEST app builds (the sandbox signing with SANDBOX_SECRET), made here so that a test
 * can hand it to the app (`overrides.paymentGateways`) and also refund or reconcile through it.
 */
export function testPaymentGateways(): Promise<ConfiguredGateways> {
  return createPaymentGateways(loadConfig({ APP_ENV: 'TEST', SANDBOX_SECRET, DATA_DIR: tmpdir() }));
}

export interface SandboxTestApp extends TestApp {
  /** The registry the app pays through, for refunds and reconciliation run beside it. */
  readonly gateways: ConfiguredGateways;
}

/**
 * The app of a describe block (useTestApp) paying through `testPaymentGateways()`, whose sandbox
 * verifies and records notifications as the real one does; further overrides join the gateways.
 */
export function useSandboxApp(
  variant: DbVariant,
  overrides: Omit<AppOverrides, 'paymentGateways'> = {},
): SandboxTestApp {
  let gateways: ConfiguredGateways | undefined;
  const t = useTestApp(variant, async () => {
    gateways = await testPaymentGateways();
    return { env: { SANDBOX_SECRET }, overrides: { ...overrides, paymentGateways: gateways } };
  });
  return Object.defineProperty(t, 'gateways', {
    get: () => {
      if (!gateways) throw new Error('the gateways are read before the app has started');
      return gateways;
    },
  }) as SandboxTestApp;
}

/** Signs like the app's sandbox (same secret): what a real sandbox notification looks like. */
export const testSandbox = createSandboxGateway({ secret: SANDBOX_SECRET, origin: undefined });

export interface BoughtOrder {
  readonly user: Registered;
  readonly orderNo: string;
  readonly amount: number;
  readonly currency: 'CNY' | 'USD';
  readonly payUrl: string;
}

export async function buyOrder(
  api: ApiClient,
  options: {
    user?: Registered;
    productId?: number;
    currency?: 'CNY' | 'USD';
    method?: string;
    couponCode?: string;
    language?: 'en' | 'zh_CN';
  } = {},
): Promise<BoughtOrder> {
  const user = options.user ?? (await registerByUsername(api));
  const currency = options.currency ?? 'CNY';
  const data = expectOk(
    await purchase(
      api,
      user.token,
      {
        productId: options.productId ?? 101,
        currency,
        method: options.method ?? 'alipay',
        ...(options.couponCode ? { couponCode: options.couponCode } : {}),
      },
      options.language ?? 'en',
    ),
  );
  return {
    user,
    orderNo: data.orderId,
    amount: data.total.amount,
    currency,
    payUrl: data.payUrl,
  };
}

/** A signed sandbox notification for the order (override any field before signing). */
export function sandboxNotification(
  order: { orderNo: string; amount: number; currency: string },
  fields: Partial<Record<string, string>> = {},
  nowMs = Date.now(),
): Params {
  const base: Record<string, string> = {
    out_trade_no: order.orderNo,
    trade_no: `SBX${order.orderNo}`,
    amount: String(order.amount),
    currency: order.currency,
    status: 'paid',
    timestamp: String(Math.floor(nowMs / 1000)),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) base[key] = value;
  return testSandbox.sign(base);
}

export async function postForm(app: FastifyInstance, url: string, params: Params) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params as Record<string, string>).toString(),
  });
}

export async function orderOf(db: Db, orderNo: string) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}

export async function paymentsOf(db: Db, orderNo: string) {
  const order = await orderOf(db, orderNo);
  if (!order) return [];
  return db.select().from(payments).where(eq(payments.orderId, order.id));
}

export async function flagsOf(db: Db, orderNo: string) {
  const order = await orderOf(db, orderNo);
  if (!order) return [];
  return db.select().from(paymentFlags).where(eq(paymentFlags.orderId, order.id));
}

/** The order's `refund_started` flags still open: a refund whose outcome is not known yet. */
export async function openRefundFlags(db: Db, orderNo: string) {
  return (await flagsOf(db, orderNo)).filter((f) => f.reason === 'refund_started' && !f.resolvedAt);
}

export async function grantsOf(db: Db, userId: number) {
  return db.select().from(membershipGrants).where(eq(membershipGrants.userId, userId));
}

export async function userOf(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** Everything a notification could change, for "nothing changed" comparisons. */
export async function snapshot(db: Db) {
  const [o, p, f, g, u] = await Promise.all([
    db.select().from(orders),
    db.select().from(payments),
    db.select().from(paymentFlags),
    db.select().from(membershipGrants),
    db.select({ id: users.id, expire: users.expireTime, plan: users.planType }).from(users),
  ]);
  const sort = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  return { orders: sort(o), payments: sort(p), flags: sort(f), grants: sort(g), users: sort(u) };
}

/** The merchant a test's EPay gateway is configured with. */
export const EPAY_PID = '1001';
export const EPAY_KEY = 'epay-merchant-key-for-tests';

/** The app's EPay settings for the local stand-in `epay` (merchant EPAY_PID signing with EPAY_KEY). */
export function epayEnv(epay: { readonly url: string }): Record<string, string> {
  return {
    EPAY_URL: epay.url,
    EPAY_PID,
    EPAY_KEY,
    EPAY_REFUND_URL: `${epay.url}/api.php?act=refund`,
  };
}

/** A successful EPay notification of the order, signed with `key` (a wrong key forges one). */
export function epayNotification(
  order: { orderNo: string; amount: number },
  fields: Record<string, string> = {},
  key = EPAY_KEY,
): Record<string, string> {
  const params: Record<string, string> = {
    pid: EPAY_PID,
    trade_no: `2026112200${order.orderNo.slice(-8)}`,
    out_trade_no: order.orderNo,
    type: 'alipay',
    name: 'Standard, 1 month',
    money: (order.amount / 100).toFixed(2),
    trade_status: 'TRADE_SUCCESS',
    ...fields,
  };
  return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
}

export interface GatewayStandIns {
  /** The EPay aggregator, merchant EPAY_PID signing with EPAY_KEY. */
  readonly epay: FakeEpay;
  readonly stripe: FakeStripe;
}

/** Local stand-ins of the EPay and Stripe APIs for a describe block: started before its tests, closed after. */
export function useGatewayStandIns(stripeSecretKey: string): GatewayStandIns {
  const epay = useStarted(
    'EPay stand-in',
    () => fakeEpay(EPAY_PID, EPAY_KEY),
    (s) => s.close(),
  );
  const stripe = useStarted(
    'Stripe stand-in',
    () => fakeStripe(stripeSecretKey),
    (s) => s.close(),
  );
  return {
    get epay() {
      return epay();
    },
    get stripe() {
      return stripe();
    },
  };
}
