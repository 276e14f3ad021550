/**
 * The third-party-client machine replayed on /user/third-party-client: each event becomes the
 * user's click (or the server's answer, or one second of Playwright's clock), each state what the
 * page shows.
 */
import type { Page } from '@playwright/test';
import { TICK_MS } from '../../machines/third-party-client/third-party-client.constants';
import { thirdPartyClientMachine } from '../../machines/third-party-client/third-party-client.machine';
import { DEMO_USER } from '../../server/accounts/seed-demo-user';
import { expect } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import { describeMachinePaths } from '../support/path-runner';
import { useSessionToken } from '../support/ui';
import { thirdPartyClientUiPaths } from './third-party-client.model';

const main = (page: Page) => page.getByRole('main');
const confirmation = (page: Page, i18n: I18n) =>
  page.getByRole('alertdialog', { name: i18n.t('Turn off the third-party client function?') });
const cooldownText = (page: Page, i18n: I18n) =>
  main(page)
    .getByRole('status')
    .filter({
      hasText: i18n.pattern(
        'You can turn it on again in {days} d {hours} h {minutes} min {seconds} s ({0}).',
      ),
    });

describeMachinePaths<typeof thirdPartyClientMachine, { cooldownSeen: string }>({
  title: 'third-party-client machine through its page',
  machine: thirdPartyClientMachine,
  generator: () => thirdPartyClientUiPaths(),
  traversal: {},
  async setup({ page, users }, path) {
    const first = path.steps[1]?.event as { output?: { membershipActive?: boolean } } | undefined;
    const member = first?.output?.membershipActive !== false;
    const user = member ? await users.invitedBy(DEMO_USER.inviteCode) : await users.byUsername();
    await useSessionToken(page, user.token);
    await page.clock.install();
    await page.goto('/user/third-party-client');
    return { cooldownSeen: '' };
  },
  eventActions: {
    'xstate.done.actor.loadState': async () => {
      // The page loads the state by itself; the next state's assertion proves which answer came.
    },
    ENABLE: async ({ page, i18n }) => {
      await main(page)
        .getByRole('button', { name: i18n.t('Turn on') })
        .click();
    },
    'xstate.done.actor.toggle': async () => {
      // The server answers by itself.
    },
    DISABLE: async ({ page, i18n }) => {
      await main(page)
        .getByRole('button', { name: i18n.t('Turn off') })
        .click();
    },
    CANCEL: async ({ page, i18n }) => {
      await confirmation(page, i18n)
        .getByRole('button', { name: i18n.t('Keep it on') })
        .click();
    },
    CONFIRM: async ({ page, i18n }) => {
      await confirmation(page, i18n)
        .getByRole('button', { name: i18n.t('Turn off') })
        .click();
    },
    'xstate.after.TICK.thirdPartyClient.disabled.coolingDown': async (scope) => {
      scope.data.cooldownSeen = (await cooldownText(scope.page, scope.i18n).textContent()) ?? '';
      await scope.page.clock.runFor(TICK_MS);
    },
  },
  stateAssertions: {
    loading: { unobservable: 'lasts one request; the state after it is asserted' },
    enabling: { unobservable: 'lasts one request' },
    disabling: { unobservable: 'lasts one request' },
    unavailable: async ({ page, i18n }) => {
      await expect(
        main(page).getByText(i18n.t('The third-party client function needs an active membership.')),
      ).toBeVisible();
      await expect(main(page).getByRole('button', { name: i18n.t('Turn on') })).toHaveCount(0);
    },
    'disabled.ready': async ({ page, i18n }) => {
      await expect(main(page).getByRole('button', { name: i18n.t('Turn on') })).toBeEnabled();
      await expect(main(page).getByText(i18n.t('Unlimited'), { exact: true })).toBeVisible();
    },
    'enabled.confirmingDisable': async ({ page, i18n }) => {
      const dialog = confirmation(page, i18n);
      await expect(dialog).toBeVisible();
      // Focus waits on the safe answer; the function is still on behind the dialog.
      await expect(dialog.getByRole('button', { name: i18n.t('Keep it on') })).toBeFocused();
      await expect(main(page).getByText(i18n.t('On'), { exact: true })).toBeVisible();
    },
    'enabled.idle': async ({ page, i18n }) => {
      await expect(confirmation(page, i18n)).toBeHidden();
      await expect(main(page).getByRole('button', { name: i18n.t('Turn off') })).toBeEnabled();
      await expect(
        main(page).getByText(i18n.t('{mbps} Mbps', { mbps: 10 }), { exact: true }),
      ).toBeVisible();
      await expect(main(page).getByLabel(i18n.t('Subscription link'), { exact: true })).toHaveValue(
        /\/sub\//,
      );
    },
    'disabled.coolingDown': async ({ page, i18n, data }) => {
      await expect(main(page).getByRole('button', { name: i18n.t('Turn on') })).toBeDisabled();
      const text = cooldownText(page, i18n);
      await expect(text).toBeVisible();
      // After a tick the countdown shows a different second than before it.
      if (data.cooldownSeen) await expect(text).not.toHaveText(data.cooldownSeen);
    },
  },
});
