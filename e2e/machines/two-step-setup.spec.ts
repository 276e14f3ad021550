/**
 * The two-step setup machine replayed through /user/security. Each test is one member, registered by
 * the API; a path that turns two-step sign-in off has it turned on first (user_totp_setup and
 * user_totp_enable with a code computed from the secret). The codes typed are right or wrong as the
 * path says the server answers; a secret request the path says fails is dropped on the network.
 */
import type { Locator, Page } from '@playwright/test';
import { endpoints, Errors } from '../../contract';
import { twoStepSetupMachine } from '../../machines/two-step-setup/two-step-setup.machine';
import { Authenticator } from '../support/authenticator';
import { expect } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import { describeMachinePaths } from '../support/path-runner';
import { openPage, useSessionToken } from '../support/ui';
import { dropsFirstSecret, startsOn, twoStepSetupUiPaths } from './two-step-setup.model';
import { nextRefusalOf } from './path-answers';

interface Data {
  app: Authenticator | null;
}

const card = (page: Page, i18n: I18n): Locator =>
  page.getByRole('region', { name: i18n.t('Two-step sign-in') });

const turnOnButton = (page: Page, i18n: I18n) =>
  card(page, i18n).getByRole('button', { name: i18n.t('Turn on two-step sign-in') });

describeMachinePaths<typeof twoStepSetupMachine, Data>({
  title: 'two-step setup machine through /user/security',
  machine: twoStepSetupMachine,
  generator: () => twoStepSetupUiPaths(),
  traversal: {},
  setup: async ({ page, i18n, users, api }, path) => {
    const user = await users.byEmail();
    let app: Authenticator | null = null;
    if (startsOn(path)) {
      const setup = await api.call<{ secret: string }>(
        endpoints.userTotpSetup.path,
        {},
        user.token,
      );
      app = new Authenticator(setup.body.data.secret);
      const enabled = await api.call(
        endpoints.userTotpEnable.path,
        { code: await app.code() },
        user.token,
      );
      expect(enabled.body.code, enabled.body.msg).toBe(200);
    }
    if (dropsFirstSecret(path)) {
      await page.route(
        `**${endpoints.userTotpSetup.path}`,
        (route) => route.abort('internetdisconnected'),
        { times: 1 },
      );
    }
    await useSessionToken(page, user.token);
    await openPage(page, i18n, '/user/security', 'Security');
    return { app };
  },
  eventActions: {
    START: async ({ page, i18n }) => {
      await turnOnButton(page, i18n).click();
    },
    'xstate.done.actor.makeSecret': async ({ page, i18n, data }) => {
      const secret = await card(page, i18n)
        .getByRole('textbox', { name: i18n.t('Secret key') })
        .inputValue();
      data.app = new Authenticator(secret);
    },
    'xstate.error.actor.makeSecret': async () => {
      // The dropped request's toast and the unchanged card are asserted next.
    },
    SUBMIT: async ({ page, i18n, data }, _event, step) => {
      const wrong = nextRefusalOf(step, 'enable', 'disable') !== undefined;
      const twoStep = card(page, i18n);
      if (step.from.matches('settingUp')) {
        await twoStep
          .getByLabel(i18n.t('Authenticator code'))
          .fill(wrong ? '000000' : await data.app!.code());
        await twoStep.getByRole('button', { name: i18n.t('Turn on') }).click();
      } else {
        await twoStep
          .getByLabel(i18n.t('Authenticator code or recovery code'))
          .fill(wrong ? 'wxyz-wxyz-wxyz-wxyz' : await data.app!.code());
        await twoStep.getByRole('button', { name: i18n.t('Turn off two-step sign-in') }).click();
      }
    },
    CANCEL: async ({ page, i18n }) => {
      await card(page, i18n)
        .getByRole('button', { name: i18n.t('Cancel') })
        .click();
    },
    CONFIRM_SAVED: async ({ page, i18n }) => {
      const twoStep = card(page, i18n);
      await twoStep.getByLabel(i18n.t('I have saved my recovery codes')).check();
      await twoStep.getByRole('button', { name: i18n.t('Done') }).click();
    },
    TURN_OFF: async ({ page, i18n }) => {
      await card(page, i18n)
        .getByRole('button', { name: i18n.t('Turn off'), exact: true })
        .click();
    },
    'xstate.done.actor.enable': async () => {
      // The recovery codes appear by themselves.
    },
    'xstate.error.actor.enable': async () => {
      // The refusal appears under the code.
    },
    'xstate.done.actor.disable': async () => {
      // The card shows it off by itself.
    },
    'xstate.error.actor.disable': async () => {
      // The refusal appears under the code.
    },
  },
  stateAssertions: {
    makingSecret: {
      unobservable: 'lasts one request; the QR code or the toast after it is asserted',
    },
    enabling: { unobservable: 'lasts one request; the codes or the refusal are asserted' },
    disabling: { unobservable: 'lasts one request; the card or the refusal is asserted' },
    idle: async ({ page, i18n }, snapshot) => {
      const twoStep = card(page, i18n);
      if (snapshot.context.errorCode === Errors.NETWORK_ERROR.code) {
        await expect(page.getByText(i18n.error('NETWORK_ERROR')).first()).toBeVisible();
      }
      await expect(twoStep.getByRole('img')).toHaveCount(0);
      await expect(twoStep.getByRole('textbox')).toHaveCount(0);
      // On or off, as the server says: one of the two buttons.
      await expect(
        twoStep.getByRole('button', {
          name: new RegExp(`^(${i18n.t('Turn on two-step sign-in')}|${i18n.t('Turn off')})$`),
        }),
      ).toBeVisible();
    },
    settingUp: async ({ page, i18n }, snapshot) => {
      const twoStep = card(page, i18n);
      await expect(
        twoStep.getByRole('img', { name: i18n.t('QR code for your authenticator app') }),
      ).toBeVisible();
      await expect(twoStep.getByLabel(i18n.t('Authenticator code'))).toHaveAttribute(
        'autocomplete',
        'one-time-code',
      );
      if (snapshot.context.errorCode === Errors.TOTP_CODE_INVALID.code) {
        await expect(twoStep.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
      }
    },
    showingCodes: async ({ page, i18n }) => {
      const twoStep = card(page, i18n);
      await expect(
        twoStep.getByRole('list', { name: i18n.t('Recovery codes') }).getByRole('listitem'),
      ).toHaveCount(10);
      await expect(twoStep.getByRole('button', { name: i18n.t('Done') })).toBeDisabled();
    },
    turningOff: async ({ page, i18n }, snapshot) => {
      const twoStep = card(page, i18n);
      await expect(twoStep.getByLabel(i18n.t('Authenticator code or recovery code'))).toBeVisible();
      if (snapshot.context.errorCode === Errors.RECOVERY_CODE_INVALID.code) {
        await expect(twoStep.getByText(i18n.error('RECOVERY_CODE_INVALID'))).toBeVisible();
      }
    },
  },
});
