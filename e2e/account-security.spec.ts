/**
 * /user/security (issue 22, docs/account-security.md) as a member uses it: changing the password
 * signs another browser out; two-step sign-in set up from the page (the QR code's secret typed into
 * an authenticator), then the login asks for a code, takes the app's code, and takes a recovery code
 * once; turning it off; renewal reminders turned off; who fetched the subscription, with a used link
 * refused and the reset beside the list; a new e-mail with its code (then the login takes it and
 * not the old one), and a phone added after a wrong password was refused at the code request. Each journey runs once, in one language and width; the
 * page's layout in both languages at 390 and 1440 px is checked with axe.
 */
import type { Page } from '@playwright/test';
import { endpoints, Errors } from '../contract';
import { DEMO_USER } from '../server/accounts/seed-demo-user';
import { expectAccessible } from './support/axe';
import { Authenticator } from './support/authenticator';
import { expect, test } from './support/fixtures';
import type { I18n } from './support/i18n';
import { ONE_PROJECT } from './support/projects';
import { fetchImportLink } from './support/subscription';
import { freshIdentity } from './support/user-factory';
import {
  expectProfileOf,
  fillLoginForm,
  logOut,
  openPage,
  openSecurityPage,
  useSessionToken,
} from './support/ui';

const NEW_PASSWORD = 'a-new-password-2026';

function card(page: Page, i18n: I18n, title: string) {
  return page.getByRole('region', { name: i18n.t(title) });
}

