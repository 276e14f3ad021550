/**
 * 1,000 forged, tampered and stale notifications across the sandbox, EPay and Stripe, sent through
 * the real notify routes, on PGlite and PostgreSQL: every one is refused (400) and nothing changes:
 * no order, payment, flag, grant or membership.
 */
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { epaySign } from '../../server/gateways/epay';
import { createSandboxGateway } from '../../server/gateways/sandbox';
import {
  buyOrder,
  orderOf,
  sandboxNotification,
  SANDBOX_SECRET,
  snapshot,
  type BoughtOrder,
  EPAY_KEY,
  EPAY_PID,
  useGatewayStandIns,
} from './helpers/payments';
import { useTestApp, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const WEBHOOK_SECRET = 'whsec_kestrel_test_secret';
const stripeSdk = new Stripe('sk_test_kestrel');

interface Attempt {
  readonly kind: string;
  readonly send: (t: TestApp) => Promise<{ statusCode: number }>;
}

const form = (t: TestApp, url: string, params: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

function sandboxAttempts(order: BoughtOrder, n: number): Attempt[] {
  const stranger = createSandboxGateway({ secret: 'not-the-secret', origin: undefined });
  const now = Date.now();
  const genuine = () => sandboxNotification(order);
  const makers: [string, () => Record<string, string>][] = [
    ['random signature', () => ({ ...genuine(), sign: randomHex(32) })],
    ['amount raised after signing', () => ({ ...genuine(), amount: String(order.amount + 1) })],
    ['amount lowered after signing', () => ({ ...genuine(), amount: '1' })],
    ['other order after signing', () => ({ ...genuine(), out_trade_no: 'K20261122AAAAAAAAAA' })],
    [
      'status flipped after signing',
      () => ({ ...sandboxNotification(order, { status: 'failed' }), status: 'paid' }),
    ],
    ['currency changed after signing', () => ({ ...genuine(), currency: 'USD' })],
    ['extra parameter after signing', () => ({ ...genuine(), note: 'x' })],
    [
      'signed with another secret',
      () => ({ ...stranger.sign({ ...genuine(), sign: '', sign_type: '' }) }),
    ],
    [
      'no signature',
      () => {
        const { sign: _sign, ...rest } = genuine();
        return rest;
      },
    ],
    ['stale (6 minutes old)', () => sandboxNotification(order, {}, now - 6 * 60_000)],
    ['from the future (6 minutes)', () => sandboxNotification(order, {}, now + 6 * 60_000)],
    [
      'truncated signature',
      () => {
        const g = genuine();
        return { ...g, sign: g.sign!.slice(0, 63) };
      },
    ],
  ];
  return Array.from({ length: n }, (_, i) => {
    const [kind, make] = pick(makers, i);
    return { kind: `sandbox: ${kind}`, send: (t) => form(t, '/pay/notify/sandbox', make()) };
  });
}

function epayAttempts(order: BoughtOrder, n: number): Attempt[] {
  const base = {
    pid: EPAY_PID,
    trade_no: `EP${order.orderNo}`,
    out_trade_no: order.orderNo,
    type: 'alipay',
    name: 'Standard, 1 month',
    money: (order.amount / 100).toFixed(2),
    trade_status: 'TRADE_SUCCESS',
  };
  const signed = (params: Record<string, string>, key = EPAY_KEY) => ({
    ...params,
    sign: epaySign(params, key),
    sign_type: 'MD5',
  });
  const makers: [string, () => Record<string, string>][] = [
    ['random signature', () => ({ ...signed(base), sign: randomHex(16) })],
    ['signed with another key', () => signed(base, 'guessed-key')],
    ['money changed after signing', () => ({ ...signed(base), money: '0.01' })],
    [
      'order changed after signing',
      () => ({ ...signed(base), out_trade_no: 'K20261122BBBBBBBBBB' }),
    ],
    ['trade number changed after signing', () => ({ ...signed(base), trade_no: 'EP-OTHER' })],
    [
      'status changed after signing',
      () => ({
        ...signed({ ...base, trade_status: 'WAIT_BUYER_PAY' }),
        trade_status: 'TRADE_SUCCESS',
      }),
    ],
    ['another merchant (signed)', () => signed({ ...base, pid: '2002' })],
    ['no signature', () => ({ ...base })],
    [
      'sha1 of the same string',
      () => ({
        ...base,
        sign: createHash('sha1')
          .update(`${new URLSearchParams(base).toString()}${EPAY_KEY}`)
          .digest('hex'),
        sign_type: 'MD5',
      }),
    ],
    [
      'key not appended',
      () => ({
        ...base,
        sign: createHash('md5')
          .update(
            Object.keys(base)
              .sort()
              .map((k) => `${k}=${base[k as keyof typeof base]}`)
              .join('&'),
          )
          .digest('hex'),
      }),
    ],
    ['unsupported sign_type', () => ({ ...signed(base), sign_type: 'RSA' })],
  ];
  return Array.from({ length: n }, (_, i) => {
    const [kind, make] = pick(makers, i);
    const viaGet = i % 2 === 0;
    return {
      kind: `epay: ${kind}`,
      send: (t) =>
        viaGet
          ? t.app.inject({ url: `/pay/notify/epay?${new URLSearchParams(make()).toString()}` })
          : form(t, '/pay/notify/epay', make()),
    };
  });
}

function stripeAttempts(order: BoughtOrder, sessionId: string, n: number): Attempt[] {
  const payload = JSON.stringify({
    id: 'evt_forged',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        status: 'complete',
        payment_status: 'paid',
        amount_total: order.amount,
        currency: 'usd',
        client_reference_id: order.orderNo,
        metadata: { orderNo: order.orderNo },
      },
    },
  });
  const now = Math.floor(Date.now() / 1000);
  const header = (secret: string, timestamp = now, body = payload) =>
    stripeSdk.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  const makers: [string, () => { body: string; header?: string }][] = [
    ['wrong secret', () => ({ body: payload, header: header('whsec_wrong') })],
    ['stale (10 minutes)', () => ({ body: payload, header: header(WEBHOOK_SECRET, now - 600) })],
    ['stale (301 s)', () => ({ body: payload, header: header(WEBHOOK_SECRET, now - 301) })],
    ['from the future', () => ({ body: payload, header: header(WEBHOOK_SECRET, now + 600) })],
    [
      'amount changed after signing',
      () => ({
        body: payload.replace(`"amount_total":${order.amount}`, '"amount_total":1'),
        header: header(WEBHOOK_SECRET),
      }),
    ],
    [
      'whitespace added after signing',
      () => ({ body: `${payload} `, header: header(WEBHOOK_SECRET) }),
    ],
    ['no header', () => ({ body: payload })],
    ['random v1', () => ({ body: payload, header: `t=${now},v1=${randomHex(32)}` })],
    [
      'only a v0 scheme',
      () => ({
        body: payload,
        header: header(WEBHOOK_SECRET).replace('v1=', 'v0='),
      }),
    ],
    [
      'signature of another body',
      () => ({
        body: payload,
        header: header(WEBHOOK_SECRET, now, payload.replace('evt_forged', 'evt_other')),
      }),
    ],
    [
      'timestamp changed after signing',
      () => ({
        body: payload,
        header: header(WEBHOOK_SECRET, now).replace(`t=${now}`, `t=${now - 1}`),
      }),
    ],
  ];
  return Array.from({ length: n }, (_, i) => {
    const [kind, make] = pick(makers, i);
    return {
      kind: `stripe: ${kind}`,
      send: (t) => {
        const { body, header: signature } = make();
        return t.app.inject({
          method: 'POST',
          url: '/pay/notify/stripe',
          headers: {
            'content-type': 'application/json',
            ...(signature ? { 'stripe-signature': signature } : {}),
          },
          payload: body,
        });
      },
    };
  });
}

