/**
 * The member sign-in machine replayed through /login. Each test is one member, registered by the
 * API; a path that meets the second step turns two-step sign-in on first (user_totp_setup and
 * user_totp_enable with a code computed from the secret), and the codes typed are right or wrong
 * as the path says the server answers. A path that uses a passkey gets Chromium's virtual
 * authenticator with a passkey of the member on it (e2e/support/passkeys.ts); the pages are on
 * localhost, the relying party passkeys need.
 */
import type { Page } from '@playwright/test';
import { endpoints, Errors } from '../../contract';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import { Authenticator } from '../support/authenticator';
import { expect, test } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import { addPasskeyByApi, addVirtualAuthenticator, onLocalhost } from '../support/passkeys';
import { describeMachinePaths } from '../support/path-runner';
import { expectProfileOf, fillLoginForm } from '../support/ui';
import type { TestUser } from '../support/user-factory';
import { asksForCode, signInUiPaths, usesPasskey } from './sign-in.model';
import { nextRefusalOf } from './path-answers';

test.use(onLocalhost);

interface Data {
  readonly user: TestUser;
  readonly app: Authenticator | null;
  readonly recoveryCodes: readonly string[];
}

const secondStepHeading = (page: Page, i18n: I18n) =>
  page.getByRole('heading', { level: 1, name: i18n.t('Two-step sign-in') });

describeMachinePaths<typeof signInMachine, Data>({
  title: 'member sign-in machine through /login',
  machine: signInMachine,
  generator: () => signInUiPaths(),
  traversal: {},
  setup: async ({ page, users, api }, path) => {
    const user = await users.byEmail();
    let app: Authenticator | null = null;
    let recoveryCodes: readonly string[] = [];
    if (asksForCode(path)) {
      const setup = await api.call<{ secret: string }>(
        endpoints.userTotpSetup.path,
        {},
        user.token,
      );
      app = new Authenticator(setup.body.data.secret);
      const enabled = await api.call<{ recoveryCodes: string[] }>(
        endpoints.userTotpEnable.path,
        { code: await app.code() },
        user.token,
      );
      expect(enabled.body.code, enabled.body.msg).toBe(200);
      recoveryCodes = enabled.body.data.recoveryCodes;
    }
    await page.goto('/login');
    if (usesPasskey(path)) {
      await addVirtualAuthenticator(page);
      await addPasskeyByApi(page, api, user.token, user.password);
    }
    return { user, app, recoveryCodes };
  },
  eventActions: {
    SUBMIT: async ({ page, i18n, data }) => {
      await fillLoginForm(page, i18n, data.user.account, data.user.password);
    },
    SUBMIT_CODE: async ({ page, i18n, data }, _event, step) => {
      const recovery = step.from.context.factor === 'recovery';
      const wrong = nextRefusalOf(step, 'logIn') !== undefined;
      const field = page.getByLabel(i18n.t(recovery ? 'Recovery code' : 'Authenticator code'));
      let code: string;
      if (wrong) code = recovery ? 'wxyz-wxyz-wxyz-wxyz' : '000000';
      else if (recovery) code = data.recoveryCodes[0]!;
      else code = await data.app!.code();
      await field.fill(code);
      await page.getByRole('button', { name: i18n.t('Verify and log in') }).click();
    },
    TOGGLE_FACTOR: async ({ page, i18n }) => {
      await page.getByRole('button', { name: i18n.t('Use a recovery code') }).click();
    },
    USE_PASSKEY: async ({ page, i18n }, _event, step) => {
      if (step.from.matches('editing')) {
        await page.getByRole('checkbox').check();
        await page.getByRole('button', { name: i18n.t('Sign in with a passkey') }).click();
      } else {
        await page.getByRole('button', { name: i18n.t('Use a passkey') }).click();
      }
    },
    'xstate.done.actor.passkeySignIn': async () => {
      // The device answers by itself (the virtual authenticator); the profile is asserted next.
    },
    'xstate.done.actor.passkeySecondStep': async () => {
      // As above.
    },
    BACK: async ({ page, i18n }) => {
      await page.getByRole('button', { name: i18n.t('Back') }).click();
    },
    'xstate.done.actor.logIn': async () => {
      // The server's answer arrives by itself; the profile is asserted next.
    },
    'xstate.error.actor.logIn': async () => {
      // As above: the second step, or its refusal, is asserted next.
    },
  },
  stateAssertions: {
    editing: async ({ page, i18n }) => {
      await expect(page.getByRole('heading', { level: 1, name: i18n.t('Log in') })).toBeVisible();
      await expect(page.getByLabel(i18n.t('Password'), { exact: true })).toHaveValue('');
    },
    submitting: { unobservable: 'lasts one login request; its answer is asserted' },
    verifying: { unobservable: 'lasts one login request; its answer is asserted' },
    passkeySigningIn: {
      unobservable: 'lasts one ceremony the virtual authenticator approves at once',
    },
    passkeyVerifying: {
      unobservable: 'lasts one ceremony and one login request; its answer is asserted',
    },
    secondStep: async ({ page, i18n }, snapshot) => {
      await expect(secondStepHeading(page, i18n)).toBeVisible();
      const recovery = snapshot.context.factor === 'recovery';
      const field = page.getByLabel(i18n.t(recovery ? 'Recovery code' : 'Authenticator code'));
      await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(page.getByRole('button', { name: i18n.t('Use a passkey') })).toHaveCount(
        snapshot.context.passkeyOffered ? 1 : 0,
      );
      if (snapshot.context.errorCode === Errors.TOTP_CODE_INVALID.code)
        await expect(page.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    },
    signedIn: async ({ page, i18n, data }) => {
      await expectProfileOf(page, i18n, data.user.userId);
    },
  },
});
