/**
 * The store in the account area (issue 3): the orders list (continue paying, cancel with
 * confirmation), a paid order's printable receipt (issue 22, item 9), a redeem code, and the free
 * trial.
 */
import { expectAccessible } from './support/axe';
import { expect } from './support/fixtures';
import { sidewaysOverflow } from './support/layout';
import { DEMO, longDate, test } from './support/store';
import { logInThroughUi, openPage } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  'orders: a pending order can be paid on or cancelled after confirming',
  ONE_PROJECT.zh,
  async ({ page, i18n, shopper }) => {
    const first = await shopper.order(DEMO.standard1);
    const second = await shopper.order(DEMO.lite1, 'USD');
    await page.goto('/user/profile');
    const orders = page.getByRole('region', { name: i18n.t('Orders') });
    // Newest first, each with its date, order ID, product, total and status.
    await expect(orders.getByRole('row')).toHaveCount(3);
    await expect(orders.getByRole('row').nth(1)).toContainText(second.orderId);
    await expect(orders.getByRole('row').nth(1)).toContainText('$2.99');
    await expect(orders.getByRole('row').nth(2)).toContainText(first.orderId);
    await expect(orders.getByRole('row').nth(2)).toContainText(i18n.t('Awaiting payment'));

    const pay = orders.getByRole('link', {
      name: i18n.t('Continue paying order {orderId}', { orderId: first.orderId }),
    });
    await expect(pay).toHaveAttribute('href', first.payUrl);

    const cancel = orders.getByRole('button', {
      name: i18n.t('Cancel order {orderId}', { orderId: first.orderId }),
    });
    // Keeping it changes nothing.
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: i18n.t('Cancel this order?') });
    await dialog.getByRole('button', { name: i18n.t('Keep order') }).click();
    await expect(dialog).toBeHidden();
    await expect(orders.getByRole('row').nth(2)).toContainText(i18n.t('Awaiting payment'));
    // Cancelling closes it.
    await cancel.click();
    await dialog.getByRole('button', { name: i18n.t('Cancel order'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(orders.getByRole('row').nth(2)).toContainText(i18n.t('Cancelled'));
    await expect(cancel).toHaveCount(0);
  },
);

test(
  'a paid order has a printable receipt in the orders list; an unpaid one has none',
  ONE_PROJECT.en,
  async ({ page, i18n, shopper }) => {
    const paid = await shopper.payNewOrder(DEMO.standard1, 'pay');
    const pending = await shopper.order(DEMO.lite1);
    await page.goto('/user/profile');
    const orders = page.getByRole('region', { name: i18n.t('Orders') });
    const receiptOf = (orderId: string) =>
      orders.getByRole('link', { name: i18n.t('Receipt of order {orderId}', { orderId }) });
    await expect(receiptOf(pending.orderId)).toHaveCount(0);
    await receiptOf(paid.orderId).click();
    await expect(page).toHaveURL(new RegExp(`/user/receipt/${paid.orderId}$`));

    const receipt = page.getByRole('article', { name: i18n.t('Receipt') });
    await expect(receipt).toContainText(paid.orderId);
    await expect(receipt).toContainText(i18n.t('Kestrel VPN'));
    await expect(receipt.getByRole('row', { name: i18n.t('Total paid') })).toContainText('¥');
    await expect(receipt).toContainText(shopper.user.account.replace(/^(.).*@/, ''));
    await expectAccessible(page);
    // On paper the receipt stands alone: no site header, menu or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(receipt.getByRole('button', { name: i18n.t('Print') })).toBeHidden();
    await expect(receipt).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // An unpaid order's address has no receipt.
    await page.goto(`/user/receipt/${pending.orderId}`);
    await expect(
      page.getByText(i18n.t('This order has not been paid, so it has no receipt.')),
    ).toBeVisible();
  },
);

test(
  'the receipt fits 390 and 1440 px in both languages',
  { tag: '@layout' },
  async ({ page, i18n, shopper }) => {
    const paid = await shopper.payNewOrder(DEMO.standard1, 'pay');
    await page.goto(`/user/receipt/${paid.orderId}`);
    await expect(page.getByRole('article', { name: i18n.t('Receipt') })).toContainText(
      paid.orderId,
    );
    expect(await sidewaysOverflow(page)).toEqual([]);
    await expectAccessible(page);
  },
);

test(
  'a redeem code must be entered, and a valid one shows the new expiry',
  ONE_PROJECT.en,
  async ({ page, i18n, shopper, request }) => {
    const made = await request.post('/dev/redeem-codes', { data: { planType: 1, days: 30 } });
    expect(made.ok()).toBe(true);
    const { code } = (await made.json()) as { code: string };

    await page.goto('/user/profile');
    const redeem = page.getByRole('region', { name: i18n.t('Redeem code') });
    await redeem.getByRole('button', { name: i18n.t('Redeem') }).click();
    await expect(redeem.getByText(i18n.error('REQUIRED_REDEEM_CODE'))).toBeVisible();
    await redeem.getByLabel(i18n.t('Redeem code')).fill('NOT-A-REAL-CODE');
    await redeem.getByRole('button', { name: i18n.t('Redeem') }).click();
    await expect(redeem.getByText(i18n.error('REDEEM_CODE_INVALID'))).toBeVisible();

    await redeem.getByLabel(i18n.t('Redeem code')).fill(code);
    await redeem.getByRole('button', { name: i18n.t('Redeem') }).click();
    await expect(
      redeem.getByText(i18n.pattern('Code redeemed. Your membership now runs until {until}.')),
    ).toBeVisible();
    const { expireTime } = await shopper.membership();
    expect(expireTime).not.toBeNull();
    const membership = page.getByRole('region', { name: i18n.t('Membership') });
    await expect(membership).toContainText(longDate(i18n, expireTime!));

    // The same code again: refused with the server's reason.
    await redeem.getByLabel(i18n.t('Redeem code')).fill(code);
    await redeem.getByRole('button', { name: i18n.t('Redeem') }).click();
    const refusals = [
      i18n.error('REDEEM_CODE_ALREADY_REDEEMED'),
      i18n.error('REDEEM_CODE_USED_UP'),
    ];
    await expect(
      redeem.getByText(
        new RegExp(refusals.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')),
      ),
    ).toBeVisible();
    expect((await shopper.membership()).expireTime).toBe(expireTime);
  },
);

test(
  'the free trial: a visitor logs in first, then starts it once',
  ONE_PROJECT.zh,
  async ({ page, i18n, visitor }) => {
    const main = await openPage(page, i18n, '/trial', 'Free trial');
    await main.getByRole('link', { name: i18n.t('Log in'), exact: true }).click();
    await logInThroughUi(page, i18n, visitor.user.account, visitor.user.password);
    await expect(page).toHaveURL(/\/trial$/);

    await main.getByRole('button', { name: i18n.t('Start free trial') }).click();
    await expect(
      main.getByText(i18n.pattern('Your free trial has started. It ends at {endsAt}.')),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: i18n.t('Download the app') })).toHaveAttribute(
      'href',
      '/download',
    );
    const { expireTime, planType } = await visitor.membership();
    expect(planType).toBe(1);
    const minutes = (Date.parse(expireTime!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(10);
    expect(minutes).toBeLessThanOrEqual(15);

    // Once per account: coming back, the page gives the true reason, the trial used (not "only for
    // accounts that never had a membership", which the trial's own expiry used to suggest).
    await page.reload();
    await expect(main.getByText(i18n.error('TRIAL_USED'))).toBeVisible();
    await expect(main.getByText(i18n.error('TRIAL_MEMBERS_ONLY_NEW'))).toHaveCount(0);
    await expect(main.getByRole('button', { name: i18n.t('Start free trial') })).toHaveCount(0);
  },
);