describe.each(variants)('1,000 forged notifications on $name', (variant) => {
  const standIns = useGatewayStandIns('sk_test_kestrel');
  const t = useTestApp(variant, () => ({
    env: {
      SANDBOX_SECRET,
      EPAY_URL: standIns.epay.url,
      EPAY_PID,
      EPAY_KEY,
      EPAY_METHODS: 'alipay',
      STRIPE_SECRET_KEY: 'sk_test_kestrel',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIns.stripe.url,
      PAYMENT_CALLBACK_ORIGIN: 'https://kestrel.test',
    },
  }));
  const db = () => t.app.kestrel.database.db;

  it('none is credited and nothing changes', async () => {
    const viaSandbox = await buyOrder(t.api, { method: 'wechat' });
    const viaEpay = await buyOrder(t.api, { method: 'alipay' });
    const viaStripe = await buyOrder(t.api, { method: 'card', currency: 'USD' });
    const sessionId = (await orderOf(db(), viaStripe.orderNo))!.gatewayRef!;
    expect((await orderOf(db(), viaSandbox.orderNo))?.gateway).toBe('sandbox');
    expect((await orderOf(db(), viaEpay.orderNo))?.gateway).toBe('epay');
    expect(sessionId).toMatch(/^cs_test_/);

    const attempts = [
      ...sandboxAttempts(viaSandbox, 334),
      ...epayAttempts(viaEpay, 333),
      ...stripeAttempts(viaStripe, sessionId, 333),
    ];
    expect(attempts).toHaveLength(1000);
    const before = await snapshot(db());
    const accepted: string[] = [];
    for (let i = 0; i < attempts.length; i += 25) {
      const batch = attempts.slice(i, i + 25);
      const responses = await Promise.all(batch.map((a) => a.send(t)));
      responses.forEach((r, j) => {
        if (r.statusCode !== 400) accepted.push(`${batch[j]!.kind} -> ${r.statusCode}`);
      });
    }
    expect(accepted).toEqual([]);
    expect(await snapshot(db())).toEqual(before);
    for (const order of [viaSandbox, viaEpay, viaStripe]) {
      expect((await orderOf(db(), order.orderNo))?.status).toBe('pending');
    }

    // The same routes still accept the genuine article (the refusals were not a broken route).
    const genuine = await form(t, '/pay/notify/sandbox', sandboxNotification(viaSandbox));
    expect(genuine.statusCode).toBe(200);
    expect((await orderOf(db(), viaSandbox.orderNo))?.status).toBe('paid');
  });
});
