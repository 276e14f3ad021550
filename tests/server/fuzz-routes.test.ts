/**
 * The routes outside the signed API, fuzzed (issue 19, item 7; fuzz.test.ts covers the API): the
 * gateways' notifications with VALID signatures (so each hostile value gets past verification to
 * the database), the node agents' UniProxy routes with a valid token, the subscription route and
 * the dev routes. U+0000, numbers beyond any column, wrong types: no answer may be a 5xx. A signed
 * notification that names its order or trade with U+0000 gets a definite answer the gateway does
 * not redeliver (acknowledged, flagged for the operator; docs/payments.md).
 */
import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFlags } from '../../server/db/schema';
import { fakeStripe, type FakeStripe } from './helpers/fake-gateway-servers';
import { addTestNode, type TestNode } from './helpers/nodes';
import {
  buyOrder,
  orderOf,
  paymentsOf,
  postForm,
  SANDBOX_SECRET,
  sandboxNotification,
  type BoughtOrder,
  EPAY_KEY,
  EPAY_PID,
  epayNotification,
} from './helpers/payments';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const STRIPE_KEY = 'sk_test_fuzz';
const WEBHOOK_SECRET = 'whsec_fuzz_secret';

/** Hostile values a form field (always text) can carry. */
const FORM_VALUES = [
  '\u0000',
  'K\u0000',
  '',
  'x'.repeat(5000),
  '\ud800',
  "' OR 1=1 --",
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '-1',
  '1e400',
  'NaN',
  '１２３',
  '1.5',
];
/** And what JSON (Stripe) adds: other types and numbers beyond any column. */
const JSON_VALUES: unknown[] = [
  ...FORM_VALUES,
  2 ** 53 + 2,
  1e308,
  -1,
  1.5,
  {},
  [],
  null,
  true,
  { nested: '\u0000' },
  ['\u0000'],
];

