/**
 * The store through the real app (PGlite and PostgreSQL): goods list, promo code check, purchase,
 * idempotency, pending cap, orders, cancel, expiry and a failing gateway. Every refusal is checked
 * for its translated message and for changing nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { Errors, type ErrorKey } from '../../contract';
import type { Order } from '../../contract/endpoints/payment';
import { upsertNetwork } from '../../server/admin/crypto-admin';
import { couponRedemptions, cryptoNetworks, orders, plans, users } from '../../server/db/schema';
import { closeExpiredOrders } from '../../server/store/orders';
import { registerByUsername, type Registered } from './helpers/accounts';
import type { CallResult } from './helpers/api-client';
import {
  couponRow,
  expectOk,
  fakeGateways,
  makeCoupon,
  newKey,
  orderRow,
  purchase,
  type FakeGateways,
  cancelOrder,
} from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

function expectError(result: CallResult, key: ErrorKey, language: 'en' | 'zh_CN' = 'en') {
  expect(result.httpStatus).toBe(key === 'UNAUTHORIZED' ? 401 : 200);
  expect(result.body.code).toBe(Errors[key].code);
  expect(result.body.msg).toBe(Errors[key][language]);
  expect(result.body.status).toBe(key);
}

interface ShopData {
  goods: {
    productId: number;
    groupType: number;
    months: number;
    durationDays: number;
    maxDevices: number;
    recommended: boolean;
    prices: { amount: number; currency: string }[];
  }[];
  methods: { method: string; recommended: boolean }[];
  cryptoPay: boolean;
  conversionPercent: number;
  groupBuy: { enabled: boolean; hours: number };
  membership: { planType: number | null; expireTime: string | null } | null;
  serverTime: string;
}

interface CouponData {
  code: string;
  subtotal: { amount: number; currency: string };
  discount: { amount: number; currency: string };
  total: { amount: number; currency: string };
}

describe.each(variants)('store orders on $name', (variant) => {
  let t: TestApp;
  let fake: FakeGateways;
  let user: Registered;
  beforeAll(async () => {
    fake = fakeGateways();
    t = await startTestApp(variant, { overrides: { paymentGateways: fake.gateways } });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    fake.failing = false;
    fake.delayMs = 0;
    user = await registerByUsername(t.api);
  });
  const db = () => t.app.kestrel.database.db;
  const orderCount = async (userId: number) =>
    (await db().select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;
  const listOrders = async (token: string, orderId?: string, language: 'en' | 'zh_CN' = 'en') =>
    expectOk(
      await t.api.call<{ orders: Order[]; serverTime: string }>(
        '/api/payment/payment_order',
        orderId === undefined ? {} : { orderId },
        { token, language },
      ),
    ).orders;
  const checkCoupon = (token: string, params: Record<string, unknown>, language?: 'en' | 'zh_CN') =>
    t.api.call<CouponData>(
      '/api/payment/payment_coupon',
      { productId: 104, currency: 'CNY', ...params },
      { token, ...(language ? { language } : {}) },
    );

  describe('payment_shop', () => {
    it('lists the demo plans in order with prices, methods and switches; null membership for a visitor', async () => {
      const data = expectOk(await t.api.call<ShopData>('/api/payment/payment_shop'));
      expect(data.goods.map((g) => g.productId)).toEqual([101, 102, 103, 104, 201, 202, 203, 204]);
      const standardYear = data.goods.find((g) => g.productId === 104)!;
      expect(standardYear).toEqual({
        productId: 104,
        groupType: 1,
        months: 12,
        durationDays: 365,
        maxDevices: 5,
        recommended: true,
        prices: [
          { amount: 28800, currency: 'CNY' },
          { amount: 4799, currency: 'USD' },
        ],
        // One seat in a group: 15 % off for 2, 25 % off for 3 (docs/group-buy.md).
        groupPrices: [
          {
            size: 2,
            prices: [
              { amount: 24480, currency: 'CNY' },
              { amount: 4079, currency: 'USD' },
            ],
          },
          {
            size: 3,
            prices: [
              { amount: 21600, currency: 'CNY' },
              { amount: 3599, currency: 'USD' },
            ],
          },
        ],
      });
      expect(data.groupBuy).toEqual({ enabled: true, hours: 24 });
      expect(data.goods.filter((g) => g.recommended).map((g) => g.productId)).toEqual([104, 204]);
      expect(data.goods.find((g) => g.productId === 201)!.maxDevices).toBe(2);
      // Longer terms cost less a month.
      for (const groupType of [1, 2]) {
        const monthly = data.goods
          .filter((g) => g.groupType === groupType)
          .map((g) => g.prices[0]!.amount / g.months);
        expect([...monthly].sort((a, b) => b - a)).toEqual(monthly);
      }
      expect(data.methods).toEqual([
        { method: 'alipay', recommended: true },
        { method: 'wechat', recommended: false },
        { method: 'card', recommended: false },
      ]);
      expect(data.cryptoPay).toBe(false);
      expect(data.conversionPercent).toBe(50);
      expect(data.membership).toBeNull();
      expect(Math.abs(Date.parse(data.serverTime) - Date.now())).toBeLessThan(60_000);
    });

    it('offers crypto only while the operator has a network with a token configured', async () => {
      const bnbChain = {
        chainId: 56,
        name: 'BNB Chain',
        rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
        confirmations: 15,
        receivingAddress: `0x${'12'.repeat(20)}`,
      };
      await upsertNetwork(db(), { ...bnbChain, tokens: [] });
      // A network without a token takes no payment.
      expect(expectOk(await t.api.call<ShopData>('/api/payment/payment_shop')).cryptoPay).toBe(
        false,
      );
      await upsertNetwork(db(), {
        ...bnbChain,
        tokens: [{ symbol: 'USDT', address: `0x${'55'.repeat(20)}`, decimals: 18 }],
      });
      try {
        expect(expectOk(await t.api.call<ShopData>('/api/payment/payment_shop')).cryptoPay).toBe(
          true,
        );
      } finally {
        await db()
          .update(cryptoNetworks)
          .set({ enabled: false })
          .where(eq(cryptoNetworks.chainId, 56));
      }
      expect(expectOk(await t.api.call<ShopData>('/api/payment/payment_shop')).cryptoPay).toBe(
        false,
      );
    });

    it('filters by group (string form too), leaves out disabled plans, shows the caller membership', async () => {
      const lite = expectOk(
        await t.api.call<ShopData>('/api/payment/payment_shop', { groupType: '2' }),
      );
      expect(lite.goods.map((g) => g.productId)).toEqual([201, 202, 203, 204]);
      await db().update(plans).set({ active: false }).where(eq(plans.id, 202));
      try {
        const mine = expectOk(
          await t.api.call<ShopData>('/api/payment/payment_shop', {}, { token: user.token }),
        );
        expect(mine.goods.map((g) => g.productId)).not.toContain(202);
        expect(mine.membership).toEqual({ planType: null, expireTime: null });
        const member = await registerByUsername(t.api);
        const expireTime = new Date(Date.now() + 10 * 86_400_000);
        await db()
          .update(users)
          .set({ planType: 2, expireTime })
          .where(eq(users.id, member.userId));
        const theirs = expectOk(
          await t.api.call<ShopData>('/api/payment/payment_shop', {}, { token: member.token }),
        );
        expect(theirs.membership).toEqual({ planType: 2, expireTime: expireTime.toISOString() });
      } finally {
        await db().update(plans).set({ active: true }).where(eq(plans.id, 202));
      }
    });
  });

  describe('payment_coupon', () => {
    it('prices a percent code (any case, spaces trimmed) and a fixed CNY code; reserves nothing', async () => {
      const percent = expectOk(await checkCoupon(user.token, { code: '  welcome10 ' }));
      expect(percent).toEqual({
        code: 'WELCOME10',
        subtotal: { amount: 28800, currency: 'CNY' },
        discount: { amount: 2880, currency: 'CNY' },
        total: { amount: 25920, currency: 'CNY' },
      });
      const usd = expectOk(await checkCoupon(user.token, { code: 'WELCOME10', currency: 'USD' }));
      expect(usd.discount).toEqual({ amount: 479, currency: 'USD' });
      const before = await couponRow(db(), 'SAVE20CNY');
      const fixed = expectOk(await checkCoupon(user.token, { code: 'save20cny', productId: 103 }));
      expect(fixed.total).toEqual({ amount: 13600, currency: 'CNY' });
      expect((await couponRow(db(), 'SAVE20CNY')).usedCount).toBe(before.usedCount);
    });

    it('never discounts below one minor unit', async () => {
      const code = await makeCoupon(db(), {
        kind: 'fixed',
        percentOff: null,
        amountOff: 999_999,
        currency: 'USD',
      });
      const data = expectOk(
        await checkCoupon(user.token, { code, productId: 101, currency: 'USD' }),
      );
      expect(data.total.amount).toBe(1);
      expect(data.discount.amount).toBe(498);
    });

    it('refuses each rule with its translated message', async () => {
      const day = 86_400_000;
      const cases: [Record<string, unknown>, ErrorKey][] = [
        [{ code: 'NO-SUCH-CODE' }, 'COUPON_INVALID'],
        [{ code: '   ' }, 'REQUIRED_PROMO_CODE'],
        [{ code: 'SAVE20CNY', currency: 'USD' }, 'COUPON_WRONG_CURRENCY'],
        [{ code: 'SAVE20CNY', productId: 101 }, 'COUPON_NOT_FOR_PLAN'],
        [{ code: 'WELCOME10', productId: 999 }, 'INVALID_PRODUCT_ID'],
        [
          { code: await makeCoupon(db(), { startsAt: new Date(Date.now() + day) }) },
          'COUPON_NOT_STARTED',
        ],
        [
          { code: await makeCoupon(db(), { endsAt: new Date(Date.now() - 1000) }) },
          'COUPON_EXPIRED',
        ],
        [{ code: await makeCoupon(db(), { active: false }) }, 'COUPON_INVALID'],
        [{ code: await makeCoupon(db(), { maxUses: 2, usedCount: 2 }) }, 'COUPON_USED_UP'],
      ];
      for (const [params, key] of cases) {
        expectError(await checkCoupon(user.token, params), key);
        expectError(await checkCoupon(user.token, params, 'zh_CN'), key, 'zh_CN');
      }
      expectError(
        await t.api.call('/api/payment/payment_coupon', {
          productId: 104,
          currency: 'CNY',
          code: 'WELCOME10',
        }),
        'UNAUTHORIZED',
      );
    });

    it('counts the per-user limit over live orders only', async () => {
      const code = await makeCoupon(db(), { perUserLimit: 1 });
      const bought = expectOk(await purchase(t.api, user.token, { couponCode: code }));
      expectError(await checkCoupon(user.token, { code }), 'COUPON_USER_LIMIT');
      expectError(await purchase(t.api, user.token, { couponCode: code }), 'COUPON_USER_LIMIT');
      await cancelOrder(t.api, user.token, bought.orderId);
      expectOk(await checkCoupon(user.token, { code }));
    });
  });

  describe('payment_purchase', () => {
    it('creates a pending order with the price locked, hands it to the gateway and lists it', async () => {
      const key = newKey();
      const started = Date.now();
      const data = expectOk(
        await purchase(
          t.api,
          user.token,
          { couponCode: 'welcome10', idempotencyKey: key },
          'zh_CN',
        ),
      );
      expect(data.orderId).toMatch(/^K\d{8}[0-9A-Z]{10}$/);
      expect(data.payUrl).toBe(`https://pay.test/checkout/${data.orderId}`);
      expect(data.total).toEqual({ amount: 25920, currency: 'CNY' });
      const ttl = Date.parse(data.expiresAt) - started;
      expect(ttl).toBeGreaterThan(29 * 60_000);
      expect(ttl).toBeLessThan(31 * 60_000);
      const handed = fake.created.at(-1)!;
      expect(handed).toMatchObject({
        orderNo: data.orderId,
        amount: 25920,
        currency: 'CNY',
        method: 'alipay',
        subject: '标准版 · 12 个月',
        language: 'zh_CN',
        returnUrl: `/purchased?orderId=${data.orderId}`,
      });
      const row = await orderRow(db(), data.orderId);
      expect(row).toMatchObject({
        status: 'pending',
        subtotal: 28800,
        discount: 2880,
        total: 25920,
        gateway: 'sandbox',
        gatewayRef: `ref-${data.orderId}`,
        durationDays: 365,
        maxDevices: 5,
      });
      expect((await couponRow(db(), 'WELCOME10')).usedCount).toBeGreaterThanOrEqual(1);

      const [listed] = await listOrders(user.token);
      expect(listed).toMatchObject({
        orderId: data.orderId,
        productId: 104,
        groupType: 1,
        months: 12,
        product: 'Standard, 12 months',
        method: 'alipay',
        subtotal: { amount: 28800, currency: 'CNY' },
        discount: { amount: 2880, currency: 'CNY' },
        total: { amount: 25920, currency: 'CNY' },
        couponCode: 'WELCOME10',
        status: 'pending',
        paidAt: null,
        payUrl: data.payUrl,
        groupOrder: false,
      });
      const [zh] = await listOrders(user.token, data.orderId, 'zh_CN');
      expect(zh!.product).toBe('标准版 · 12 个月');

      // A price change later does not touch the order.
      await db().execute(
        sql`UPDATE plan_prices SET amount = 99900 WHERE plan_id = 104 AND currency = 'CNY'`,
      );
      try {
        const [again] = await listOrders(user.token);
        expect(again!.total.amount).toBe(25920);
        expect(again!.subtotal.amount).toBe(28800);
      } finally {
        await db().execute(
          sql`UPDATE plan_prices SET amount = 28800 WHERE plan_id = 104 AND currency = 'CNY'`,
        );
      }
    });

    it('the same key returns the same order; different params with it are refused', async () => {
      const key = newKey();
      const first = expectOk(await purchase(t.api, user.token, { idempotencyKey: key }));
      const calls = fake.created.length;
      const again = expectOk(await purchase(t.api, user.token, { idempotencyKey: key }));
      expect(again).toEqual(first);
      expect(fake.created.length).toBe(calls);
      for (const changed of [
        { productId: 103 },
        { method: 'wechat' },
        { currency: 'USD' },
        { couponCode: 'WELCOME10' },
      ]) {
        expectError(
          await purchase(t.api, user.token, { idempotencyKey: key, ...changed }),
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
      expect(await orderCount(user.userId)).toBe(1);
      // Keys belong to one user: another user's same key is a new order.
      const other = await registerByUsername(t.api);
      const theirs = expectOk(await purchase(t.api, other.token, { idempotencyKey: key }));
      expect(theirs.orderId).not.toBe(first.orderId);
    });

    it('a repeated key after the order moved on: paid goes to the result page, cancelled is closed', async () => {
      const paidKey = newKey();
      const paid = expectOk(await purchase(t.api, user.token, { idempotencyKey: paidKey }));
      await db()
        .update(orders)
        .set({ status: 'paid', paidAt: new Date() })
        .where(eq(orders.orderNo, paid.orderId));
      const again = expectOk(await purchase(t.api, user.token, { idempotencyKey: paidKey }));
      expect(again).toEqual({ ...paid, payUrl: `/purchased?orderId=${paid.orderId}` });

      const cancelKey = newKey();
      const cancelled = expectOk(await purchase(t.api, user.token, { idempotencyKey: cancelKey }));
      expectOk(await cancelOrder(t.api, user.token, cancelled.orderId));
      expectError(await purchase(t.api, user.token, { idempotencyKey: cancelKey }), 'ORDER_CLOSED');
      expectError(
        await purchase(t.api, user.token, { idempotencyKey: cancelKey }, 'zh_CN'),
        'ORDER_CLOSED',
        'zh_CN',
      );
      expect(await orderCount(user.userId)).toBe(2);
    });

    it('ten parallel calls with one key create one order and one gateway payment', async () => {
      const key = newKey();
      fake.delayMs = 150;
      const calls = fake.created.length;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => purchase(t.api, user.token, { idempotencyKey: key })),
      );
      const ids = new Set(results.map((r) => expectOk(r).orderId));
      expect(ids.size).toBe(1);
      expect(fake.created.length - calls).toBe(1);
      expect(await orderCount(user.userId)).toBe(1);
    });

    it('refuses bad products, currencies, methods and visitors, creating nothing', async () => {
      await db().update(plans).set({ active: false }).where(eq(plans.id, 203));
      try {
        const cases: [Record<string, unknown>, ErrorKey][] = [
          [{ productId: 999 }, 'INVALID_PRODUCT_ID'],
          [{ productId: 203 }, 'INVALID_PRODUCT_ID'],
          [{ method: 'unionpay' }, 'PAYMENT_METHOD_UNAVAILABLE'],
          [{ couponCode: 'NOPE' }, 'COUPON_INVALID'],
          [{ couponCode: 'SAVE20CNY', currency: 'USD' }, 'COUPON_WRONG_CURRENCY'],
          [{ method: 'bitcoin' }, 'BAD_REQUEST'],
          [{ idempotencyKey: 'short' }, 'BAD_REQUEST'],
        ];
        for (const [params, key] of cases) {
          expectError(await purchase(t.api, user.token, params), key);
          expectError(await purchase(t.api, user.token, params, 'zh_CN'), key, 'zh_CN');
        }
        expectError(
          await t.api.call('/api/payment/payment_purchase', {
            productId: 104,
            method: 'alipay',
            currency: 'CNY',
            idempotencyKey: newKey(),
          }),
          'UNAUTHORIZED',
        );
        expect(await orderCount(user.userId)).toBe(0);
      } finally {
        await db().update(plans).set({ active: true }).where(eq(plans.id, 203));
      }
    });

    it('allows five unpaid orders at once; a cancelled one frees a place', async () => {
      const made = [];
      for (let i = 0; i < 5; i += 1) made.push(expectOk(await purchase(t.api, user.token)));
      expectError(await purchase(t.api, user.token), 'TOO_MANY_PENDING_ORDERS');
      expectError(
        await purchase(t.api, user.token, {}, 'zh_CN'),
        'TOO_MANY_PENDING_ORDERS',
        'zh_CN',
      );
      expect(await orderCount(user.userId)).toBe(5);
      expectOk(await cancelOrder(t.api, user.token, made[0]!.orderId));
      expectOk(await purchase(t.api, user.token));
    });
  });

  describe('gateway failure', () => {
    it('fails the order, releases the code, says GATEWAY_UNAVAILABLE; the same key repeats that; a new key works', async () => {
      const code = await makeCoupon(db(), { maxUses: 1 });
      fake.failing = true;
      const key = newKey();
      expectError(
        await purchase(t.api, user.token, { couponCode: code, idempotencyKey: key }),
        'GATEWAY_UNAVAILABLE',
      );
      const [failed] = await db().select().from(orders).where(eq(orders.userId, user.userId));
      expect(failed).toMatchObject({ status: 'failed', payUrl: null });
      expect(failed!.closedAt).not.toBeNull();
      expect((await couponRow(db(), code)).usedCount).toBe(0);
      const [redemption] = await db()
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, failed!.id));
      expect(redemption!.releasedAt).not.toBeNull();

      fake.failing = false;
      const calls = fake.created.length;
      expectError(
        await purchase(t.api, user.token, { couponCode: code, idempotencyKey: key }, 'zh_CN'),
        'GATEWAY_UNAVAILABLE',
        'zh_CN',
      );
      expect(fake.created.length).toBe(calls);
      const retried = expectOk(await purchase(t.api, user.token, { couponCode: code }));
      expect(retried.total.amount).toBe(25920);
      expect((await couponRow(db(), code)).usedCount).toBe(1);
      expect((await listOrders(user.token)).map((o) => o.status)).toEqual(['pending', 'failed']);
    });
  });

  describe('cancel', () => {
    it('cancels an unpaid order once and releases its code once', async () => {
      const code = await makeCoupon(db(), { maxUses: 3 });
      const data = expectOk(await purchase(t.api, user.token, { couponCode: code }));
      expect((await couponRow(db(), code)).usedCount).toBe(1);
      const cancel = () => cancelOrder(t.api, user.token, data.orderId);
      const first = expectOk(await cancel());
      expect(first.order).toMatchObject({
        orderId: data.orderId,
        status: 'cancelled',
        payUrl: null,
      });
      const twice = await Promise.all([cancel(), cancel()]);
      for (const r of twice) expect(expectOk(r).order.status).toBe('cancelled');
      expect((await couponRow(db(), code)).usedCount).toBe(0);
    });

    it('refuses a paid order and another user order, changing nothing', async () => {
      const data = expectOk(await purchase(t.api, user.token));
      const other = await registerByUsername(t.api);
      expectError(await cancelOrder(t.api, other.token, data.orderId), 'ORDER_NOT_FOUND');
      expectError(
        await t.api.call(
          '/api/payment/payment_order',
          { orderId: data.orderId },
          { token: other.token, language: 'zh_CN' },
        ),
        'ORDER_NOT_FOUND',
        'zh_CN',
      );
      expect((await orderRow(db(), data.orderId)).status).toBe('pending');
      await db()
        .update(orders)
        .set({ status: 'paid', paidAt: new Date() })
        .where(eq(orders.orderNo, data.orderId));
      expectError(await cancelOrder(t.api, user.token, data.orderId), 'ORDER_NOT_CANCELLABLE');
      expect((await orderRow(db(), data.orderId)).status).toBe('paid');
    });
  });

  describe('expiry', () => {
    it('payment_order closes the caller overdue orders first and releases their codes', async () => {
      const code = await makeCoupon(db(), { maxUses: 1 });
      const key = newKey();
      const data = expectOk(
        await purchase(t.api, user.token, { couponCode: code, idempotencyKey: key }),
      );
      await db()
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.orderNo, data.orderId));
      const [listed] = await listOrders(user.token);
      expect(listed).toMatchObject({ orderId: data.orderId, status: 'expired', payUrl: null });
      expect((await couponRow(db(), code)).usedCount).toBe(0);
      // The same purchase key now says the order expired.
      expectError(
        await purchase(t.api, user.token, { couponCode: code, idempotencyKey: key }),
        'ORDER_EXPIRED',
      );
      // The released use is available to someone else.
      const other = await registerByUsername(t.api);
      expectOk(await purchase(t.api, other.token, { couponCode: code }));
    });

    it('closeExpiredOrders expires every overdue order once and leaves the rest', async () => {
      const due = expectOk(await purchase(t.api, user.token));
      const live = expectOk(await purchase(t.api, user.token));
      await db()
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.orderNo, due.orderId));
      const closed = await closeExpiredOrders(db(), new Date());
      expect(closed).toContain(due.orderId);
      expect(closed).not.toContain(live.orderId);
      expect(await closeExpiredOrders(db(), new Date())).not.toContain(due.orderId);
      expect((await orderRow(db(), due.orderId)).status).toBe('expired');
      expect((await orderRow(db(), live.orderId)).status).toBe('pending');
    });

    it('the dev route expires an order now (outside PROD)', async () => {
      const data = expectOk(await purchase(t.api, user.token, { couponCode: 'WELCOME10' }));
      const before = (await couponRow(db(), 'WELCOME10')).usedCount;
      const response = await t.app.inject({
        method: 'POST',
        url: `/dev/orders/${data.orderId}/expire`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ orderId: data.orderId, status: 'expired' });
      expect((await couponRow(db(), 'WELCOME10')).usedCount).toBe(before - 1);
      const missing = await t.app.inject({ method: 'POST', url: '/dev/orders/K000/expire' });
      expect(missing.statusCode).toBe(404);
    });
  });
});

describe('store in PROD', () => {
  it(
    'has no dev expire route; without a real gateway no method is offered and purchases are refused',
    async () => {
      const [pglite] = variants;
      const t = await startTestApp(pglite!, { env: { APP_ENV: 'PROD' } });
      try {
        expect(t.app.hasRoute({ method: 'POST', url: '/dev/orders/:orderNo/expire' })).toBe(false);
        const shop = expectOk(
          await t.api.call<{ goods: unknown[]; methods: unknown[] }>('/api/payment/payment_shop'),
        );
        expect(shop.goods).toHaveLength(8);
        expect(shop.methods).toEqual([]);
        // The variant's database may hold the demo's paid orders (the KOL demo seeds some): the
        // refused purchase must add none.
        const ordersBefore = await t.app.kestrel.database.db.select().from(orders);
        const user = await registerByUsername(t.api);
        expectError(await purchase(t.api, user.token), 'PAYMENT_METHOD_UNAVAILABLE');
        expect(await t.app.kestrel.database.db.select().from(orders)).toEqual(ordersBefore);
      } finally {
        await t.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
