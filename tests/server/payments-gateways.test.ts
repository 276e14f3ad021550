/**
 * EPay and Stripe Checkout against local stand-ins of their APIs (never the internet), through the
 * real app on PGlite and PostgreSQL: the signed hand-off, notifications and webhooks (Stripe's own
 * test header), reconciliation asking the gateway, and refunds.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Errors } from '../../contract';
import { orders } from '../../server/db/schema';
import { createEpayGateway, epaySign } from '../../server/gateways/epay';
import { GatewayError, paymentGatewaysOf } from '../../server/gateways/gateway';
import { reconcileOnce } from '../../server/payments/reconcile';
import { refundOrder, RefundError } from '../../server/payments/refund-order';
import { createStripeGateway } from '../../server/gateways/stripe';
import { registerByUsername } from './helpers/accounts';
import {
  buyOrder,
  flagsOf,
  grantsOf,
  orderOf,
  paymentsOf,
  postForm,
  SANDBOX_SECRET,
  snapshot,
  userOf,
  EPAY_KEY,
  EPAY_PID,
  epayEnv,
  epayNotification,
  openRefundFlags,
  type GatewayStandIns,
  useGatewayStandIns,
} from './helpers/payments';
import { couponRow, makeCoupon, purchase } from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const STRIPE_KEY = 'sk_test_kestrel';
const WEBHOOK_SECRET = 'whsec_kestrel_test_secret';
const ORIGIN = 'https://kestrel.test';
const stripeSdk = new Stripe(STRIPE_KEY);
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const silentLog = { info: () => undefined, error: () => undefined };

/** What the aggregator sends to notify_url once the buyer paid. */

function stripeEvent(type: string, session: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: session },
  });
}

function envFor({ epay, stripe }: GatewayStandIns): Record<string, string> {
  return {
    SANDBOX_SECRET,
    ...epayEnv(epay),
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    PAYMENT_CALLBACK_ORIGIN: ORIGIN,
  };
}