test(
  'changing the password signs the other browser out and the old password stops working',
  ONE_PROJECT.en,
  async ({ page, i18n, api, outbox, users }) => {
    const user = await users.byEmail();
    // Another browser of the same member, signed in by the API.
    const elsewhere = await api.call(endpoints.userLogin.path, {
      account: user.account,
      password: user.password,
    });
    expect(elsewhere.body.code).toBe(200);
    const otherToken = elsewhere.token!;
    await openSecurityPage(page, i18n, user.token);

    const sessions = card(page, i18n, 'Where you are signed in');
    await expect(sessions.getByText(i18n.t('This session'))).toBeVisible();
    await expect(sessions.getByRole('button', { name: i18n.t('Sign out') })).not.toHaveCount(0);

    const password = card(page, i18n, 'Password');
    await password.getByLabel(i18n.t('Current password')).fill('not-my-password');
    await password.getByLabel(i18n.t('New password'), { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel(i18n.t('Repeat the new password')).fill(NEW_PASSWORD);
    await expect(password.getByLabel(i18n.t('Sign out my other sessions'))).toBeChecked();
    await password.getByRole('button', { name: i18n.t('Change password') }).click();
    await expect(password.getByText(i18n.error('PASSWORD_INCORRECT'))).toBeVisible();

    await password.getByLabel(i18n.t('Current password')).fill(user.password);
    await password.getByRole('button', { name: i18n.t('Change password') }).click();
    await expect(
      page.getByText(i18n.t('Password changed. Your other sessions were signed out.')),
    ).toBeVisible();
    await expect(sessions.getByRole('button', { name: i18n.t('Sign out') })).toHaveCount(0);

    // The other browser's next call finds its session gone.
    const after = await api.call(endpoints.userSessionList.path, {}, otherToken);
    expect(after.body.code).toBe(Errors.UNAUTHORIZED.code);
    const notice = await outbox.waitForMessage(user.account, { purpose: 'password_changed' });
    expect(notice.subject).toBe('Kestrel VPN: your password was changed');

    await logOut(page, i18n);
    await page.goto('/login');
    await fillLoginForm(page, i18n, user.account, user.password);
    await expect(
      page.getByRole('alert').filter({ hasText: i18n.error('INVALID_CREDENTIALS') }),
    ).toBeVisible();
    await fillLoginForm(page, i18n, user.account, NEW_PASSWORD);
    await expectProfileOf(page, i18n, user.userId);
  },
);

test(
  'two-step sign-in: set up from the page, then a code, a recovery code once, and off',
  ONE_PROJECT.zh,
  async ({ page, i18n, users }) => {
    const user = await users.byEmail();
    await openSecurityPage(page, i18n, user.token);
    const twoStep = card(page, i18n, 'Two-step sign-in');
    await twoStep.getByRole('button', { name: i18n.t('Turn on two-step sign-in') }).click();
    await expect(
      twoStep.getByRole('img', { name: i18n.t('QR code for your authenticator app') }),
    ).toBeVisible();
    const secret = await twoStep.getByRole('textbox', { name: i18n.t('Secret key') }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const app = new Authenticator(secret);

    const code = twoStep.getByLabel(i18n.t('Authenticator code'));
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill('000000');
    await twoStep.getByRole('button', { name: i18n.t('Turn on') }).click();
    await expect(twoStep.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
    await code.fill(await app.code());
    await twoStep.getByRole('button', { name: i18n.t('Turn on') }).click();

    const list = twoStep.getByRole('list', { name: i18n.t('Recovery codes') });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = await list.getByRole('listitem').allTextContents();
    await expect(twoStep.getByRole('button', { name: i18n.t('Done') })).toBeDisabled();
    await twoStep.getByLabel(i18n.t('I have saved my recovery codes')).check();
    await twoStep.getByRole('button', { name: i18n.t('Done') }).click();
    await expect(twoStep.getByText(i18n.t('Recovery codes left: {0}', { 0: 10 }))).toBeVisible();

    // Signing in now asks for the app's code after the password.
    await logOut(page, i18n);
    await page.goto('/login');
    await fillLoginForm(page, i18n, user.account, user.password);
    await expect(
      page.getByRole('heading', { level: 1, name: i18n.t('Two-step sign-in') }),
    ).toBeVisible();
    const loginCode = page.getByLabel(i18n.t('Authenticator code'));
    await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
    await loginCode.fill('000000');
    await page.getByRole('button', { name: i18n.t('Verify and log in') }).click();
    await expect(page.getByText(i18n.error('TOTP_CODE_INVALID'))).toBeVisible();
    await loginCode.fill(await app.code());
    await page.getByRole('button', { name: i18n.t('Verify and log in') }).click();
    await expectProfileOf(page, i18n, user.userId);

    // A recovery code signs in once.
    for (const attempt of ['first', 'again'] as const) {
      await logOut(page, i18n);
      await page.goto('/login');
      await fillLoginForm(page, i18n, user.account, user.password);
      await page.getByRole('button', { name: i18n.t('Use a recovery code') }).click();
      await page.getByLabel(i18n.t('Recovery code')).fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: i18n.t('Verify and log in') }).click();
      if (attempt === 'again') {
        await expect(page.getByText(i18n.error('RECOVERY_CODE_INVALID'))).toBeVisible();
        await page.getByLabel(i18n.t('Recovery code')).fill(recoveryCodes[1]!);
        await page.getByRole('button', { name: i18n.t('Verify and log in') }).click();
      }
      await expectProfileOf(page, i18n, user.userId);
    }

    // Off with a code; the next sign-in asks for none.
    await openPage(page, i18n, '/user/security', 'Security');
    await expect(twoStep.getByText(i18n.t('Recovery codes left: {0}', { 0: 8 }))).toBeVisible();
    await twoStep.getByRole('button', { name: i18n.t('Turn off'), exact: true }).click();
    await twoStep.getByLabel(i18n.t('Authenticator code or recovery code')).fill(await app.code());
    await twoStep.getByRole('button', { name: i18n.t('Turn off two-step sign-in') }).click();
    await expect(
      twoStep.getByRole('button', { name: i18n.t('Turn on two-step sign-in') }),
    ).toBeVisible();
    await logOut(page, i18n);
    await page.goto('/login');
    await fillLoginForm(page, i18n, user.account, user.password);
    await expectProfileOf(page, i18n, user.userId);
  },
);

test(
  'a new e-mail: the code goes to it, the old one is told, and the login takes the new one only',
  ONE_PROJECT.en,
  async ({ page, i18n, outbox, users }) => {
    const user = await users.byEmail();
    const next = freshIdentity().email;
    await openSecurityPage(page, i18n, user.token);
    const addresses = card(page, i18n, 'Email and phone');
    await expect(addresses).toContainText(user.email!);
    await addresses.getByRole('button', { name: i18n.t('Change email or phone') }).click();
    await addresses.getByLabel(i18n.t('New email')).fill(next);
    await addresses.getByLabel(i18n.t('Current password')).fill(user.password);
    await addresses.getByRole('button', { name: i18n.t('Send code') }).click();
    await expect(addresses.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    const code = await outbox.waitForCode(next, { purpose: 'change_target' });
    await addresses.getByLabel(i18n.t('Verification code')).fill(code);
    await addresses.getByRole('button', { name: i18n.t('Save') }).click();
    await expect(
      page.getByText(i18n.t('Your email address is now {0}.', { 0: next })),
    ).toBeVisible();
    await expect(addresses).toContainText(next);
    await expect(addresses).not.toContainText(user.email!);
    const notice = await outbox.waitForMessage(user.email!, { purpose: 'address_changed' });
    expect(notice.subject).toBe('Kestrel VPN: the e-mail address of your account was changed');

    await logOut(page, i18n);
    await page.goto('/login');
    await fillLoginForm(page, i18n, user.email!, user.password);
    await expect(
      page.getByRole('alert').filter({ hasText: i18n.error('INVALID_CREDENTIALS') }),
    ).toBeVisible();
    await fillLoginForm(page, i18n, next, user.password);
    await expectProfileOf(page, i18n, user.userId);
  },
);

test(
  'a phone added: a wrong password is refused before any code goes, then the code adds it',
  ONE_PROJECT.zh,
  async ({ page, i18n, outbox, users }) => {
    const user = await users.byEmail();
    const phone = freshIdentity().phone;
    await openSecurityPage(page, i18n, user.token);
    const addresses = card(page, i18n, 'Email and phone');
    await expect(addresses).toContainText(i18n.t('Not set'));
    await addresses.getByRole('button', { name: i18n.t('Change email or phone') }).click();
    await addresses.getByRole('tab', { name: i18n.t('Phone') }).click();
    await addresses.getByLabel(i18n.t('New phone number')).fill(phone);
    await addresses.getByLabel(i18n.t('Current password')).fill('not-my-password');
    await addresses.getByRole('button', { name: i18n.t('Send code') }).click();
    await expect(addresses.getByText(i18n.error('PASSWORD_INCORRECT'))).toBeVisible();
    expect(await outbox.list(phone)).toHaveLength(0);

    await addresses.getByLabel(i18n.t('Current password')).fill(user.password);
    await addresses.getByRole('button', { name: i18n.t('Send code') }).click();
    const code = await outbox.waitForCode(phone, { purpose: 'change_target' });
    await expect(addresses.getByText(i18n.error('PASSWORD_INCORRECT'))).toBeHidden();
    await addresses.getByLabel(i18n.t('Verification code')).fill(code);
    await addresses.getByRole('button', { name: i18n.t('Save') }).click();
    await expect(addresses).toContainText(`+86${phone}`);
    await expect(addresses).toContainText(user.email!);
    const notice = await outbox.waitForMessage(user.email!, { purpose: 'address_changed' });
    expect(notice.subject).toBe('红隼 VPN：账号手机号已添加');
  },
);

test(
  'renewal reminders: on by default, turned off from the page, and still off after a reload',
  ONE_PROJECT.zh,
  async ({ page, i18n, users }) => {
    const user = await users.byEmail();
    await openSecurityPage(page, i18n, user.token);
    const reminders = card(page, i18n, 'Messages').getByLabel(i18n.t('Remind me to renew'));
    await expect(reminders).toBeChecked();
    await reminders.uncheck();
    await expect(page.getByText(i18n.t('Renewal reminders are off.'))).toBeVisible();
    await page.reload();
    await expect(
      card(page, i18n, 'Messages').getByLabel(i18n.t('Remind me to renew')),
    ).not.toBeChecked();
  },
);

test(
  'who fetched the subscription: each fetch listed, a used link refused, the reset one tap away',
  ONE_PROJECT.en,
  async ({ page, i18n, api, users, request }) => {
    const user = await users.invitedBy(DEMO_USER.inviteCode);
    const link = await fetchImportLink(api, request, user.token, 'ClashForAndroid/2.5.12');
    // The same link again: used, so refused, and listed as such.
    expect((await request.get(link, { headers: { 'user-agent': 'curl/8.5.0' } })).status()).toBe(
      410,
    );
    await useSessionToken(page, user.token);
    await openPage(page, i18n, '/user/security#subscription-fetches', 'Security');
    const fetches = card(page, i18n, 'Who fetched your subscription');
    const rows = fetches.getByRole('row').filter({ hasText: '127.0.0.1' });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('curl/8.5.0');
    await expect(rows.nth(0)).toContainText(i18n.t('Refused: the link was used or had expired'));
    await expect(rows.nth(1)).toContainText('ClashForAndroid/2.5.12');
    await expect(rows.nth(1)).toContainText(i18n.t('Server list sent'));

    await fetches.getByRole('button', { name: i18n.t('Reset subscription') }).click();
    const dialog = page.getByRole('alertdialog', { name: i18n.t('Reset your subscription?') });
    await dialog.getByRole('button', { name: i18n.t('Reset subscription') }).click();
    await expect(dialog).toBeHidden();
    await expect(fetches.getByRole('status')).toBeVisible();
    // Every link of before is gone: the used one is now unknown.
    expect((await request.get(link)).status()).toBe(404);
  },
);

test('the security page and the second step have no accessibility violations @layout', async ({
  page,
  i18n,
  api,
  users,
  request,
}) => {
  const user = await users.invitedBy(DEMO_USER.inviteCode);
  await fetchImportLink(api, request, user.token, 'v2rayN/6.42');
  await openSecurityPage(page, i18n, user.token);
  await expect(
    card(page, i18n, 'Where you are signed in').getByText(i18n.t('This session')),
  ).toBeVisible();
  await expect(
    card(page, i18n, 'Who fetched your subscription')
      .getByRole('row')
      .filter({ hasText: 'v2rayN' }),
  ).toBeVisible();
  await expectAccessible(page);
  const addresses = card(page, i18n, 'Email and phone');
  await addresses.getByRole('button', { name: i18n.t('Change email or phone') }).click();
  await expect(addresses.getByLabel(i18n.t('New email'))).toBeVisible();
  await expectAccessible(page);
  const twoStep = card(page, i18n, 'Two-step sign-in');
  await twoStep.getByRole('button', { name: i18n.t('Turn on two-step sign-in') }).click();
  await expect(twoStep.getByRole('textbox', { name: i18n.t('Secret key') })).toBeVisible();
  await expectAccessible(page);
  // The page never scrolls sideways, at 390 px either.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
