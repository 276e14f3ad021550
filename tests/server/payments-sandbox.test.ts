/**
 * The sandbox gateway end to end through HTTP: payment_purchase hands off to /pay/sandbox/:orderNo,
 * the translated checkout page with its own CSP, Pay and Fail delivering signed notifications to
 * the notify route and sending the buyer back; refused in PROD.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createPaymentGateways } from '../../server/gateways/registry';
import { buyOrder, grantsOf, orderOf, paymentsOf, postForm, userOf } from './helpers/payments';
import { couponRow, makeCoupon } from './helpers/store';
import { PROD_REQUIRED_ENV, STARTUP_TIMEOUT_MS, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { testKeyEnv } from './helpers/test-keys';

const variants = await databaseVariants();

function styleHashOf(html: string): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  return `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`;
}

const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe.each(variants)('sandbox gateway on $name', (variant) => {
  const t = useTestApp(variant);
  const db = () => t.app.kestrel.database.db;

  it('offers every method through the sandbox, Alipay first and recommended', async () => {
    const shop = await t.api.call<{ methods: { method: string; recommended: boolean }[] }>(
      '/api/payment/payment_shop',
      {},
    );
    expect(shop.body.data.methods).toEqual([
      { method: 'alipay', recommended: true },
      { method: 'wechat', recommended: false },
      { method: 'unionpay', recommended: false },
      { method: 'card', recommended: false },
    ]);
  });

  it('the checkout page: order, product, amount, Pay and Fail, in English; only its own style allowed', async () => {
    const order = await buyOrder(t.api);
    expect(order.payUrl).toBe(`/pay/sandbox/${order.orderNo}`);
    const page = await t.app.inject({ url: order.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(order.orderNo);
    expect(page.body).toContain('Standard, 1 month');
    expect(page.body).toContain('CN¥30.00');
    expect(buttons(page.body)).toEqual(['Pay', 'Fail']);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`style-src ${styleHashOf(page.body)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['cache-control']).toBe('no-store');
    // Its own icon, inline and allowed by its CSP: no request for a /favicon.ico that is not there.
    const icon = /<link rel="icon" href="(data:image\/svg\+xml,[^"]+)"/.exec(page.body)?.[1];
    expect(icon).toBeDefined();
    expect(decodeURIComponent(icon!.slice('data:image/svg+xml,'.length))).toMatch(/^<svg [^>]*>/);
    expect(csp).toContain("img-src 'self' data:");
    expect((await t.app.inject({ url: '/favicon.ico' })).statusCode).toBe(404);
  });

  it('in Chinese: from ?lang=, from the buyer language of the order, from Accept-Language', async () => {
    const order = await buyOrder(t.api);
    const byQuery = await t.app.inject({ url: `${order.payUrl}?lang=zh` });
    expect(byQuery.body).toContain('<html lang="zh-CN">');
    expect(buttons(byQuery.body)).toEqual(['支付', '支付失败']);
    expect(byQuery.body).toContain('标准版 · 1 个月');
    expect(byQuery.body).toContain('¥30.00');

    const zhOrder = await buyOrder(t.api, { language: 'zh_CN' });
    const byOrder = await t.app.inject({
      url: zhOrder.payUrl,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(buttons(byOrder.body)).toEqual(['支付', '支付失败']);

    const byHeader = await t.app.inject({
      url: order.payUrl,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(byHeader.body).toContain('<html lang="en">'); // the order's own language (en) wins
    const unknown = await t.app.inject({
      url: '/pay/sandbox/K20260101NOSUCHORDR',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('未找到该订单。');
  });

  it('Pay: a signed notification through the notify route credits the order, then 303 to /purchased', async () => {
    const order = await buyOrder(t.api);
    const paid = await postForm(t.app, order.payUrl, { outcome: 'paid' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/purchased?orderId=${order.orderNo}`);
    const row = await orderOf(db(), order.orderNo);
    expect(row?.status).toBe('paid');
    const [payment] = await paymentsOf(db(), order.orderNo);
    expect(payment).toMatchObject({
      gateway: 'sandbox',
      tradeNo: `SBX${order.orderNo}`,
      amount: 3000,
    });
    expect((payment?.raw as Record<string, string>).sign).toMatch(/^[0-9a-f]{64}$/);
    expect((await userOf(db(), order.user.userId)).planType).toBe(1);

    // The user sees it at once (session cache forgotten): system_user_info has the new expiry.
    const info = await t.api.call<{ expireTime: string | null }>(
      '/api/system/system_user_info',
      {},
      { token: order.user.token },
    );
    expect(info.body.data.expireTime).not.toBeNull();

    // Pressing Pay again (back button): nothing is charged twice.
    const again = await postForm(t.app, order.payUrl, { outcome: 'paid' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This order is already paid.');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    expect(
      (await grantsOf(db(), order.user.userId)).filter((g) => g.source === 'order'),
    ).toHaveLength(1);
  });

  it('Fail: the order fails, its promo code use is released, and the buyer goes back to /purchased', async () => {
    const code = await makeCoupon(db(), { maxUses: 3 });
    const order = await buyOrder(t.api, { couponCode: code });
    expect((await couponRow(db(), code)).usedCount).toBe(1);
    const failed = await postForm(t.app, order.payUrl, { outcome: 'failed' });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/purchased?orderId=${order.orderNo}`);
    expect((await orderOf(db(), order.orderNo))?.status).toBe('failed');
    expect((await couponRow(db(), code)).usedCount).toBe(0);
    expect(await grantsOf(db(), order.user.userId)).toHaveLength(0);
    const page = await t.app.inject({ url: order.payUrl });
    expect(page.body).toContain('This payment failed.');
    expect(buttons(page.body)).toEqual([]);
  });

  it('an unknown outcome or order changes nothing', async () => {
    const order = await buyOrder(t.api);
    expect((await postForm(t.app, order.payUrl, { outcome: 'free' })).statusCode).toBe(400);
    expect((await postForm(t.app, '/pay/sandbox/K2026NOPE', { outcome: 'paid' })).statusCode).toBe(
      404,
    );
    expect((await orderOf(db(), order.orderNo))?.status).toBe('pending');
  });
});

describe('sandbox in PROD', () => {
  it(
    'is refused: no sandbox gateway, no methods without a real one, no sandbox routes',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'kestrel-prod-pay-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: 'memory://',
        APP_ENV: 'PROD',
        ...PROD_REQUIRED_ENV,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'silent',
        STATIC_DIR: join(dataDir, 'no-spa'),
        ...testKeyEnv(),
      });
      const gateways = await createPaymentGateways(config);
      expect(gateways.sandbox).toBeUndefined();
      expect(gateways.methods()).toEqual([]);
      expect(gateways.forMethod('alipay')).toBeUndefined();

      const app = await buildApp(config);
      try {
        await app.ready();
        // Not registered at all: the request falls through to the SPA's fallback (503 without a build).
        expect(app.hasRoute({ method: 'GET', url: '/pay/sandbox/:orderNo' })).toBe(false);
        expect(app.hasRoute({ method: 'POST', url: '/pay/notify/sandbox' })).toBe(false);
        const page = await app.inject({ url: '/pay/sandbox/K20261122ABCDEFGHIJ' });
        expect(page.statusCode).not.toBe(200);
        expect(page.body).not.toContain('Sandbox checkout');
        const notify = await app.inject({
          method: 'POST',
          url: '/pay/notify/sandbox',
          payload: {},
        });
        expect(notify.statusCode).not.toBe(200);
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    STARTUP_TIMEOUT_MS,
  );

  it('with EPay and Stripe configured, PROD offers exactly their methods; without a public origin it refuses to start', async () => {
    const base = {
      APP_ENV: 'PROD',
      SMTP_URL: PROD_REQUIRED_ENV.SMTP_URL,
      EPAY_URL: 'https://pay.example.com',
      EPAY_PID: '1001',
      EPAY_KEY: 'k',
      EPAY_METHODS: 'alipay,wechat',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      DATA_DIR: tmpdir(),
    };
    expect(() => loadConfig(base)).toThrow(/PUBLIC_ORIGIN/);
    const gateways = await createPaymentGateways(
      loadConfig({ ...base, PUBLIC_ORIGIN: 'https://kestrel.example' }),
    );
    expect(gateways.methods()).toEqual([
      { method: 'alipay', recommended: true },
      { method: 'wechat', recommended: false },
      { method: 'card', recommended: false },
    ]);
    expect(gateways.forMethod('unionpay')).toBeUndefined();
    expect(gateways.forMethod('card')?.name).toBe('stripe');
    expect(() => loadConfig({ EPAY_URL: 'https://pay.example.com' })).toThrow(/together/);
  });
});
