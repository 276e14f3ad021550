/**
 * Steps of the store journeys (e2e/store-*.spec.ts, e2e/machines/checkout.spec.ts): the sandbox
 * gateway's page, orders made through the API, the expected dates.
 */
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { endpoints } from '../../contract';
import type { ApiClient } from './api-client';
import type { I18n } from './i18n';

/** The sandbox checkout page's buttons (server/gateways/sandbox-page.ts), in the order's language. */
export function sandboxButton(page: Page, i18n: I18n, outcome: 'pay' | 'fail') {
  const name =
    i18n.language === 'en'
      ? outcome === 'pay'
        ? 'Pay'
        : 'Fail'
      : outcome === 'pay'
        ? '支付'
        : '支付失败';
  return page.getByRole('button', { name, exact: true });
}

/** Demo plans (server/store/seed-plans.ts): Standard 101-104, Lite 201-204 for 1/3/6/12 months. */
export const DEMO = {
  standard12: 104,
  standard1: 101,
  lite1: 201,
  coupon: 'WELCOME10',
  couponPercent: 10,
} as const;

export interface ApiOrder {
  orderId: string;
  payUrl: string;
}

/** An order made through the API with the user's token, as the pricing page would make it. */
export async function createOrder(
  api: ApiClient,
  token: string,
  productId: number,
  currency: 'CNY' | 'USD' = 'CNY',
): Promise<ApiOrder> {
  const res = await api.ok<ApiOrder>(
    endpoints.paymentPurchase.path,
    { productId, method: 'alipay', currency, idempotencyKey: randomUUID() },
    token,
  );
  return res.body.data;
}

/** Pays an order on the sandbox's page and waits for the way back to /purchased. */
export async function payInSandbox(
  page: Page,
  i18n: I18n,
  payUrl: string,
  outcome: 'pay' | 'fail',
) {
  await page.goto(payUrl);
  await sandboxButton(page, i18n, outcome).click();
  await expect(page).toHaveURL(/\/purchased\?orderId=/);
}

export async function userInfo(api: ApiClient, token: string) {
  const res = await api.ok<{ expireTime: string | null; planType: 1 | 2 | null }>(
    endpoints.systemUserInfo.path,
    {},
    token,
  );
  return res.body.data;
}

/** The profile's date format (src/features/account/profile-page.tsx). */
export function longDate(i18n: I18n, iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));
}

/** The result dialog of /purchased. */
export function resultDialog(page: Page) {
  return page.getByRole('dialog');
}
