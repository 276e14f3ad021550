/**
 * The passkey-registration machine replayed through the Passkeys card of /user/security, with
 * Chromium's virtual authenticator as the device (e2e/support/passkeys.ts). Each test is one
 * member, signed in by the API; the password typed is right or wrong as the path says the server
 * answers.
 */
import { passkeyRegistrationMachine } from '../../machines/passkey-registration/passkey-registration.machine';
import { Errors } from '../../contract';
import { expect, test } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import {
  addVirtualAuthenticator,
  onLocalhost,
  type VirtualAuthenticator,
} from '../support/passkeys';
import { describeMachinePaths } from '../support/path-runner';
import { openPage, useSessionToken } from '../support/ui';
import type { TestUser } from '../support/user-factory';
import type { Page } from '@playwright/test';
import { passkeyRegistrationUiPaths } from './passkey-registration.model';
import { nextRefusalOf } from './path-answers';

test.use(onLocalhost);

const NAME = 'Work laptop';

interface Data {
  readonly user: TestUser;
  readonly device: VirtualAuthenticator;
}

const card = (page: Page, i18n: I18n) => page.getByRole('region', { name: i18n.t('Passkeys') });

describeMachinePaths<typeof passkeyRegistrationMachine, Data>({
  title: 'passkey registration machine through /user/security',
  machine: passkeyRegistrationMachine,
  generator: () => passkeyRegistrationUiPaths(),
  traversal: {},
  setup: async ({ page, users, i18n }) => {
    const user = await users.byEmail();
    const device = await addVirtualAuthenticator(page);
    await useSessionToken(page, user.token);
    await openPage(page, i18n, '/user/security', 'Security');
    return { user, device };
  },
  eventActions: {
    START: async ({ page, i18n }) => {
      await card(page, i18n)
        .getByRole('button', { name: i18n.t('Add a passkey') })
        .click();
    },
    SUBMIT_PASSWORD: async ({ page, i18n, data }, _event, step) => {
      const wrong = nextRefusalOf(step, 'createPasskey') === Errors.PASSWORD_INCORRECT.code;
      await card(page, i18n)
        .getByLabel(i18n.t('Current password'))
        .fill(wrong ? 'not-the-password' : data.user.password);
      await card(page, i18n)
        .getByRole('button', { name: i18n.t('Continue') })
        .click();
    },
    SUBMIT_NAME: async ({ page, i18n }) => {
      await card(page, i18n).getByLabel(i18n.t('Name this passkey')).fill(NAME);
      await card(page, i18n)
        .getByRole('button', { name: i18n.t('Save passkey') })
        .click();
    },
    CANCEL: async ({ page, i18n }) => {
      await card(page, i18n)
        .getByRole('button', { name: i18n.t('Cancel') })
        .click();
    },
    'xstate.done.actor.createPasskey': async () => {
      // The virtual authenticator answers at once; the name field is asserted next.
    },
    'xstate.error.actor.createPasskey': async () => {
      // The server's refusal is asserted next, under the password.
    },
    'xstate.done.actor.savePasskey': async () => {
      // The list is asserted next.
    },
  },
  stateAssertions: {
    idle: async ({ page, i18n, data }, _snapshot, via) => {
      const passkeys = card(page, i18n);
      await expect(passkeys.getByRole('button', { name: i18n.t('Add a passkey') })).toBeVisible();
      if ((via.type as string) === 'xstate.done.actor.savePasskey') {
        await expect(passkeys.getByRole('row').filter({ hasText: NAME })).toBeVisible();
        expect(await data.device.credentials()).toHaveLength(1);
      } else {
        await expect(passkeys.getByText(i18n.t('No passkeys yet.'))).toBeVisible();
      }
    },
    confirmingPassword: async ({ page, i18n }, snapshot) => {
      const field = card(page, i18n).getByLabel(i18n.t('Current password'));
      await expect(field).toBeVisible();
      await expect(field).toHaveAttribute('autocomplete', 'current-password');
      if (snapshot.context.errorCode === Errors.PASSWORD_INCORRECT.code)
        await expect(card(page, i18n).getByText(i18n.error('PASSWORD_INCORRECT'))).toBeVisible();
    },
    creating: { unobservable: 'lasts one options call and a ceremony approved at once' },
    naming: async ({ page, i18n, data }) => {
      await expect(card(page, i18n).getByLabel(i18n.t('Name this passkey'))).toBeVisible();
      // Made on the device already; the account lists it only once it is saved.
      expect(await data.device.credentials()).toHaveLength(1);
      await expect(card(page, i18n).getByText(i18n.t('No passkeys yet.'))).toBeVisible();
    },
    saving: { unobservable: 'lasts one save request; the list is asserted next' },
  },
});
