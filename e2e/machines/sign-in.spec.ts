/**
 * The member sign-in machine replayed through /login. Each test is one member, registered by the
 * API; a path that meets the second step turns two-step sign-in on first (user_totp_setup and
 * user_totp_enable with a code computed from the secret), and the codes typed are right or wrong
 * as the path says the server answers.
 */
import type { Page } from '@playwright/test';
import { endpoints, Errors } from '../../contract';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import { Authenticator } from '../support/authenticator';
import { expect } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import { describeMachinePaths, type StepInfo } from '../support/path-runner';
import { expectProfileOf, fillLoginForm } from '../support/ui';
import type { TestUser } from '../support/user-factory';
import { asksForCode, signInUiPaths } from './sign-in.model';

interface Data {
  readonly user: TestUser;
  readonly app: Authenticator | null;
  readonly recoveryCodes: readonly string[];
}

/** The error code of the next answer the path says the server gives; undefined for a success. */
function nextAnswer(step: StepInfo<typeof signInMachine>): number | undefined {
  const next = step.path.steps
    .slice(step.index + 1)
    .find((s) => s.event.type.includes('.actor.logIn'))?.event as
    { error?: { code?: number } } | undefined;
  return next?.error?.code;
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
    return { user, app, recoveryCodes };
  },
  eventActions: {
    SUBMIT: async ({ page, i18n, data }) => {
      await fillLoginForm(page, i18n, data.user.account, data.user.password);
    },
    SUBMIT_CODE: async ({ page, i18n, data }, _event, step) => {
      const recovery = step.from.context.factor === 'recovery';
      const wrong = nextAnswer(step) !== undefined;
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
    secondStep: async ({ page, i18n }, snapshot) => {
      await expect(secondStepHeading(page, i18n)).toBeVisible();
      const recovery = snapshot.context.factor === 'recovery';
      const field = page.getByLabel(i18n.t(recovery ? 'Recovery code' : 'Authenticator code'));
      await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      if (snapshot.context.errorCode === Errors.TOTP_CODE_INVALID.code)
        await expect(page.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    },
    signedIn: async ({ page, i18n, data }) => {
      await expectProfileOf(page, i18n, data.user.userId);
    },
  },
});
