/**
 * The staff enrolment machine replayed through /admin/enrol/$token: a link from the CLI (or one no
 * server issued), the secret read off the page into an authenticator computed with `otpauth`, a
 * wrong first code and a right one, the recovery codes saved, the sign-in page after.
 */
import { consoleEnrolInfo } from '../../contract/endpoints/console';
import { Errors } from '../../contract/errors';
import { staffEnrolmentMachine } from '../../machines/staff-enrolment/staff-enrolment.machine';
import { Authenticator } from '../support/authenticator';
import { STAFF_PASSWORD, addStaffByCli, staffName } from '../support/console';
import { expect } from '../support/fixtures';
import { describeMachinePaths } from '../support/path-runner';
import { staffEnrolmentUiPaths } from './staff-enrolment.model';
import { nextRefusalOf } from './path-answers';

interface Data {
  readonly username: string | null;
  authenticator: Authenticator | null;
}

const pathError = (event: { error?: { code?: number } }) => event.error?.code;

describeMachinePaths<typeof staffEnrolmentMachine, Data>({
  title: 'staff enrolment machine through /admin/enrol/$token',
  machine: staffEnrolmentMachine,
  generator: () => staffEnrolmentUiPaths(),
  traversal: {},
  setup: async ({ page }, path) => {
    const first = path.steps[1]?.event as { type: string; error?: { code?: number } };
    if (first && pathError(first) === Errors.ENROLMENT_LINK_INVALID.code) {
      await page.goto(`/admin/enrol/${'A'.repeat(43)}`);
      return { username: null, authenticator: null };
    }
    const username = staffName('model');
    const link = await addStaffByCli(username, 'content');
    if (first && pathError(first) === Errors.NETWORK_ERROR.code) {
      await page.route(
        `**${consoleEnrolInfo.path}`,
        (route) => route.abort('internetdisconnected'),
        {
          times: 1,
        },
      );
    }
    await page.goto(link);
    return { username, authenticator: null };
  },
  eventActions: {
    'xstate.done.actor.checkLink': async () => {
      // The page asks by itself; the state after it shows the answer.
    },
    'xstate.error.actor.checkLink': async () => {
      // As above.
    },
    'xstate.done.actor.makeSecret': async ({ page, i18n, data }) => {
      const secret = await page.getByRole('textbox', { name: i18n.t('Secret key') }).inputValue();
      data.authenticator = new Authenticator(secret);
    },
    RETRY: async ({ page, i18n }) => {
      await page.getByRole('button', { name: i18n.t('Try again') }).click();
    },
    SUBMIT: async ({ page, i18n, data }, _event, step) => {
      const wrong = nextRefusalOf(step, 'finish') === Errors.TOTP_CODE_INVALID.code;
      await page.getByLabel(i18n.t('New password'), { exact: true }).fill(STAFF_PASSWORD);
      await page.getByLabel(i18n.t('Repeat the new password')).fill(STAFF_PASSWORD);
      const right = await data.authenticator!.code();
      const code = wrong ? String((Number(right) + 1) % 1_000_000).padStart(6, '0') : right;
      await page.getByLabel(i18n.t('Code from the app')).fill(code);
      await page.getByRole('button', { name: i18n.t('Finish enrolment') }).click();
    },
    'xstate.done.actor.finish': async () => {
      // The codes appear by themselves.
    },
    'xstate.error.actor.finish': async () => {
      // The refusal appears under the code.
    },
    CONFIRM_SAVED: async ({ page, i18n }) => {
      await page.getByLabel(i18n.t('I have saved my recovery codes')).check();
      await page.getByRole('button', { name: i18n.t('Continue to sign-in') }).click();
    },
  },
  stateAssertions: {
    checkingLink: { unobservable: 'lasts one request; the page after it is asserted' },
    makingSecret: { unobservable: 'lasts one request; the QR code after it is asserted' },
    finishing: { unobservable: 'lasts one request; the codes or the refusal are asserted' },
    loadFailed: async ({ page, i18n }) => {
      await expect(page.getByRole('alert')).toContainText(i18n.error('NETWORK_ERROR'));
      await expect(page.getByRole('button', { name: i18n.t('Try again') })).toBeVisible();
    },
    linkInvalid: async ({ page, i18n }) => {
      await expect(
        page.getByRole('heading', { name: i18n.t('This enrolment link cannot be used') }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: i18n.t('Go to staff sign-in') })).toBeVisible();
    },
    settingUp: async ({ page, i18n, data }, snapshot) => {
      await expect(
        page.getByRole('img', { name: i18n.t('QR code for your authenticator app') }),
      ).toBeVisible();
      await expect(page.getByRole('main').getByText(data.username!, { exact: true })).toBeVisible();
      if (snapshot.context.errorCode === Errors.TOTP_CODE_INVALID.code) {
        await expect(page.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
      }
    },
    showingCodes: async ({ page, i18n }) => {
      await expect(
        page.getByRole('list', { name: i18n.t('Recovery codes') }).getByRole('listitem'),
      ).toHaveCount(10);
      await expect(
        page.getByRole('button', { name: i18n.t('Continue to sign-in') }),
      ).toBeDisabled();
    },
    done: async ({ page, i18n }) => {
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { name: i18n.t('Staff sign-in') })).toBeVisible();
    },
  },
});
