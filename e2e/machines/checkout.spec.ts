/**
 * The checkout machine replayed through /pricing, the sandbox gateway's page and /purchased.
 * Each test is one buyer (a fresh account); the order's fate is decided the way it would be in
 * life: the Pay or Fail button of the sandbox, a cancel from elsewhere, the order running out.
 */
import type { Page } from '@playwright/test';
import { endpoints } from '../../contract';
import type { Order } from '../../contract/endpoints/payment';
import { AWAIT_LIMIT_MS, POLL_MS } from '../../machines/checkout/checkout.constants';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { errorKeyOf, type I18n } from '../support/i18n';
import { expect } from '../support/fixtures';
import { describeMachinePaths, type StepInfo } from '../support/path-runner';
import { resultDialog, sandboxButton } from '../support/store';
import type { TestUser } from '../support/user-factory';
import { useSessionToken } from '../support/ui';
import { GOOD_CODE, checkoutUiPaths } from './checkout.model';

interface Data {
  readonly user: TestUser;
  /** Filled in when the app hands off to the gateway. */
  orderId: string | null;
}

const summary = (page: Page, i18n: I18n) =>
  page.getByRole('complementary', { name: i18n.t('Order summary') });

const summaryButton = (page: Page, i18n: I18n, name: string | RegExp) =>
  summary(page, i18n).getByRole('button', { name });

/** The status the path says the next look at the order finds. */
function nextStatus(step: StepInfo<typeof checkoutMachine>): Order['status'] | undefined {
  const next = step.path.steps
    .slice(step.index + 1)
    .find((s) => (s.event.type as string) === 'xstate.done.actor.fetchOrder');
  return (next?.event as { output?: Order } | undefined)?.output?.status;
}

/** The result dialog, once it shows this heading. */
async function resultTitled(page: Page, heading: string) {
  const dialog = resultDialog(page);
  await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
  return dialog;
}

async function promoField(page: Page, i18n: I18n) {
  const box = summary(page, i18n);
  const toggle = box.getByRole('button', { name: i18n.t('Have a promo code?') });
  if (await toggle.isVisible()) await toggle.click();
  return box.getByLabel(i18n.t('Promo code'));
}

