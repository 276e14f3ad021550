/**
 * The operator console's door (issue 21) through the SPA: enrolment from the CLI's link, sign-in
 * with the authenticator or a recovery code, a wrong code, an owner managing staff with step-up,
 * the forbidden sections of a support member and the audit trail. Staff are made with
 * `npm run admin -- staff add` against the running server; codes are computed with `otpauth`.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { consoleStaffRole, type ConsoleSession } from '../contract/endpoints/console';
import { Errors, SUCCESS_CODE } from '../contract/errors';
import { expectAccessible } from './support/axe';
import { Authenticator } from './support/authenticator';
import {
  STAFF_PASSWORD,
  addStaffByCli,
  ageSecondFactorAndRecord,
  enrolledStaff,
  expectNoindex,
  signedInStaff,
  signInByApi,
  signInThroughForm,
  staffName,
} from './support/console';
import { expect, test } from './support/fixtures';
import type { I18n } from './support/i18n';
import { ONE_PROJECT } from './support/projects';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const nav = (page: Page, i18n: I18n) => page.getByRole('navigation', { name: i18n.t('Console') });

test.describe('console door', () => {
  test(
    'enrol: the CLI link shows the QR code and the secret, then the 10 recovery codes once',
    ONE_PROJECT.en,
    async ({ page, i18n }) => {
      const username = staffName('enrol');
      const link = await addStaffByCli(username, 'support');
      await page.goto(link);
      await expect(heading(page, i18n.t('Set up your console access'))).toBeVisible();
      await expect(page.getByText(username, { exact: true })).toBeVisible();
      await expect(
        page.getByRole('img', { name: i18n.t('QR code for your authenticator app') }),
      ).toBeVisible();
      const secret = await page.getByRole('textbox', { name: i18n.t('Secret key') }).inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectNoindex(page);
      await expectAccessible(page);

      const authenticator = new Authenticator(secret);
      // Too short first: the password rule is the members' (contract/validation.ts).
      await page.getByLabel(i18n.t('New password'), { exact: true }).fill('short');
      await page.getByLabel(i18n.t('Repeat the new password')).fill('short');
      await page.getByLabel(i18n.t('Code from the app')).fill(await authenticator.code());
      await page.getByRole('button', { name: i18n.t('Finish enrolment') }).click();
      await expect(page.getByText(i18n.error('PASSWORD_TOO_SHORT'))).toBeVisible();

      await page.getByLabel(i18n.t('New password'), { exact: true }).fill(STAFF_PASSWORD);
      await page.getByLabel(i18n.t('Repeat the new password')).fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: i18n.t('Finish enrolment') }).click();
      await expect(heading(page, i18n.t('Save your recovery codes'))).toBeVisible();
      const codes = page
        .getByRole('list', { name: i18n.t('Recovery codes') })
        .getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const shown = (await codes.allTextContents()).map((text) => text.trim());
      expect(new Set(shown).size).toBe(10);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: i18n.t('Download (.txt)') }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`kestrel-console-recovery-codes-${username}.txt`);
      const text = readFileSync(await file.path(), 'utf8');
      for (const code of shown) expect(text).toContain(code);
      await expectAccessible(page);

      const next = page.getByRole('button', { name: i18n.t('Continue to sign-in') });
      await expect(next).toBeDisabled();
      await page.getByLabel(i18n.t('I have saved my recovery codes')).check();
      await next.click();
      await expect(page).toHaveURL(/\/admin\/login$/);

      // The link is spent: opening it again says so.
      await page.goto(link);
      await expect(heading(page, i18n.t('This enrolment link cannot be used'))).toBeVisible();
      await expectAccessible(page);

      // And the codes work: the enrolled staff member signs in with the app.
      await page.goto('/admin/login');
      await signInThroughForm(
        page,
        i18n,
        { username, password: STAFF_PASSWORD },
        await authenticator.code(),
      );
      await expect(page).toHaveURL(/\/admin$/);
    },
  );

  test(
    'sign in with the authenticator code: the overview shows who, the role and its sections',
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      const owner = await enrolledStaff(request, 'owner');
      await page.goto('/admin/login');
      await expect(heading(page, i18n.t('Staff sign-in'))).toBeVisible();
      await expectNoindex(page);
      await expect(page.getByLabel(i18n.t('Username'))).toHaveAttribute('autocomplete', 'username');
      await expect(page.getByLabel(i18n.t('Password'), { exact: true })).toHaveAttribute(
        'autocomplete',
        'current-password',
      );
      const code = page.getByLabel(i18n.t('Authenticator code'));
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(code).toHaveAttribute('inputmode', 'numeric');
      await expectAccessible(page);

      await signInThroughForm(page, i18n, owner, await owner.authenticator.code());
      await expect(page).toHaveURL(/\/admin$/);
      await expect(heading(page, i18n.t('Overview'))).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByText(owner.username, { exact: true })).toBeVisible();
      await expect(main.getByText(i18n.t('Owner'), { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: i18n.t('Staff'), exact: true })).toBeVisible();
      await expect(
        main.getByRole('link', { name: i18n.t('Audit trail'), exact: true }),
      ).toBeVisible();
      await expect(main.getByText(i18n.t('Read the audit trail'))).toBeVisible();
      await expectNoindex(page);
      await expectAccessible(page);

      // A signed-in staff member has nothing to do on the sign-in page.
      await page.goto('/admin/login');
      await expect(page).toHaveURL(/\/admin$/);

      // Sign-out ends the session: the console asks to sign in again.
      await nav(page, i18n)
        .getByRole('button', { name: i18n.t('Sign out') })
        .click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.goto('/admin/staff');
      await expect(page).toHaveURL(/\/admin\/login$/);
    },
  );

  test(
    'sign in with a recovery code, which works once',
    ONE_PROJECT.en,
    async ({ page, request, i18n }) => {
      const staff = await enrolledStaff(request, 'support');
      const [recovery] = staff.recoveryCodes;
      await page.goto('/admin/login');
      await signInThroughForm(page, i18n, staff, recovery!, { recovery: true });
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('main').getByText(staff.username, { exact: true })).toBeVisible();

      await nav(page, i18n)
        .getByRole('button', { name: i18n.t('Sign out') })
        .click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await signInThroughForm(page, i18n, staff, recovery!, { recovery: true });
      await expect(page.getByRole('alert')).toHaveText(i18n.error('STAFF_SIGN_IN_FAILED'));
      await expect(page).toHaveURL(/\/admin\/login$/);
    },
  );

  test(
    'a wrong code is refused like a wrong password, and the form stays filled in',
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      const staff = await enrolledStaff(request, 'content');
      const right = await staff.authenticator.code();
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      await page.goto('/admin/login');
      await signInThroughForm(page, i18n, staff, wrong);
      await expect(page.getByRole('alert')).toHaveText(i18n.error('STAFF_SIGN_IN_FAILED'));
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByLabel(i18n.t('Username'))).toHaveValue(staff.username);
      await expectAccessible(page);
      // Five digits never reach the server: the field says what it wants.
      await page.getByLabel(i18n.t('Authenticator code')).fill('12345');
      await page.getByRole('button', { name: i18n.t('Sign in'), exact: true }).click();
      await expect(page.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
    },
  );

  test(
    'an owner adds a staff member, then changes a role after a step-up',
    ONE_PROJECT.en,
    async ({ page, request, i18n }) => {
      // A long journey (enrolment, two axe scans, a step-up, the audit trail): 49.5 s on CI's two
      // busy cores against the 45 s default, like the other console journeys.
      test.setTimeout(90_000);
      const owner = await signedInStaff(page, request, 'owner');
      await page.goto('/admin/staff');
      await expect(heading(page, i18n.t('Staff'))).toBeVisible();
      await expectNoindex(page);

      const newcomer = staffName('new');
      const add = page.getByRole('region', { name: i18n.t('Add a staff member') });
      await add.getByLabel(i18n.t('Username')).fill(newcomer);
      await add.getByLabel(i18n.t('Role')).selectOption('support');
      await add.getByRole('button', { name: i18n.t('Add and make a link') }).click();
      const link = page.getByRole('textbox', { name: i18n.t('Enrolment link'), exact: true });
      await expect(link).toHaveValue(/\/admin\/enrol\/[A-Za-z0-9_-]{43}$/);
      const row = page.getByRole('row').filter({ hasText: newcomer });
      await expect(row).toContainText(i18n.t('Support'));
      await expect(row).toContainText(i18n.t('Not enrolled yet'));
      await expectAccessible(page);
      await page.getByRole('button', { name: i18n.t('Done') }).click();

      // The session's second factor is fresh for 5 minutes after sign-in: the dev route ages it, so
      // the role change first meets the server's real STEP_UP_REQUIRED (403), then is sent again.
      const roleAnswers = await ageSecondFactorAndRecord(page, consoleStaffRole);
      await row
        .getByRole('button', { name: i18n.t('Change the role of {0}', { 0: newcomer }) })
        .click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByLabel(i18n.t('New role')).selectOption('finance');
      await confirm.getByRole('button', { name: i18n.t('Change role') }).click();

      const stepUp = page.getByRole('dialog', { name: i18n.t("Confirm it's you") });
      await expect(stepUp).toBeVisible();
      const field = stepUp.getByLabel(i18n.t('Authenticator code'));
      await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(field).toBeFocused();
      await expectAccessible(page);
      // A wrong code keeps the dialog open with the reason.
      await field.fill('000000');
      await stepUp.getByRole('button', { name: i18n.t('Confirm') }).click();
      await expect(stepUp.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
      // The code first: it may wait for the next 30-s window, longer than the answer is awaited.
      const code = await owner.authenticator.code();
      const stepUpAnswer = page.waitForResponse((r) => r.url().endsWith('/session/step-up'));
      await field.fill(code);
      await stepUp.getByRole('button', { name: i18n.t('Confirm') }).click();
      const session = (await (await stepUpAnswer).json()) as { code: number; data: ConsoleSession };
      expect(session.code).toBe(SUCCESS_CODE);
      await expect(stepUp).toBeHidden();
      await expect(confirm).toBeHidden();
      await expect(row).toContainText(i18n.t('Finance'));
      expect(roleAnswers).toEqual([403, 200]);

      // The audit trail has the owner's actions, newest first.
      await nav(page, i18n)
        .getByRole('link', { name: i18n.t('Audit trail') })
        .click();
      await expect(heading(page, i18n.t('Audit trail'))).toBeVisible();
      const filters = page.getByRole('form', { name: i18n.t('Filter the audit trail') });
      await filters.getByLabel(i18n.t('Who'), { exact: true }).fill(owner.username);
      await filters.getByRole('button', { name: i18n.t('Filter') }).click();
      // Until the filtered page arrives the unfiltered one stays on screen (whose newest entry can be
      // this owner's too): the assertions wait for the filtered list itself.
      const actions = page.getByRole('table').locator('.console-action');
      await expect(actions).toHaveText([
        'staff.role',
        'staff.step-up',
        'staff.step-up-failed',
        'staff.add',
        'staff.sign-in',
        'staff.enrol',
      ]);
      await expectAccessible(page);
    },
  );

  test(
    "an owner resets a staff member's two-factor (a new link), disables and enables them",
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      const owner = await enrolledStaff(request, 'owner');
      const member = await enrolledStaff(request, 'content');
      await signInByApi(page, owner);
      await page.goto('/admin/staff');
      const row = page.getByRole('row').filter({ hasText: member.username });
      await expect(row).toContainText(i18n.t('Active'));

      await row
        .getByRole('button', {
          name: i18n.t('Reset the two-factor of {0}', { 0: member.username }),
        })
        .click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(
        i18n.t('Reset the two-factor of {0}?', { 0: member.username }),
      );
      await confirm.getByRole('button', { name: i18n.t('Reset two-factor') }).click();
      await expect(confirm).toBeHidden();
      const link = page.getByRole('textbox', { name: i18n.t('Enrolment link'), exact: true });
      await expect(link).toHaveValue(/\/admin\/enrol\/[A-Za-z0-9_-]{43}$/);
      await expect(row).toContainText(i18n.t('Not enrolled yet'));
      // The old authenticator no longer signs in.
      const old = await page.request.post('/api/admin/session/sign-in', {
        data: {
          username: member.username,
          password: member.password,
          code: await member.authenticator.code(),
        },
      });
      expect(((await old.json()) as { code: number }).code).toBe(Errors.STAFF_SIGN_IN_FAILED.code);
      await page.getByRole('button', { name: i18n.t('Done') }).click();

      await row
        .getByRole('button', { name: i18n.t('Disable {0}', { 0: member.username }) })
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: i18n.t('Disable') })
        .click();
      await expect(row).toContainText(i18n.t('Disabled'));
      await row.getByRole('button', { name: i18n.t('Enable {0}', { 0: member.username }) }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: i18n.t('Enable') })
        .click();
      await expect(row).not.toContainText(i18n.t('Disabled'));
      await expectAccessible(page);
    },
  );

  test(
    'a support member sees no Staff or Audit section and gets the forbidden page there',
    ONE_PROJECT.en,
    async ({ page, request, i18n }) => {
      await signedInStaff(page, request, 'support');
      await page.goto('/admin');
      await expect(heading(page, i18n.t('Overview'))).toBeVisible();
      await expect(
        page.getByRole('main').getByText(i18n.t('Support'), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: i18n.t('Staff'), exact: true })).toHaveCount(0);
      await expect(
        page.getByRole('link', { name: i18n.t('Audit trail'), exact: true }),
      ).toHaveCount(0);
      await expect(page.getByText(i18n.t('Look up users'))).toBeVisible();
      await expect(page.getByText(i18n.t('Read the audit trail'))).toHaveCount(0);
      for (const path of ['/admin/staff', '/admin/audit']) {
        await page.goto(path);
        await expect(heading(page, i18n.t('Your role cannot open this section.'))).toBeVisible();
        await expectAccessible(page);
      }
      // The server refuses too, whatever the page shows.
      const answer = await page.request.get('/api/admin/staff');
      expect(answer.status()).toBe(403);
      expect(((await answer.json()) as { code: number }).code).toBe(Errors.CONSOLE_FORBIDDEN.code);
    },
  );

  test(
    'the audit trail filters by action and pages',
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      await signedInStaff(page, request, 'owner');
      await page.goto('/admin/audit');
      const filters = page.getByRole('form', { name: i18n.t('Filter the audit trail') });
      await filters.getByLabel(i18n.t('Action'), { exact: true }).fill('staff.enrol');
      await filters.getByRole('button', { name: i18n.t('Filter') }).click();
      const cells = page.getByRole('table').locator('.console-action');
      await expect(cells.first()).toHaveText('staff.enrol');
      expect(new Set(await cells.allTextContents())).toEqual(new Set(['staff.enrol']));
      // Every CLI command is in it: the `staff add` of this test's owner among them.
      await filters.getByLabel(i18n.t('Action'), { exact: true }).fill('');
      await filters.getByLabel(i18n.t('Who'), { exact: true }).fill('cli');
      await filters.getByRole('button', { name: i18n.t('Filter') }).click();
      await expect(page.getByRole('table').locator('.console-action').first()).toHaveText(
        'cli.command',
      );
      // 25 entries a page: the pager shows when the CLI's entries need more than one, starting at
      // the newest.
      const total = Number(/\d+/.exec((await page.getByTestId('audit-total').textContent()) ?? ''));
      expect(total).toBeGreaterThan(0);
      const pager = page.getByRole('navigation', { name: i18n.t('Pages') });
      if (total > 25) {
        await expect(pager.getByRole('button', { name: i18n.t('Newer') })).toBeDisabled();
        await expect(pager.getByRole('button', { name: i18n.t('Older') })).toBeEnabled();
      } else {
        await expect(pager).toHaveCount(0);
      }
      await expectAccessible(page);
    },
  );
});
