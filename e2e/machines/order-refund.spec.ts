/**
 * The order-refund machine replayed through an order's page in /admin/orders. Each path is a new
 * member whose order is paid in the sandbox gateway, and a finance member signed in; a path that
 * meets the step-up has its session's second factor aged first (the dev route), so the server
 * answers the first refund with its real STEP_UP_REQUIRED. The codes are the authenticator's.
 */
import type { Page } from '@playwright/test';
import { orderRefundMachine } from '../../machines/order-refund/order-refund.machine';
import {
  ageSecondFactor,
  enrolledStaff,
  signInByApi,
  type EnrolledStaff,
} from '../support/console';
import { expect } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import { describeMachinePaths } from '../support/path-runner';
import { DEMO, createOrder, payInSandbox } from '../support/store';
import { WRONG_CODE, meetsStepUp, orderRefundUiPaths } from './order-refund.model';

interface Data {
  readonly finance: EnrolledStaff;
  readonly orderId: string;
}

const main = (page: Page) => page.getByRole('main');
const refundButton = (page: Page, i18n: I18n) =>
  main(page).getByRole('button', { name: i18n.t('Refund'), exact: true });
const refundDialog = (page: Page, i18n: I18n, orderId: string) =>
  page.getByRole('alertdialog', { name: i18n.t('Refund order {orderId}?', { orderId }) });
const stepUpDialog = (page: Page, i18n: I18n) =>
  page.getByRole('dialog', { name: i18n.t("Confirm it's you") });
const statusOf = (page: Page, i18n: I18n) =>
  main(page)
    .locator('.console-details')
    .getByText(i18n.t('Status'), { exact: true })
    .locator('xpath=following-sibling::dd[1]');

describeMachinePaths<typeof orderRefundMachine, Data>({
  title: 'order-refund machine through /admin/orders',
  machine: orderRefundMachine,
  generator: () => orderRefundUiPaths(),
  traversal: {},
  setup: async ({ page, request, api, i18n, users }, path) => {
    const member = await users.byUsername();
    const order = await createOrder(api, member.token, DEMO.standard1);
    await payInSandbox(page, i18n, order.payUrl, 'pay');
    const finance = await enrolledStaff(request, 'finance', 'refund');
    await signInByApi(page, finance);
    if (meetsStepUp(path)) await ageSecondFactor(page);
    await page.goto('/admin/orders');
    const filters = page.getByRole('form', { name: i18n.t('Filter the orders') });
    await filters.getByLabel(i18n.t('Member ID')).fill(String(member.userId));
    await filters.getByRole('button', { name: i18n.t('Filter') }).click();
    await main(page)
      .getByRole('button', { name: i18n.t('Open order {0}', { 0: order.orderId }) })
      .click();
    return { finance, orderId: order.orderId };
  },
  eventActions: {
    OPEN: async ({ page, i18n }) => {
      await refundButton(page, i18n).click();
    },
    CANCEL: async ({ page, i18n }) => {
      await page
        .getByRole('dialog')
        .or(page.getByRole('alertdialog'))
        .getByRole('button', { name: i18n.t('Cancel') })
        .click();
    },
    SUBMIT: async ({ page, i18n, data }, event) => {
      if (event.type !== 'SUBMIT') return;
      const dialog = refundDialog(page, i18n, data.orderId);
      await dialog
        .getByLabel(
          event.manual
            ? i18n.t("I refunded it in the gateway's dashboard: record it only")
            : i18n.t('Through the gateway, now'),
        )
        .check();
      await dialog.getByLabel(i18n.t('Reason')).fill(event.reason);
      await dialog.getByRole('button', { name: i18n.t('Refund'), exact: true }).click();
    },
    SUBMIT_CODE: async ({ page, i18n, data }, event) => {
      if (event.type !== 'SUBMIT_CODE') return;
      const dialog = stepUpDialog(page, i18n);
      const code = event.code === WRONG_CODE ? WRONG_CODE : await data.finance.authenticator.code();
      await dialog.getByLabel(i18n.t('Authenticator code')).fill(code);
      await dialog.getByRole('button', { name: i18n.t('Confirm') }).click();
    },
    'xstate.done.actor.refund': async () => {
      // The server refunds; what the page says about it is asserted next.
    },
    'xstate.error.actor.refund': async () => {
      // The server asks for a fresh code (its factor was aged in setup).
    },
    'xstate.done.actor.stepUp': async () => {
      // The code is accepted; the refund is sent again by itself.
    },
    'xstate.error.actor.stepUp': async () => {
      // A wrong code is refused by the server.
    },
    DISMISS: async ({ page, i18n }) => {
      await main(page)
        .getByRole('button', { name: i18n.t('OK') })
        .click();
    },
  },
  stateAssertions: {
    idle: async ({ page, i18n }, snapshot) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      if (snapshot.context.outcome) {
        await expect(statusOf(page, i18n)).toHaveText(i18n.t('Refunded'));
        await expect(refundButton(page, i18n)).toHaveCount(0);
      } else {
        await expect(statusOf(page, i18n)).toHaveText(i18n.t('Paid'));
        await expect(refundButton(page, i18n)).toBeVisible();
      }
    },
    editing: async ({ page, i18n, data }, snapshot) => {
      const dialog = refundDialog(page, i18n, data.orderId);
      await expect(dialog).toBeVisible();
      if (snapshot.context.reasonError !== null)
        await expect(dialog.getByText(i18n.error('REASON_REQUIRED'))).toBeVisible();
      await expect(stepUpDialog(page, i18n)).toHaveCount(0);
      await expect(statusOf(page, i18n)).toHaveText(i18n.t('Paid'));
    },
    refunding: { unobservable: 'lasts one refund request; the state after it is asserted' },
    steppingUp: async ({ page, i18n }, snapshot) => {
      const dialog = stepUpDialog(page, i18n);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(i18n.t('Authenticator code'))).toHaveAttribute(
        'autocomplete',
        'one-time-code',
      );
      if (snapshot.context.errorCode !== null)
        await expect(dialog.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
      await expect(statusOf(page, i18n)).toHaveText(i18n.t('Paid'));
    },
    verifying: { unobservable: 'lasts one step-up request; the state after it is asserted' },
    refunded: async ({ page, i18n, data }) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(
        main(page)
          .getByRole('status')
          .filter({ hasText: i18n.t('Order {orderId} is refunded.', { orderId: data.orderId }) }),
      ).toBeVisible();
      await expect(statusOf(page, i18n)).toHaveText(i18n.t('Refunded'));
    },
  },
});