describe('EPay signature', () => {
  /** An EPay gateway at pay.example with key `abc` and no refund API. */
  const payExampleEpay = () =>
    createEpayGateway({
      config: {
        url: 'https://pay.example',
        pid: '1001',
        key: 'abc',
        methods: ['alipay'],
        refundUrl: undefined,
      },
      callbackOrigin: ORIGIN,
    });

  it('md5 over the sorted non-empty params (sign and sign_type left out) with the key appended, round trip', () => {
    const params = {
      pid: '1001',
      type: 'alipay',
      out_trade_no: 'K1',
      money: '1.00',
      name: 'x',
      param: '',
      sign_type: 'MD5',
    };
    expect(epaySign(params, 'abc')).toBe(
      md5('money=1.00&name=x&out_trade_no=K1&pid=1001&type=alipay' + 'abc'),
    );
    const gateway = payExampleEpay();
    const signed = { ...params, trade_no: 'T1', trade_status: 'TRADE_SUCCESS' };
    const withSign = { ...signed, sign: epaySign(signed, 'abc') };
    expect(gateway.verify(withSign)).toMatchObject({
      ok: true,
      notification: {
        gateway: 'epay',
        orderNo: 'K1',
        tradeNo: 'T1',
        amount: 100,
        currency: 'CNY',
        status: 'paid',
      },
    });
    expect(gateway.verify({ ...withSign, money: '100.00' })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(gateway.verify({ ...withSign, sign: withSign.sign.toUpperCase() }).ok).toBe(true);
  });

  it('without a refund API, refund raises an error that tells the operator what to do', async () => {
    const gateway = payExampleEpay();
    await expect(
      gateway.refund({ orderNo: 'K1', tradeNo: 'T1', amount: 3000, currency: 'CNY' }),
    ).rejects.toThrow(GatewayError);
    await expect(
      gateway.refund({ orderNo: 'K1', tradeNo: 'T1', amount: 3000, currency: 'CNY' }),
    ).rejects.toThrow(/EPAY_REFUND_URL.*30\.00 CNY.*--manual/);
  });
});

describe('Stripe signature', () => {
  const gateway = createStripeGateway({
    config: { secretKey: STRIPE_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:9' },
  });
  const payload = stripeEvent('checkout.session.completed', {
    id: 'cs_test_1',
    payment_status: 'paid',
    status: 'complete',
    amount_total: 499,
    currency: 'usd',
    metadata: { orderNo: 'K1' },
  });
  it("accepts Stripe's own test header; refuses a wrong secret, an old or future timestamp, a changed body", () => {
    const header = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(gateway.verify(payload, header)).toMatchObject({
      ok: true,
      notification: {
        gateway: 'stripe',
        tradeNo: 'cs_test_1',
        orderNo: 'K1',
        amount: 499,
        currency: 'USD',
      },
    });
    const wrong = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(gateway.verify(payload, wrong)).toEqual({ ok: false, reason: 'signature' });
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 301, now + 301]) {
      const old = stripeSdk.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp,
      });
      expect(gateway.verify(payload, old)).toEqual({ ok: false, reason: 'stale' });
    }
    const inTime = stripeSdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: now - 290,
    });
    expect(gateway.verify(payload, inTime).ok).toBe(true);
    expect(gateway.verify(payload.replace('499', '1'), header)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(gateway.verify(payload, undefined)).toEqual({ ok: false, reason: 'malformed' });
    expect(gateway.verify(payload, 't=abc,v1=')).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe("the buyer's gateway account a notification names (a KOL self-referral signal, docs/kol.md)", () => {
  it("EPay's signed `buyer` and Stripe's `customer` become payerAccount; an unusable value is left out", () => {
    const epay = createEpayGateway({
      config: {
        url: 'https://pay.example',
        pid: EPAY_PID,
        key: EPAY_KEY,
        methods: ['alipay'],
        refundUrl: undefined,
      },
      callbackOrigin: ORIGIN,
    });
    const order = { orderNo: 'K1', amount: 3000 };
    expect(epay.verify(epayNotification(order, { buyer: ' 2088***1234 ' }))).toMatchObject({
      ok: true,
      notification: { payerAccount: '2088***1234' },
    });
    const unnamed = epay.verify(epayNotification(order));
    expect(unnamed.ok && 'payerAccount' in unnamed.notification).toBe(false);
    const tooLong = epay.verify(epayNotification(order, { buyer: 'b'.repeat(129) }));
    expect(tooLong.ok && 'payerAccount' in tooLong.notification).toBe(false);
    // Signed with the rest: a buyer added on the way fails the signature.
    expect(epay.verify({ ...epayNotification(order), buyer: 'someone' })).toEqual({
      ok: false,
      reason: 'signature',
    });

    const stripe = createStripeGateway({
      config: {
        secretKey: STRIPE_KEY,
        webhookSecret: WEBHOOK_SECRET,
        apiBase: 'http://127.0.0.1:9',
      },
    });
    const payload = stripeEvent('checkout.session.completed', {
      id: 'cs_test_2',
      payment_status: 'paid',
      amount_total: 499,
      currency: 'usd',
      metadata: { orderNo: 'K2' },
      customer: 'cus_Q1w2e3r4',
    });
    const header = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(stripe.verify(payload, header)).toMatchObject({
      ok: true,
      notification: { payerAccount: 'cus_Q1w2e3r4' },
    });
  });
});

describe.each(variants)('EPay and Stripe through the app on $name', (variant) => {
  const standIns = useGatewayStandIns(STRIPE_KEY);
  const t = useTestApp(variant, () => ({ env: envFor(standIns) }));
  const db = () => t.app.kestrel.database.db;
  const gateways = () => paymentGatewaysOf({ alipay: epayGateway(), card: stripeGateway() });
  const epayGateway = () =>
    createEpayGateway({
      config: {
        url: standIns.epay.url,
        pid: EPAY_PID,
        key: EPAY_KEY,
        methods: ['alipay', 'wechat', 'unionpay'],
        refundUrl: `${standIns.epay.url}/api.php?act=refund`,
      },
      callbackOrigin: ORIGIN,
    });
  const stripeGateway = () =>
    createStripeGateway({
      config: {
        secretKey: STRIPE_KEY,
        webhookSecret: WEBHOOK_SECRET,
        apiBase: standIns.stripe.url,
      },
    });
  const webhook = (payload: string, header: string) =>
    t.app.inject({
      method: 'POST',
      url: '/pay/notify/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      payload,
    });
  const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

  it('EPay hand-off: submit.php with pid, type, out_trade_no, notify_url, return_url, name, money in yuan, MD5 sign', async () => {
    const order = await buyOrder(t.api, { method: 'wechat' });
    const url = new URL(order.payUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIns.epay.url}/submit.php`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      pid: EPAY_PID,
      type: 'wxpay',
      out_trade_no: order.orderNo,
      notify_url: `${ORIGIN}/pay/notify/epay`,
      return_url: `${ORIGIN}/purchased?orderId=${order.orderNo}`,
      name: 'Standard, 1 month',
      money: '30.00',
      sign_type: 'MD5',
    });
    const { sign, sign_type: _type, ...signed } = q;
    const canonical = Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k]}`)
      .join('&');
    expect(sign).toBe(md5(canonical + EPAY_KEY));
  });

  it('EPay settles in CNY only: a USD order through it fails at the hand-off and says so', async () => {
    const user = await registerByUsername(t.api);
    const refused = await purchase(t.api, user.token, {
      method: 'alipay',
      currency: 'USD',
      productId: 101,
    });
    expect(refused.body.code).toBe(Errors.GATEWAY_UNAVAILABLE.code);
    expect(refused.body.msg).toBe(Errors.GATEWAY_UNAVAILABLE.en);
  });

  it('EPay notification (GET, then POST) credits once and is answered "success"', async () => {
    const order = await buyOrder(t.api);
    const params = epayNotification(order);
    const query = new URLSearchParams(params).toString();
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ url: `/pay/notify/epay?${query}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('success');
    }
    expect((await postForm(t.app, '/pay/notify/epay', params)).body).toBe('success');
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
    const [payment] = await paymentsOf(db(), order.orderNo);
    expect(payment).toMatchObject({
      gateway: 'epay',
      tradeNo: params.trade_no,
      amount: 3000,
      currency: 'CNY',
    });
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
  });

  it('EPay: another merchant, a trade not yet successful, a wrong amount', async () => {
    const order = await buyOrder(t.api);
    const before = await snapshot(db());
    const otherPid = epayNotification(order, { pid: '9999' });
    expect((await postForm(t.app, '/pay/notify/epay', otherPid)).statusCode).toBe(400);
    const waiting = epayNotification(order, { trade_status: 'WAIT_BUYER_PAY' });
    const ignored = await postForm(t.app, '/pay/notify/epay', waiting);
    expect(ignored.statusCode).toBe(200);
    expect(await snapshot(db())).toEqual(before);

    const short = epayNotification(order, { money: '29.99' });
    expect((await postForm(t.app, '/pay/notify/epay', short)).body).toBe('success');
    expect((await orderOf(db(), order.orderNo))?.status).toBe('pending');
    expect((await flagsOf(db(), order.orderNo)).map((f) => f.reason)).toEqual(['amount_mismatch']);
  });

  it('Stripe hand-off: a Checkout Session in minor units, lower-case currency, the order number, return URLs, expiry', async () => {
    const order = await buyOrder(t.api, { method: 'card', currency: 'USD' });
    const created = standIns.stripe.requests
      .filter((r) => r.path === '/v1/checkout/sessions')
      .at(-1)!;
    const form = Object.fromEntries(created.form);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '499',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Standard, 1 month',
      client_reference_id: order.orderNo,
      'metadata[orderNo]': order.orderNo,
      success_url: `${ORIGIN}/purchased?orderId=${order.orderNo}`,
      cancel_url: `${ORIGIN}/purchased?orderId=${order.orderNo}`,
    });
    expect(Number(form.expires_at)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 1800);
    expect(created.headers['idempotency-key']).toBe(`kestrel-checkout-${order.orderNo}`);
    const row = await orderOf(db(), order.orderNo);
    expect(row?.gatewayRef).toMatch(/^cs_test_/);
    expect(order.payUrl).toBe(`https://checkout.stripe.test/c/pay/${row?.gatewayRef}`);
  });

  it('Stripe webhook with the official test header credits once; wrong secret, old timestamp, changed body: refused', async () => {
    const order = await buyOrder(t.api, { method: 'card', currency: 'USD' });
    const row = await orderOf(db(), order.orderNo);
    const session = standIns.stripe.pay(row!.gatewayRef!);
    const payload = stripeEvent('checkout.session.completed', session);

    const before = await snapshot(db());
    const wrongSecret = stripeSdk.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_wrong',
    });
    expect((await webhook(payload, wrongSecret)).statusCode).toBe(400);
    const old = stripeSdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await webhook(payload, old)).statusCode).toBe(400);
    const header = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(
      (await webhook(payload.replace('"amount_total":499', '"amount_total":1'), header)).statusCode,
    ).toBe(400);
    expect(await snapshot(db())).toEqual(before);

    for (let i = 0; i < 3; i += 1) {
      const response = await webhook(payload, header);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
    expect(await paymentsOf(db(), order.orderNo)).toMatchObject([
      { gateway: 'stripe', tradeNo: row!.gatewayRef, amount: 499, currency: 'USD' },
    ]);
    // Another event type, correctly signed: acknowledged, ignored.
    const other = stripeEvent('payment_intent.created', { id: 'pi_1' });
    const ack = await webhook(
      other,
      stripeSdk.webhooks.generateTestHeaderString({ payload: other, secret: WEBHOOK_SECRET }),
    );
    expect(ack.statusCode).toBe(200);
  });

  it('Stripe checkout.session.expired closes the pending order as expired and releases the promo code', async () => {
    const code = await makeCoupon(db(), { maxUses: 2 });
    const order = await buyOrder(t.api, { method: 'card', currency: 'USD', couponCode: code });
    const row = await orderOf(db(), order.orderNo);
    const session = { ...standIns.stripe.sessions.get(row!.gatewayRef!)!, status: 'expired' };
    const payload = stripeEvent('checkout.session.expired', session);
    const header = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await webhook(payload, header)).statusCode).toBe(200);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('expired');
    expect((await couponRow(db(), code)).usedCount).toBe(0);
  });

  it('reconciliation: paid at the gateway but never notified -> credited; aggregator down -> retried next round', async () => {
    const viaEpay = await buyOrder(t.api);
    const viaStripe = await buyOrder(t.api, { method: 'card', currency: 'USD' });
    const stripeRow = await orderOf(db(), viaStripe.orderNo);
    standIns.stripe.pay(stripeRow!.gatewayRef!);
    standIns.epay.paid.set(viaEpay.orderNo, { trade_no: 'EP-RECON-1', money: '30.00' });
    standIns.epay.down = true;
    const deps = { db: db(), gateways: gateways(), log: silentLog, now: later(3) };
    const first = await reconcileOnce(deps);
    expect(first.errors).toBeGreaterThanOrEqual(1);
    expect((await orderOf(db(), viaEpay.orderNo))?.status).toBe('pending');
    expect((await orderOf(db(), viaStripe.orderNo))?.status).toBe('paid');

    standIns.epay.down = false;
    const second = await reconcileOnce(deps);
    expect(second.errors).toBe(0);
    expect((await orderOf(db(), viaEpay.orderNo))?.status).toBe('paid');
    expect(await paymentsOf(db(), viaEpay.orderNo)).toMatchObject([
      { tradeNo: 'EP-RECON-1', amount: 3000 },
    ]);
    // Nothing left to do: another round credits nothing twice.
    await reconcileOnce(deps);
    expect(
      (await grantsOf(db(), viaEpay.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
  });

  it('reconciliation: unpaid past expiry -> closed as expired, code released; paid past expiry -> credited and flagged late', async () => {
    const code = await makeCoupon(db(), { maxUses: 2 });
    const unpaid = await buyOrder(t.api, { couponCode: code });
    const latePaid = await buyOrder(t.api);
    standIns.epay.paid.set(latePaid.orderNo, { trade_no: 'EP-LATE-1', money: '30.00' });
    await reconcileOnce({ db: db(), gateways: gateways(), log: silentLog, now: later(31) });
    expect((await orderOf(db(), unpaid.orderNo))?.status).toBe('expired');
    expect((await couponRow(db(), code)).usedCount).toBe(0);
    const late = await orderOf(db(), latePaid.orderNo);
    expect(late?.status).toBe('paid');
    expect(late?.flaggedReason).toBe('late_payment');
  });

  it('refund through EPay and Stripe: money back, order and payment refunded, time taken back, idempotent', async () => {
    const user = await registerByUsername(t.api);
    const viaEpay = await buyOrder(t.api, { user, productId: 104 }); // 12 months: yearly
    const params = epayNotification(viaEpay);
    expect((await postForm(t.app, '/pay/notify/epay', params)).body).toBe('success');
    standIns.epay.paid.set(viaEpay.orderNo, { trade_no: params.trade_no!, money: params.money! });
    const afterPay = await userOf(db(), user.userId);
    expect(afterPay.yearlyPaid).toBe(true);

    const deps = { db: db(), gateways: gateways() };
    const result = await refundOrder(deps, viaEpay.orderNo);
    expect(result.refunded).toBe(true);
    const refundCall = standIns.epay.requests
      .filter((r) => r.query.get('act') === 'refund')
      .at(-1)!;
    expect(Object.fromEntries(refundCall.form)).toMatchObject({
      pid: EPAY_PID,
      out_trade_no: viaEpay.orderNo,
      trade_no: params.trade_no,
      money: params.money,
    });
    expect((await orderOf(db(), viaEpay.orderNo))?.status).toBe('refunded');
    expect((await paymentsOf(db(), viaEpay.orderNo))[0]?.status).toBe('refunded');
    const afterRefund = await userOf(db(), user.userId);
    expect(afterRefund.expireTime!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(afterRefund.yearlyPaid).toBe(false);
    expect(afterRefund.benefitsExpireTime).toBeNull();
    const refundCalls = standIns.epay.requests.filter(
      (r) => r.query.get('act') === 'refund',
    ).length;
    expect((await refundOrder(deps, viaEpay.orderNo)).refunded).toBe(false);
    expect(standIns.epay.requests.filter((r) => r.query.get('act') === 'refund')).toHaveLength(
      refundCalls,
    );
    // EPay has no timestamp: the old, genuine notification replayed after the refund changes nothing.
    const refundedState = await snapshot(db());
    expect((await postForm(t.app, '/pay/notify/epay', params)).body).toBe('success');
    expect(await snapshot(db())).toEqual(refundedState);
    expect((await orderOf(db(), viaEpay.orderNo))?.status).toBe('refunded');

    const viaStripe = await buyOrder(t.api, { method: 'card', currency: 'USD' });
    const row = await orderOf(db(), viaStripe.orderNo);
    const session = standIns.stripe.pay(row!.gatewayRef!);
    const payload = stripeEvent('checkout.session.completed', session);
    await webhook(
      payload,
      stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect((await refundOrder(deps, viaStripe.orderNo)).refunded).toBe(true);
    const stripeRefund = standIns.stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(Object.fromEntries(stripeRefund.form)).toMatchObject({
      payment_intent: session.payment_intent,
      amount: '499',
    });
    expect(stripeRefund.headers['idempotency-key']).toBe(`kestrel-refund-${viaStripe.orderNo}`);

    // An unpaid order cannot be refunded.
    const unpaid = await buyOrder(t.api);
    await expect(refundOrder(deps, unpaid.orderNo)).rejects.toThrow(RefundError);
    expect((await orderOf(db(), unpaid.orderNo))?.status).toBe('pending');
  });

  it('EPay refunds: a refusal changes nothing and may be retried; an unknown outcome asks for the console and --manual', async () => {
    const order = await buyOrder(t.api);
    const params = epayNotification(order);
    expect((await postForm(t.app, '/pay/notify/epay', params)).body).toBe('success');
    const deps = { db: db(), gateways: gateways() };
    const refundCalls = () =>
      standIns.epay.requests.filter((r) => r.query.get('act') === 'refund').length;
    const open = () => openRefundFlags(db(), order.orderNo);

    // The aggregator says no (it never saw this order paid): nothing recorded, a retry may call again.
    await expect(refundOrder(deps, order.orderNo)).rejects.toThrow(/refund refused/);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
    expect(await open()).toEqual([]);

    // The aggregator is down mid-refund: the outcome is unknown, so the retry refuses to call again.
    standIns.epay.down = true;
    await expect(refundOrder(deps, order.orderNo)).rejects.toThrow(/HTTP 502/);
    standIns.epay.down = false;
    expect(await open()).toHaveLength(1);
    const calls = refundCalls();
    await expect(refundOrder(deps, order.orderNo)).rejects.toThrow(/--manual/);
    expect(refundCalls()).toBe(calls);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');

    // The operator checked the console and refunded there.
    expect((await refundOrder(deps, order.orderNo, { manual: true })).refunded).toBe(true);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('refunded');
    expect(await open()).toEqual([]);
  });

  it(
    'the reconciliation job runs on its own when enabled, and a failing round does not stop it',
    async () => {
      const job = await startTestApp(variant, {
        env: envFor(standIns),
        overrides: { reconcileIntervalSeconds: 1 },
      });
      const jobDb = job.app.kestrel.database.db;
      try {
        const own = await buyOrder(job.api);
        await jobDb
          .update(orders)
          .set({ createdAt: sql`now() - interval '5 minutes'` })
          .where(eq(orders.orderNo, own.orderNo));
        standIns.epay.paid.set(own.orderNo, { trade_no: 'EP-JOB-2', money: '30.00' });
        standIns.epay.down = true;
        const asked = () =>
          standIns.epay.requests.filter((r) => r.query.get('out_trade_no') === own.orderNo).length;
        const downUntil = Date.now() + 10_000;
        while (asked() < 2 && Date.now() < downUntil) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // Two rounds failed against the aggregator: the order waits, the job goes on.
        expect(asked()).toBeGreaterThanOrEqual(2);
        expect((await orderOf(jobDb, own.orderNo))?.status).toBe('pending');
        standIns.epay.down = false;
        const deadline = Date.now() + 15_000;
        let status = 'pending';
        while (status !== 'paid' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          status = (await orderOf(jobDb, own.orderNo))?.status ?? 'missing';
        }
        expect(status).toBe('paid');
      } finally {
        standIns.epay.down = false;
        await job.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
