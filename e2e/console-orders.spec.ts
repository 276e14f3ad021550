/**
 * The console's orders section (issue 21, item 6) through the SPA. Finance finds a member's orders
 * by filters (a bad member ID is refused on the page), opens a paid one with its gateway event and
 * refunds it through the gateway, meeting the server's real step-up (the dev route ages the
 * session's second factor); confirms by hand the payment of an order that had expired, which the
 * credit path accepts late and flags; and resolves that flag in the queue. Support reads the same
 * pages with no money action on them. Members pay in the sandbox gateway; staff are made with the
 * CLI.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import {
  ageSecondFactor,
  confirmStepUp,
  enrolledStaff,
  expectSectionClosed,
  main,
  openSectionAs,
  signedInStaff,
  signInByApi,
} from './support/console';
import { expect, test } from './support/fixtures';
import type { I18n } from './support/i18n';
import { DEMO, createOrder, payInSandbox, type ApiOrder } from './support/store';
import { ONE_PROJECT } from './support/projects';

async function filterByMember(page: Page, i18n: I18n, userId: number | string): Promise<void> {
  const filters = page.getByRole('form', { name: i18n.t('Filter the orders') });
  await filters.getByLabel(i18n.t('Member ID')).fill(String(userId));
  await filters.getByRole('button', { name: i18n.t('Filter') }).click();
}

async function openOrder(page: Page, i18n: I18n, order: ApiOrder): Promise<void> {
  await main(page)
    .getByRole('button', { name: i18n.t('Open order {0}', { 0: order.orderId }) })
    .first()
    .click();
  await expect(
    main(page).getByRole('heading', {
      name: i18n.t('Order {orderId}', { orderId: order.orderId }),
    }),
  ).toBeVisible();
}

const statusDetail = (page: Page, i18n: I18n) =>
  main(page)
    .locator('.console-details div, .console-details')
    .getByText(i18n.t('Status'), { exact: true })
    .locator('xpath=following-sibling::dd[1]');

test.describe('console orders', () => {
  test(
    'finance refunds a paid order after a step-up, confirms a late payment by hand and resolves its flag',
    ONE_PROJECT.zh,
    async ({ page, request, api, i18n, users }) => {
      test.slow();
      const member = await users.byUsername();
      const paid = await createOrder(api, member.token, DEMO.standard1);
      await payInSandbox(page, i18n, paid.payUrl, 'pay');
      const late = await createOrder(api, member.token, DEMO.lite1);
      expect((await request.post(`/dev/orders/${late.orderId}/expire`)).ok()).toBe(true);

      const finance = await openSectionAs(
        page,
        request,
        i18n,
        'finance',
        '/admin/orders',
        'Orders',
      );

      // A member ID that is not one is refused on the page; the member's own finds both orders.
      await filterByMember(page, i18n, 'abc');
      await expect(main(page).getByText(i18n.error('USER_NOT_FOUND'))).toBeVisible();
      await filterByMember(page, i18n, member.userId);
      await expect(page.getByTestId('orders-total')).toContainText('2');
      await expectAccessible(page);

      // The paid order: its gateway event, then a refund that asks for a fresh code first.
      await openOrder(page, i18n, paid);
      await expect(page).toHaveURL(new RegExp(`/admin/orders\\?order=${paid.orderId}$`));
      await expect(main(page).getByRole('table', { name: i18n.t('Gateway events') })).toContainText(
        `SBX${paid.orderId}`,
      );
      await ageSecondFactor(page);
      await main(page)
        .getByRole('button', { name: i18n.t('Refund'), exact: true })
        .click();
      const refund = page.getByRole('alertdialog', {
        name: i18n.t('Refund order {orderId}?', { orderId: paid.orderId }),
      });
      await refund.getByRole('button', { name: i18n.t('Refund'), exact: true }).click();
      await expect(refund.getByText(i18n.error('REASON_REQUIRED'))).toBeVisible();
      await expectAccessible(page);
      await refund.getByLabel(i18n.t('Reason')).fill('Customer asked within 24 hours');
      await refund.getByRole('button', { name: i18n.t('Refund'), exact: true }).click();
      await confirmStepUp(page, i18n, finance);
      await expect(
        main(page)
          .getByRole('status')
          .filter({
            hasText: i18n.t('Order {orderId} is refunded.', { orderId: paid.orderId }),
          }),
      ).toBeVisible();
      await expect(statusDetail(page, i18n)).toHaveText(i18n.t('Refunded'));
      await main(page)
        .getByRole('button', { name: i18n.t('OK') })
        .click();
      await expect(
        main(page).getByRole('button', { name: i18n.t('Refund'), exact: true }),
      ).toHaveCount(0);

      // The expired order: its payment confirmed by hand is credited late, and flagged.
      await main(page)
        .getByRole('button', { name: i18n.t('Back to the orders') })
        .click();
      await filterByMember(page, i18n, member.userId);
      await openOrder(page, i18n, late);
      await expect(statusDetail(page, i18n)).toHaveText(i18n.t('Expired'));
      await main(page)
        .getByRole('button', { name: i18n.t('Confirm payment by hand') })
        .click();
      const confirm = page.getByRole('dialog', {
        name: i18n.t('Confirm the payment of order {orderId}', { orderId: late.orderId }),
      });
      await confirm.getByLabel(i18n.t('Gateway trade number')).fill('x');
      await confirm.getByLabel(i18n.t('Reason')).fill('Paid at the counter, seen in Alipay');
      await confirm.getByRole('button', { name: i18n.t('Confirm payment') }).click();
      await expect(confirm.getByText(i18n.error('TRADE_NO_REQUIRED'))).toBeVisible();
      await confirm.getByLabel(i18n.t('Gateway trade number')).fill(`HAND${late.orderId}`);
      await confirm.getByRole('button', { name: i18n.t('Confirm payment') }).click();
      await expect(confirm).toBeHidden();
      await expect(
        main(page)
          .getByRole('status')
          .filter({
            hasText: i18n.t('The payment is confirmed and the order credited.'),
          }),
      ).toBeVisible();
      await expect(statusDetail(page, i18n)).toHaveText(i18n.t('Paid'));
      await expect(main(page).getByRole('table', { name: i18n.t('Flags') })).toContainText(
        i18n.t('Paid after the order had ended'),
      );

      // The flag waits in the queue until finance says what was done.
      await main(page)
        .getByRole('button', { name: i18n.t('Back to the orders') })
        .click();
      const flags = main(page).getByRole('region', { name: i18n.t('Payment flags') });
      const flagRow = flags.getByRole('row').filter({ hasText: late.orderId });
      await expect(flagRow).toContainText(i18n.t('Paid after the order had ended'));
      await flagRow.locator('button', { hasText: i18n.t('Resolve') }).click();
      const resolve = page.getByRole('dialog');
      await resolve.getByLabel(i18n.t('Reason')).fill('Late but real: membership kept');
      await resolve.getByRole('button', { name: i18n.t('Resolve') }).click();
      await expect(resolve).toBeHidden();
      await expect(flagRow).toHaveCount(0);
      await flags.getByLabel(i18n.t('Show resolved flags too')).check();
      await expect(flags.getByRole('row').filter({ hasText: late.orderId })).toBeVisible();
      await expectAccessible(page);

      // The order open is in the address: a link from another section (the crypto section's
      // reorged credits) or a reload opens it, and the back button returns to it.
      const lateHeading = main(page).getByRole('heading', {
        name: i18n.t('Order {orderId}', { orderId: late.orderId }),
      });
      await page.goto(`/admin/orders?order=${late.orderId}`);
      await expect(lateHeading).toBeVisible();
      await main(page)
        .getByRole('button', { name: i18n.t('Back to the orders') })
        .click();
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await expect(flags).toBeVisible();
      await page.goBack();
      await expect(lateHeading).toBeVisible();
      await page.reload();
      await expect(lateHeading).toBeVisible();
    },
  );

  test(
    'support reads orders and flags but moves no money; content is kept out',
    ONE_PROJECT.en,
    async ({ page, request, api, i18n, users }) => {
      const member = await users.byUsername();
      const paid = await createOrder(api, member.token, DEMO.standard1);
      await payInSandbox(page, i18n, paid.payUrl, 'pay');
      await signedInStaff(page, request, 'support');
      await page.goto('/admin/orders');
      await filterByMember(page, i18n, member.userId);
      await openOrder(page, i18n, paid);
      await expect(statusDetail(page, i18n)).toHaveText(i18n.t('Paid'));
      await expect(
        main(page).getByRole('button', { name: i18n.t('Refund'), exact: true }),
      ).toHaveCount(0);
      await expect(
        main(page).getByRole('button', { name: i18n.t('Confirm payment by hand') }),
      ).toHaveCount(0);
      await expectAccessible(page);

      const content = await enrolledStaff(request, 'content');
      await page.context().clearCookies();
      await signInByApi(page, content);
      await expectSectionClosed(page, i18n, '/admin/orders', 'Orders');
    },
  );
});
