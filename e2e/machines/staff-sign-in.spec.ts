/**
 * The staff sign-in machine replayed through /admin/login. Each test is one staff member, added by
 * the CLI and enrolled through the contract's endpoints; what the server answers is decided the
 * way it is in life: a right or wrong code, a dropped connection, five failures in a row.
 */
import type { Page } from '@playwright/test';
import { consoleSignIn } from '../../contract/endpoints/console';
import { Errors } from '../../contract/errors';
import { staffSignInMachine } from '../../machines/staff-sign-in/staff-sign-in.machine';
import { enrolledStaff, type EnrolledStaff } from '../support/console';
import { expect } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import { describeMachinePaths } from '../support/path-runner';
import { FIRST_WAIT_SECONDS, staffSignInUiPaths } from './staff-sign-in.model';
import { nextRefusalOf } from './path-answers';

interface Data {
  readonly staff: EnrolledStaff;
  recoveryUsed: number;
}

/** Its name is "Sign in", or the wait while throttled. */
const submitButton = (page: Page) => page.getByRole('main').locator('button[type="submit"]');

async function codeField(page: Page, i18n: I18n, recovery: boolean) {
  return page.getByLabel(i18n.t(recovery ? 'Recovery code' : 'Authenticator code'));
}

describeMachinePaths<typeof staffSignInMachine, Data>({
  title: 'staff sign-in machine through /admin/login',
  machine: staffSignInMachine,
  generator: () => staffSignInUiPaths(),
  traversal: {},
  setup: async ({ page, request }) => {
    const staff = await enrolledStaff(request, 'support', 'signin');
    // The throttle's wait runs on the page's clock, advanced by the path (and the server's by time).
    await page.clock.install();
    await page.goto('/admin/login');
    await page.clock.pauseAt(new Date(Date.now() + 1_000));
    return { staff, recoveryUsed: 0 };
  },
  eventActions: {
    SUBMIT: async ({ page, i18n, data }, _event, step) => {
      const answer = nextRefusalOf(step, 'signIn');
      const recovery = step.from.context.factor === 'recovery';
      let code: string;
      // A refused attempt, or one the dropped connection never delivers: any code will do, and
      // no authenticator step is spent on it (the server takes each step once).
      if (
        answer === Errors.STAFF_SIGN_IN_FAILED.code ||
        answer === Errors.TOO_MANY_FAILED_ATTEMPTS.code ||
        answer === Errors.NETWORK_ERROR.code
      ) {
        code = recovery ? 'wxyz-wxyz-wxyz-wxyz' : '000000';
      } else if (recovery) {
        code = data.staff.recoveryCodes[data.recoveryUsed++]!;
      } else {
        code = await data.staff.authenticator.code();
      }
      if (answer === Errors.NETWORK_ERROR.code) {
        await page.route(
          `**${consoleSignIn.path}`,
          (route) => route.abort('internetdisconnected'),
          {
            times: 1,
          },
        );
      }
      await page.getByLabel(i18n.t('Username')).fill(data.staff.username);
      await page.getByLabel(i18n.t('Password'), { exact: true }).fill(data.staff.password);
      await (await codeField(page, i18n, recovery)).fill(code);
      await submitButton(page).click();
    },
    TOGGLE_FACTOR: async ({ page, i18n }) => {
      await page.getByRole('button', { name: i18n.t('Use a recovery code') }).click();
    },
    'xstate.done.actor.signIn': async () => {
      // The server's answer arrives by itself; the console's overview is asserted next.
    },
    'xstate.error.actor.signIn': async () => {
      // As above: the refusal is shown on the form.
    },
    'xstate.after.THROTTLE.staffSignIn.throttled': async ({ page }) => {
      // The server's backoff is real time; the page's countdown runs on its installed clock.
      await new Promise((resolve) => setTimeout(resolve, FIRST_WAIT_SECONDS * 1000 + 300));
      await page.clock.runFor(FIRST_WAIT_SECONDS * 1000);
    },
  },
  stateAssertions: {
    editing: async ({ page, i18n }, snapshot) => {
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(submitButton(page)).toBeEnabled();
      await expect(
        await codeField(page, i18n, snapshot.context.factor === 'recovery'),
      ).toBeVisible();
    },
    submitting: { unobservable: 'lasts one sign-in request; its answer is asserted' },
    rejected: async ({ page, i18n }, snapshot) => {
      await expect(page.getByRole('alert')).toHaveText(i18n.error('STAFF_SIGN_IN_FAILED'));
      await expect(
        await codeField(page, i18n, snapshot.context.factor === 'recovery'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login$/);
    },
    throttled: async ({ page, i18n }) => {
      // The server's wait runs on real time from the failure that set it: on a slow machine its
      // answer can arrive a second into it, so the page counts down from what is left.
      const waits = Array.from({ length: FIRST_WAIT_SECONDS }, (_, i) =>
        i18n.t('Too many failed attempts. Try again in {wait} s.', { wait: i + 1 }),
      );
      await expect(page.getByRole('alert')).toHaveText(
        new RegExp(`^(${waits.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`),
      );
      await expect(submitButton(page)).toBeDisabled();
    },
    failed: async ({ page, i18n }) => {
      await expect(page.getByRole('alert')).toHaveText(i18n.error('NETWORK_ERROR'));
      await expect(submitButton(page)).toBeEnabled();
    },
    signedIn: async ({ page, i18n, data }) => {
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: i18n.t('Overview') })).toBeVisible();
      await expect(
        page.getByRole('main').getByText(data.staff.username, { exact: true }),
      ).toBeVisible();
    },
  },
});
