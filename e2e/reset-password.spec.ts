import { CODE } from '../contract/protocol';
import { expect, test } from './support/fixtures';
import { freshIdentity } from './support/user-factory';
import { errorToast, expectProfileOf, fillLoginForm } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  'reset the password by e-mail, then only the new one logs in',
  ONE_PROJECT.en,
  async ({ page, i18n, users, outbox }) => {
    // The browser's clock is the test's: the countdown is moved, not waited out.
    await page.clock.install();
    const user = await users.byEmail();
    const email = user.email ?? '';
    const { password: newPassword } = freshIdentity();
    const before = (await outbox.list(email)).map((m) => m.id);

    await page.goto('/resetpassword');
    await expect(
      page.getByRole('heading', { level: 1, name: i18n.t('Reset your password') }),
    ).toBeVisible();
    await page.getByLabel(i18n.t('Email'), { exact: true }).fill(email);
    const sendCode = page.getByRole('button', { name: i18n.t('Send code') });
    await sendCode.click();
    // The registration sent a code to this address moments ago: the server's per-address cooldown
    // refuses another one and the button counts down the time left before it can be asked again.
    await expect(errorToast(page, i18n.error('CODE_COOLDOWN'))).toBeVisible();
    const countdown = page.getByRole('button', { name: i18n.pattern('Resend in {remaining} s') });
    await expect(countdown).toBeDisabled();
    // A minute passes: on the server (the address's codes are dated back by the cooldown) and in the
    // browser (its timers run through the minute), and the button can be used again.
    await outbox.passCooldown(email);
    await page.clock.runFor(CODE.resendCooldownSeconds * 1000);
    await expect(sendCode).toBeEnabled();
    await sendCode.click();
    const code = await outbox.waitForCode(email, { purpose: 'reset_password', exclude: before });

    await page.getByLabel(i18n.t('Verification code')).fill(code);
    await page.getByLabel(i18n.t('New password'), { exact: true }).fill(newPassword);
    await page.getByLabel(i18n.t('Confirm new password')).fill(newPassword);
    await page.getByRole('button', { name: i18n.t('Reset password') }).click();

    await expect(
      page.getByRole('status').filter({
        hasText: i18n.t('Your password has been changed. Please log in with the new one.'),
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await fillLoginForm(page, i18n, email, user.password);
    await expect(errorToast(page, i18n.error('INVALID_CREDENTIALS'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel(i18n.t('Password'), { exact: true }).fill(newPassword);
    await page
      .getByRole('main')
      .getByRole('button', { name: i18n.t('Log in'), exact: true })
      .click();
    await expectProfileOf(page, i18n, user.userId);
  },
);