function stripeSignature(payload: string): string {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

function stripeSession(order: BoughtOrder, overrides: Record<string, unknown> = {}) {
  return {
    id: `cs_test_${order.orderNo}`,
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    amount_total: order.amount,
    currency: order.currency.toLowerCase(),
    client_reference_id: order.orderNo,
    metadata: { orderNo: order.orderNo },
    ...overrides,
  };
}

const variants = await databaseVariants();

describe.each(variants)('routes outside the signed API under hostile input on $name', (variant) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let node: TestNode;
  beforeAll(async () => {
    stripe = await fakeStripe(STRIPE_KEY);
    t = await startTestApp(variant, {
      env: {
        SANDBOX_SECRET,
        // EPay's hand-off is a URL: its server is never called here.
        EPAY_URL: 'http://127.0.0.1:9',
        EPAY_PID,
        EPAY_KEY,
        EPAY_METHODS: 'alipay',
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        PAYMENT_CALLBACK_ORIGIN: 'https://kestrel.test',
      },
    });
    node = await addTestNode(t.app.kestrel.database.db, 'http://127.0.0.1:9');
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });
  const db = () => t.app.kestrel.database.db;

  const stripeWebhook = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/pay/notify/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      payload,
    });
  const stripeEvent = (session: unknown, type: unknown = 'checkout.session.completed') =>
    JSON.stringify({ id: 'evt_fuzz', object: 'event', type, data: { object: session } });

  it('answers every correctly signed hostile notification without a 5xx, on all three gateways', async () => {
    const failures: string[] = [];
    const check = (what: string, status: number) => {
      if (status >= 500) failures.push(`${what} -> ${status}`);
    };
    const viaSandbox = await buyOrder(t.api, { method: 'wechat' });
    const viaEpay = await buyOrder(t.api, { method: 'alipay' });
    const viaStripe = await buyOrder(t.api, { method: 'card', currency: 'USD' });

    const sandboxBase = sandboxNotification(viaSandbox);
    for (const field of Object.keys(sandboxBase).filter((k) => k !== 'sign'))
      for (const value of FORM_VALUES) {
        const response = await postForm(
          t.app,
          '/pay/notify/sandbox',
          sandboxNotification(viaSandbox, { [field]: value }),
        );
        check(`sandbox ${field}=${JSON.stringify(value).slice(0, 30)}`, response.statusCode);
      }

    const epayBase = epayNotification(viaEpay);
    for (const field of Object.keys(epayBase).filter((k) => k !== 'sign' && k !== 'sign_type'))
      for (const value of FORM_VALUES) {
        const params = epayNotification(viaEpay, { [field]: value });
        check(
          `epay POST ${field}=${JSON.stringify(value).slice(0, 30)}`,
          (await postForm(t.app, '/pay/notify/epay', params)).statusCode,
        );
        const query = new URLSearchParams(params).toString();
        const get = await t.app.inject({ method: 'GET', url: `/pay/notify/epay?${query}` });
        check(`epay GET ${field}=${JSON.stringify(value).slice(0, 30)}`, get.statusCode);
      }
    // A field repeated, and a field whose name holds U+0000.
    check(
      'epay repeated keys',
      (
        await t.app.inject({
          method: 'POST',
          url: '/pay/notify/epay',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `${new URLSearchParams(epayBase).toString()}&out_trade_no=%00&%00=%00`,
        })
      ).statusCode,
    );

    for (const field of Object.keys(stripeSession(viaStripe)))
      for (const value of JSON_VALUES) {
        const payload = stripeEvent(stripeSession(viaStripe, { [field]: value }));
        check(
          `stripe ${field}=${JSON.stringify(value).slice(0, 30)}`,
          (await stripeWebhook(payload)).statusCode,
        );
      }
    for (const value of JSON_VALUES) {
      const payload = stripeEvent(stripeSession(viaStripe, { metadata: { orderNo: value } }));
      check(
        `stripe metadata.orderNo=${JSON.stringify(value)}`,
        (await stripeWebhook(payload)).statusCode,
      );
      check(
        `stripe type=${JSON.stringify(value)}`,
        (await stripeWebhook(stripeEvent(stripeSession(viaStripe), value))).statusCode,
      );
      check(
        `stripe object=${JSON.stringify(value)}`,
        (await stripeWebhook(stripeEvent(value))).statusCode,
      );
    }
    for (const body of ['null', '[]', '"x"', '5', '{}', '{"data":null}', '{"data":5}'])
      check(`stripe body ${body}`, (await stripeWebhook(body)).statusCode);
    expect(failures).toEqual([]);
  }, 240_000);

  it('acknowledges a signed notification whose order or trade holds U+0000, once flagged for the operator, nothing credited', async () => {
    const flagsFor = (gateway: string) =>
      db()
        .select()
        .from(paymentFlags)
        .where(
          and(
            eq(paymentFlags.gateway, gateway),
            eq(paymentFlags.reason, 'unusable_notification'),
            isNull(paymentFlags.orderId),
          ),
        );
    const viaSandbox = await buyOrder(t.api, { method: 'wechat' });
    const sandboxBad = sandboxNotification(viaSandbox, {
      out_trade_no: `${viaSandbox.orderNo}\u0000`,
      trade_no: `SBX${viaSandbox.orderNo}\u0000`,
    });
    for (let i = 0; i < 2; i += 1) {
      const answer = await postForm(t.app, '/pay/notify/sandbox', sandboxBad);
      expect([answer.statusCode, answer.body]).toEqual([200, 'success']);
    }
    const sandboxFlags = (await flagsFor('sandbox')).filter(
      (f) => f.tradeNo === `SBX${viaSandbox.orderNo}\uFFFD`,
    );
    expect(sandboxFlags).toHaveLength(1);
    expect(sandboxFlags[0]!.details).toMatchObject({ orderNo: `${viaSandbox.orderNo}\uFFFD` });

    // The right order, a trade number with U+0000: still not credited (the trade is no real one).
    const viaEpay = await buyOrder(t.api, { method: 'alipay' });
    const epayBad = epayNotification(viaEpay, { trade_no: 'T\u00001' });
    const epayAnswer = await postForm(t.app, '/pay/notify/epay', epayBad);
    expect([epayAnswer.statusCode, epayAnswer.body]).toEqual([200, 'success']);
    expect((await flagsFor('epay')).map((f) => f.tradeNo)).toContain('T\uFFFD1');

    const viaStripe = await buyOrder(t.api, { method: 'card', currency: 'USD' });
    const stripeBad = stripeEvent(
      stripeSession(viaStripe, { metadata: { orderNo: `${viaStripe.orderNo}\u0000` } }),
    );
    const stripeAnswer = await stripeWebhook(stripeBad);
    expect(stripeAnswer.statusCode).toBe(200);
    expect(stripeAnswer.json()).toEqual({ received: true });
    expect((await flagsFor('stripe')).map((f) => f.tradeNo)).toContain(
      `cs_test_${viaStripe.orderNo}`,
    );

    for (const order of [viaSandbox, viaEpay, viaStripe]) {
      expect((await orderOf(db(), order.orderNo))!.status).toBe('pending');
      expect(await paymentsOf(db(), order.orderNo)).toEqual([]);
    }

    // Unsigned, U+0000 or not: refused as before.
    const forged = { ...sandboxBad, sign: '0'.repeat(64) };
    expect((await postForm(t.app, '/pay/notify/sandbox', forged)).statusCode).toBe(400);
  });

  it('credits a signed payment with U+0000 only in a field it does not store apart (EPay name), keeping a copy without it', async () => {
    const order = await buyOrder(t.api, { method: 'alipay' });
    const answer = await postForm(
      t.app,
      '/pay/notify/epay',
      epayNotification(order, { name: 'Standard\u0000 1 month' }),
    );
    expect([answer.statusCode, answer.body]).toEqual([200, 'success']);
    expect((await orderOf(db(), order.orderNo))!.status).toBe('paid');
    const [payment] = await paymentsOf(db(), order.orderNo);
    expect((payment!.raw as Record<string, string>).name).toBe('Standard\uFFFD 1 month');
  });

  it('answers the node routes without a 5xx whatever the query or body holds', async () => {
    const failures: string[] = [];
    const base = { node_id: String(node.id), node_type: 'vless', token: node.token };
    const url = (name: string, query: Record<string, string>) =>
      `/api/v1/server/UniProxy/${name}?${new URLSearchParams(query).toString()}`;
    const send = async (
      method: 'GET' | 'POST',
      name: string,
      query: Record<string, string>,
      payload?: unknown,
    ) => {
      const response = await t.app.inject({
        method,
        url: url(name, query),
        ...(payload === undefined
          ? {}
          : {
              headers: { 'content-type': 'application/json' },
              payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
            }),
      });
      if (response.statusCode >= 500)
        failures.push(
          `${method} ${name} ${JSON.stringify(query).slice(0, 60)} ${JSON.stringify(payload)?.slice(0, 60)} -> ${response.statusCode}`,
        );
    };
    for (const field of Object.keys(base))
      for (const value of FORM_VALUES)
        for (const name of ['config', 'user', 'alivelist'])
          await send('GET', name, { ...base, [field]: value });
    for (const value of FORM_VALUES) await send('POST', 'push', { ...base, report_id: value }, {});
    const bodies: [string, unknown][] = [
      ['push', { '1': [2 ** 53 + 2, 1] }],
      ['push', { '1': [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] }],
      ['push', { '\u0000': [1, 1] }],
      ['push', { '1': '\u0000' }],
      ['push', { '99999999999': [1, 1] }],
      ['push', { '1': [1e308, -1] }],
      ['push', []],
      ['push', 'null'],
      ['alive', { '1': ['\u0000'] }],
      ['alive', { '1': ['1.2.3.4\u0000'] }],
      ['alive', { '1': ['1.2.3.4', 5, null] }],
      ['alive', { '1': Array.from({ length: 300 }, () => '1.2.3.4') }],
      ['alive', { '1': 'x'.repeat(5000) }],
      ['status', { cpu: '\u0000', mem: { total: 1, used: 1 } }],
      ['status', { cpu: 1, mem: { total: 2 ** 60, used: -1 }, swap: 5, disk: null }],
      [
        'status',
        {
          cpu: 1,
          mem: { total: 1, used: 1 },
          swap: { total: 1, used: 1 },
          disk: { total: 1, used: 1 },
          extra: '\u0000',
        },
      ],
    ];
    for (const [name, body] of bodies) await send('POST', name, base, body);
    expect(failures).toEqual([]);
  });

  it('answers the subscription route, the sandbox page and the dev routes without a 5xx for U+0000 and huge values', async () => {
    const failures: string[] = [];
    const requests: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/sub/%00' },
      { method: 'GET', url: `/sub/${'A'.repeat(32)}%00` },
      { method: 'GET', url: '/sub/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?format=%00' },
      { method: 'GET', url: '/pay/sandbox/%00' },
      { method: 'GET', url: '/pay/sandbox/K1?lang=%00' },
      { method: 'POST', url: '/pay/sandbox/%00', payload: { outcome: 'paid' } },
      { method: 'GET', url: '/dev/outbox?to=%00' },
      { method: 'GET', url: '/dev/outbox.json?to=a%00b' },
      { method: 'POST', url: '/dev/codes/pass-cooldown?to=%00' },
      { method: 'POST', url: '/dev/orders/K%00/expire' },
      { method: 'POST', url: '/dev/group-buy/%00/end' },
      { method: 'POST', url: '/dev/group-buy/%00/ends-at', payload: { inSeconds: 60 } },
      { method: 'POST', url: '/dev/group-buy/x/ends-at', payload: { inSeconds: 2 ** 53 + 2 } },
      { method: 'POST', url: '/dev/kol/commissions/mature', payload: { orderNo: 'K\u0000' } },
      { method: 'POST', url: '/dev/kol/commissions/mature', payload: { orderNo: 2 ** 53 + 2 } },
      { method: 'POST', url: '/dev/redeem-codes', payload: { planType: '\u0000', days: 1e308 } },
      { method: 'POST', url: '/dev/nodes', payload: { protocol: '\u0000' } },
      // A lone surrogate that JSON can carry and jsonb refuses.
      { method: 'POST', url: '/dev/kol/commissions/mature', payload: { orderNo: '\ud800' } },
    ];
    for (const request of requests) {
      const response = await t.app.inject(request);
      if (response.statusCode >= 500)
        failures.push(`${request.method} ${request.url} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
