/** What the crypto-pay specs share: the plan paid for, the page's landmarks, the quote's end. */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { endpoints } from '../../contract';
import type { ApiClient } from './api-client';
import { expect } from './fixtures';
import type { I18n } from './i18n';
import { DEMO, resultDialog } from './store';
import { useSessionToken } from './ui';
import type { UserFactory } from './user-factory';
import { TestWallet, installWallet, localNetwork, type TestWalletOptions } from './wallet';

/** Standard, 1 month: US$4.99, so 4.99 USDT (6 decimals). */
export const CRYPTO_PRODUCT = DEMO.standard1;
export const CRYPTO_PRICE = 4_990_000n;
/** A quote's life (ORDER_TTL_MINUTES). */
export const QUOTE_MS = 30 * 60_000;

export const payButton = (page: Page, i18n: I18n) =>
  page.getByRole('button', { name: i18n.pattern('Pay {amount} {symbol}') });

export const paymentPanel = (page: Page, i18n: I18n) =>
  page.getByRole('complementary', { name: i18n.t('Payment') });

/**
 * The confirmations the page shows (n of N). Parallel tests share the chain and each of their
 * transactions mines a block, so a count is read, never assumed; the e2e network needs 20
 * (e2e/support/start-app-server.mjs), more than other tests can add meanwhile.
 */
export async function shownConfirmations(page: Page, i18n: I18n, required: number) {
  const status = page.getByText(i18n.pattern('Confirmations: {shown} of {required}'));
  await expect(status).toBeVisible();
  const [shown, of] = ((await status.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(of).toBe(required);
  return shown!;
}

/** The member's orders as the orders list reads them, newest first. */
export async function ordersOf(api: ApiClient, token: string) {
  return (
    await api.ok<{ orders: { orderId: string; method: string; status: string }[] }>(
      endpoints.paymentOrder.path,
      {},
      token,
    )
  ).body.data.orders;
}

/**
 * The crypto payment went through: the result page says so with the new expiry and, like any
 * payment, it is in the orders list: paid, by crypto.
 */
export async function expectPaidByCrypto(page: Page, i18n: I18n, api: ApiClient, token: string) {
  await expect(page).toHaveURL(/\/purchased\?orderId=K/);
  const dialog = resultDialog(page);
  await expect(dialog.getByRole('heading', { name: i18n.t('Payment successful') })).toBeVisible();
  await expect(dialog.getByText(i18n.pattern('New expiry: {newExpiry}'))).toBeVisible();
  const orders = await ordersOf(api, token);
  expect(orders[0]).toMatchObject({ method: 'crypto', status: 'paid' });
}

/**
 * The quote on screen runs out: the server closes its order (dev route) and the page's clock
 * passes the expiry. The wall clock is then set back, as signed requests carry it and the server
 * checks it.
 */
export async function expireQuote({
  page,
  api,
  request,
  token,
  quoteMs,
}: {
  page: Page;
  api: ApiClient;
  request: APIRequestContext;
  token: string;
  quoteMs: number;
}): Promise<void> {
  const orders = await ordersOf(api, token);
  expect((await request.post(`/dev/orders/${orders[0]!.orderId}/expire`)).ok()).toBe(true);
  const now = await page.evaluate(() => Date.now());
  await page.clock.runFor(quoteMs);
  await page.clock.setSystemTime(now);
}

/** The SPA's danger colour (src/styles/tokens.css --c-danger), as computed. */
const DANGER = 'rgb(201, 42, 42)';

/**
 * A wallet or payment failure is shown as an error: an alert (read out by screen readers) in the
 * SPA's error colour, not as body text (issue 19 item 14).
 */
export async function expectErrorShown(scope: Page | Locator, text: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: text });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveCSS('color', DANGER);
}

/**
 * /crypto-pay of the plan, opened by a fresh user with a test wallet in the browser (funded with
 * USDT when `funds` is given) and the page's clock installed.
 */
export async function openWithWallet(
  {
    page,
    api,
    users,
  }: {
    page: Page;
    api: ApiClient;
    users: UserFactory;
  },
  options: TestWalletOptions & { funds?: bigint },
) {
  const user = await users.byUsername();
  const network = await localNetwork(api, CRYPTO_PRODUCT);
  const wallet = new TestWallet(network, options);
  await installWallet(page, wallet);
  if (options.funds) await wallet.fund('USDT', options.funds);
  await useSessionToken(page, user.token);
  await page.clock.install();
  await page.goto(`/crypto-pay/${CRYPTO_PRODUCT}`);
  return { wallet, network, user };
}
