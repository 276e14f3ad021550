/**
 * The kol-payout machine replayed through /user/kol. Each test is a new KOL (admin CLI); a path
 * that starts with enough available has three invitees pay in the sandbox and their refund window
 * ended by the dev route, so the page loads exactly the balance the path starts from.
 */
import { formatMoney } from '../../src/i18n/intl-format';
import { kolPayoutMachine } from '../../machines/kol-payout/kol-payout.machine';
import { expect, test } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import {
  INVITEES_FOR_PAYOUT,
  TRON_ADDRESS,
  confirmHeld,
  inviteesPay,
  makeKol,
  matureCommissions,
} from '../support/kol';
import { describeMachinePaths } from '../support/path-runner';
import { useSessionToken } from '../support/ui';
import type { Page } from '@playwright/test';
import { kolPayoutUiPaths } from './kol-payout.model';

interface Data {
  /** What the page loaded as available, in US cents: the amount a request pays out. */
  readonly availableCents: number;
}

const usd = (i18n: I18n, cents: number) =>
  formatMoney(i18n.language, { amount: cents, currency: 'USD' });
const main = (page: Page) => page.getByRole('main');
const requestButton = (page: Page, i18n: I18n) =>
  main(page).getByRole('button', { name: i18n.t('Request payout') });
/** The status the page shows once a payout of `cents` is requested (the page has other statuses). */
const payoutRequested = (page: Page, i18n: I18n, cents: number) =>
  main(page)
    .getByRole('status')
    .filter({
      hasText: i18n.t(
        'Payout of {0} requested. It is processing; the transaction hash appears under Settlements once it is paid.',
        { 0: usd(i18n, cents) },
      ),
    });

describeMachinePaths<typeof kolPayoutMachine, Data>({
  title: 'kol-payout machine through /user/kol',
  machine: kolPayoutMachine,
  generator: () => kolPayoutUiPaths(),
  traversal: {},
  setup: async ({ page, i18n, api, users }, path) => {
    const { availableCents } = path.steps[0]!.state.context;
    const kol = await users.byUsername();
    const { inviteCode } = await makeKol(api, kol);
    if (availableCents > 0) {
      // Three purchases in the sandbox and four operator commands (the review) before the page.
      test.slow();
      const orders = await inviteesPay(page, i18n, api, users, inviteCode, INVITEES_FOR_PAYOUT);
      await confirmHeld(kol.username!);
      await matureCommissions(page, orders);
    }
    await useSessionToken(page, kol.token);
    await page.goto('/user/kol');
    await expect(main(page).getByTestId('kol-available')).toHaveText(usd(i18n, availableCents));
    return { availableCents };
  },
  eventActions: {
    REQUEST: async ({ page, i18n }) => {
      await requestButton(page, i18n).click();
    },
    CANCEL: async ({ page, i18n }) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: i18n.t('Cancel') })
        .click();
    },
    CONFIRM: async ({ page, i18n }) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: i18n.t('Confirm payout') })
        .click();
    },
    'xstate.done.actor.requestPayout': async () => {
      // The server makes the settlement; what the page says about it is asserted next.
    },
    DISMISS: async ({ page, i18n }) => {
      await main(page)
        .getByRole('status')
        .getByRole('button', { name: i18n.t('OK') })
        .click();
    },
  },
  stateAssertions: {
    belowThreshold: async ({ page, i18n }, snapshot) => {
      await expect(requestButton(page, i18n)).toBeDisabled();
      await expect(
        main(page).getByText(
          i18n.t('You can request a payout once {0} is available.', {
            0: usd(i18n, snapshot.context.thresholdCents),
          }),
        ),
      ).toBeVisible();
      await expect(main(page).getByTestId('kol-available')).toHaveText(usd(i18n, 0));
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
    ready: async ({ page, i18n, data }) => {
      await expect(requestButton(page, i18n)).toBeEnabled();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(main(page).getByTestId('kol-available')).toHaveText(
        usd(i18n, data.availableCents),
      );
    },
    confirming: async ({ page, i18n, data }) => {
      const dialog = page.getByRole('dialog');
      await expect(
        dialog.getByRole('heading', {
          name: i18n.t('Request a payout of {amount}?', { amount: usd(i18n, data.availableCents) }),
        }),
      ).toBeVisible();
      await expect(dialog).toContainText(TRON_ADDRESS);
      await expect(dialog.getByRole('button', { name: i18n.t('Confirm payout') })).toBeFocused();
    },
    requesting: { unobservable: 'lasts one payout request; the settlement after it is asserted' },
    requested: async ({ page, i18n, data }) => {
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(payoutRequested(page, i18n, data.availableCents)).toBeVisible();
      await expect(main(page).getByTestId('kol-available')).toHaveText(usd(i18n, 0));
      await expect(requestButton(page, i18n)).toBeDisabled();
    },
  },
});