describeMachinePaths<typeof checkoutMachine, Data>({
  title: 'checkout machine through /pricing, the sandbox and /purchased',
  machine: checkoutMachine,
  generator: () => checkoutUiPaths(),
  traversal: {},
  setup: async ({ page, users }) => {
    const user = await users.byUsername();
    await useSessionToken(page, user.token);
    await page.clock.install();
    await page.goto('/pricing');
    const data: Data = { user, orderId: null };
    return data;
  },
  eventActions: {
    SELECT: async ({ page, i18n }) => {
      await page
        .getByRole('group', { name: i18n.t('Duration') })
        .getByRole('radio', { name: /^1\D/ })
        .check();
    },
    APPLY_COUPON: async ({ page, i18n }, event) => {
      if (event.type !== 'APPLY_COUPON') throw new Error('not APPLY_COUPON');
      await (await promoField(page, i18n)).fill(event.code === '' ? '' : event.code);
      await summaryButton(page, i18n, i18n.t('Apply')).click();
    },
    REMOVE_COUPON: async ({ page, i18n }) => {
      await summaryButton(page, i18n, i18n.t('Remove')).click();
    },
    PAY: async ({ page, i18n }) => {
      await summaryButton(page, i18n, i18n.pattern('Pay {amount}')).click();
    },
    'xstate.done.actor.checkCoupon': async () => {
      // The server's answer arrives by itself; the applied code is asserted next.
    },
    'xstate.error.actor.checkCoupon': async () => {
      // As above: the refusal is shown under the field.
    },
    'xstate.done.actor.createOrder': async ({ page, data }) => {
      // The app hands off to the gateway by itself; remember which order it made.
      await expect(page).toHaveURL(/\/pay\/sandbox\/K\w+/);
      data.orderId = /\/pay\/sandbox\/(K\w+)/.exec(page.url())![1]!;
    },
    RETURNED: async ({ page, i18n, api, data }, _event, step) => {
      const status = nextStatus(step);
      if (status === 'paid') await sandboxButton(page, i18n, 'pay').click();
      else if (status === 'failed') await sandboxButton(page, i18n, 'fail').click();
      else {
        if (status === 'cancelled') {
          await api.ok(
            endpoints.paymentOrderCancel.path,
            { orderId: data.orderId },
            data.user.token,
          );
        }
        // Back on the return URL without paying (the gateway's "back to the shop" link).
        await page.goto(`/purchased?orderId=${data.orderId}`);
      }
      await expect(page).toHaveURL(/\/purchased\?orderId=K/);
    },
    'xstate.done.actor.fetchOrder': async () => {
      // The page asks the server itself; the state after it shows the answer.
    },
    'xstate.after.POLL.checkout.awaitingPayment.waiting': async ({ page, context, i18n, data }) => {
      // The payment arrives while the page waits: paid in another tab.
      const other = await context.newPage();
      await other.goto(`/pay/sandbox/${data.orderId}`);
      await sandboxButton(other, i18n, 'pay').click();
      // Closing the tab before the gateway answered would abort the payment itself.
      await expect(other).toHaveURL(/\/purchased\?orderId=K/);
      await other.close();
      await page.clock.runFor(POLL_MS);
    },
    'xstate.after.AWAIT_LIMIT.checkout.awaitingPayment': async ({ page }) => {
      await page.clock.runFor(AWAIT_LIMIT_MS);
    },
    RECHECK: async ({ page, i18n, request, data }, _event, step) => {
      if (nextStatus(step) === 'expired') {
        expect((await request.post(`/dev/orders/${data.orderId}/expire`)).ok()).toBe(true);
      }
      await resultDialog(page)
        .getByRole('button', { name: i18n.t('Check again') })
        .click();
    },
  },
  stateAssertions: {
    'choosing.idle': async ({ page, i18n }, snapshot) => {
      const box = summary(page, i18n);
      await expect(box.getByRole('button', { name: i18n.pattern('Pay {amount}') })).toBeEnabled();
      await expect(box.getByRole('button', { name: i18n.t('Remove') })).toHaveCount(0);
      if (snapshot.context.selection) {
        await expect(
          page
            .getByRole('group', { name: i18n.t('Duration') })
            .getByRole('radio', { name: /^1\D/ }),
        ).toBeChecked();
      }
    },
    'choosing.couponRejected': async ({ page, i18n }, snapshot) => {
      const field = summary(page, i18n).getByLabel(i18n.t('Promo code'));
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const key = errorKeyOf(snapshot.context.couponError!);
      await expect(summary(page, i18n).getByText(i18n.error(key))).toBeVisible();
    },
    'choosing.couponApplied': async ({ page, i18n }) => {
      await expect(
        summary(page, i18n).getByRole('status').filter({ hasText: GOOD_CODE }),
      ).toBeVisible();
    },
    checkingCoupon: { unobservable: 'lasts one promo-code check; its outcome is asserted' },
    creatingOrder: { unobservable: 'lasts one purchase request; the gateway page is asserted' },
    redirecting: async ({ page }) => {
      await expect(page).toHaveURL(/\/pay\/sandbox\/K\w+/);
    },
    'awaitingPayment.fetching': {
      unobservable: 'lasts one order request; the spinner or the dialog after it is asserted',
    },
    'awaitingPayment.waiting': async ({ page, i18n }) => {
      await expect(
        page.getByRole('status').filter({
          hasText: i18n.t('Confirming your payment… This usually takes a few seconds.'),
        }),
      ).toBeVisible();
    },
    paid: async ({ page, i18n }) => {
      const dialog = await resultTitled(page, i18n.t('Payment successful'));
      await expect(dialog.getByText(i18n.pattern('New expiry: {newExpiry}'))).toBeVisible();
    },
    failed: async ({ page, i18n }) => {
      const dialog = await resultTitled(page, i18n.t('Payment failed'));
      await expect(dialog).toContainText(i18n.error('PAYMENT_NOT_DETECTED'));
    },
    expired: async ({ page, i18n }) => {
      const dialog = await resultTitled(page, i18n.t('Order expired'));
      await expect(dialog.getByRole('link', { name: i18n.t('Buy again') })).toBeVisible();
    },
    cancelled: async ({ page, i18n }) => {
      await resultTitled(page, i18n.t('Order closed'));
    },
    notDetected: async ({ page, i18n }) => {
      const dialog = await resultTitled(page, i18n.t('Payment not detected yet'));
      await expect(dialog).toContainText(i18n.error('PAYMENT_NOT_DETECTED'));
      await expect(dialog.getByRole('button', { name: i18n.t('Check again') })).toBeVisible();
    },
  },
});
