/**
 * Steps of the store journeys (e2e/store-*.spec.ts, e2e/machines/checkout.spec.ts): the sandbox
 * gateway's page, orders made through the API, the expected dates.
 */
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { endpoints } from '../../contract';
import type { ApiClient } from './api-client';
import { test as base } from './fixtures';
import type { I18n } from './i18n';
import type { TestUser } from './user-factory';

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

/**
 * An order made through the API with the user's token, as the pricing page would make it (with the
 * promo code `couponCode` applied, when one is given).
 */
export async function createOrder(
  api: ApiClient,
  token: string,
  productId: number,
  currency: 'CNY' | 'USD' = 'CNY',
  couponCode?: string,
): Promise<ApiOrder> {
  const res = await api.ok<ApiOrder>(
    endpoints.paymentPurchase.path,
    {
      productId,
      method: 'alipay',
      currency,
      ...(couponCode === undefined ? {} : { couponCode }),
      idempotencyKey: randomUUID(),
    },
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

/**
 * A fresh user and the store's steps on their behalf, bound to the test's page, API client and
 * language: what the store journeys start from.
 */
export class Shopper {
  constructor(
    readonly user: TestUser,
    private readonly page: Page,
    private readonly i18n: I18n,
    private readonly api: ApiClient,
  ) {}

  /** An order of `productId` made through the API, not paid yet. */
  order(productId: number, currency?: 'CNY' | 'USD', couponCode?: string): Promise<ApiOrder> {
    return createOrder(this.api, this.user.token, productId, currency, couponCode);
  }

  /** A new order of `productId`, paid (or failed) in the sandbox; the page is back on /purchased. */
  async payNewOrder(productId: number, outcome: 'pay' | 'fail'): Promise<ApiOrder> {
    const order = await this.order(productId);
    await payInSandbox(this.page, this.i18n, order.payUrl, outcome);
    return order;
  }

  /** The user's membership as the server has it now. */
  membership() {
    return userInfo(this.api, this.user.token);
  }
}

/**
 * The e2e fixtures, `shopper` (a fresh user, signed in, with the store's steps) and `visitor` (the
 * same for a fresh user who has not logged in yet).
 */
export const test = base.extend<{ shopper: Shopper; visitor: Shopper }>({
  shopper: async ({ signedInUser, page, i18n, api }, use) => {
    await use(new Shopper(signedInUser, page, i18n, api));
  },
  visitor: async ({ registeredUser, page, i18n, api }, use) => {
    await use(new Shopper(registeredUser, page, i18n, api));
  },
});
