/**
 * Passkeys (issue 22, item 4; docs/account-security.md "Passkeys") as a member uses them, with
 * Chromium's virtual authenticator standing in for the device's screen lock: a passkey added on
 * /user/security (the password, the device, a name), the member signs out and back in from /login
 * with the passkey and no password, in English and in Chinese; a member with two-step sign-in on
 * uses the passkey instead of the code; renaming and removing one. The card and the login page are
 * checked with axe in both languages at 390 and 1440 px.
 */
import type { Page } from '@playwright/test';
import { endpoints } from '../contract';
import { expectAccessible } from './support/axe';
import { Authenticator } from './support/authenticator';
import { expect, test } from './support/fixtures';
import type { ApiClient } from './support/api-client';
import type { I18n } from './support/i18n';
import type { TestUser } from './support/user-factory';
import { addPasskeyByApi, addVirtualAuthenticator, onLocalhost } from './support/passkeys';
import { EACH_LANGUAGE, ONE_PROJECT } from './support/projects';
import {
  expectProfileOf,
  fillLoginForm,
  logOut,
  openPage,
  openSecurityPage,
  useSessionToken,
} from './support/ui';

test.use(onLocalhost);

const passkeysCard = (page: Page, i18n: I18n) =>
  page.getByRole('region', { name: i18n.t('Passkeys') });

/** A passkey named `name` added (a virtual device holds it), then the Security page's Passkeys card. */
async function securityPageWithPasskey(
  page: Page,
  i18n: I18n,
  api: ApiClient,
  user: TestUser,
  name: string,
) {
  await addVirtualAuthenticator(page);
  await useSessionToken(page, user.token);
  await addPasskeyByApi(page, api, user.token, user.password, name);
  await openPage(page, i18n, '/user/security', 'Security');
  return passkeysCard(page, i18n);
}

/** "Sign in with a passkey" on /login, the agreement ticked. */
async function signInWithPasskey(page: Page, i18n: I18n) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: i18n.t('Log in') })).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: i18n.t('Sign in with a passkey') }).click();
}

for (const [language, project] of EACH_LANGUAGE) {
  test(
    `a passkey added on /user/security signs in with no password (${language})`,
    project,
    async ({ page, i18n, users, outbox }) => {
      const user = await users.byEmail();
      const device = await addVirtualAuthenticator(page);
      await openSecurityPage(page, i18n, user.token);
      const card = passkeysCard(page, i18n);
      await expect(card.getByText(i18n.t('No passkeys yet.'))).toBeVisible();

      await card.getByRole('button', { name: i18n.t('Add a passkey') }).click();
      await card.getByLabel(i18n.t('Current password')).fill(user.password);
      await card.getByRole('button', { name: i18n.t('Continue') }).click();
      await card.getByLabel(i18n.t('Name this passkey')).fill('My laptop');
      await card.getByRole('button', { name: i18n.t('Save passkey') }).click();
      const row = card.getByRole('row').filter({ hasText: 'My laptop' });
      await expect(row).toBeVisible();
      await expect(row.getByText(i18n.t('Never'))).toBeVisible();
      expect(await device.credentials()).toHaveLength(1);
      await expect
        .poll(async () => (await outbox.list(user.email!)).map((m) => m.purpose))
        .toContain('passkey_added');

      await logOut(page, i18n);
      await signInWithPasskey(page, i18n);
      await expectProfileOf(page, i18n, user.userId);

      await openPage(page, i18n, '/user/security', 'Security');
      await expect(passkeysCard(page, i18n).getByText(i18n.t('Never'))).toHaveCount(0);
    },
  );
}

test(
  'a member with two-step sign-in on uses the passkey instead of the code',
  ONE_PROJECT.zh,
  async ({ page, i18n, api, users }) => {
    const user = await users.byEmail();
    const setup = await api.call<{ secret: string }>(endpoints.userTotpSetup.path, {}, user.token);
    const app = new Authenticator(setup.body.data.secret);
    const enabled = await api.call(
      endpoints.userTotpEnable.path,
      { code: await app.code() },
      user.token,
    );
    expect(enabled.body.code, enabled.body.msg).toBe(200);
    await addVirtualAuthenticator(page);
    await page.goto('/login');
    await addPasskeyByApi(page, api, user.token, user.password, 'Phone');

    await fillLoginForm(page, i18n, user.account, user.password);
    await expect(
      page.getByRole('heading', { level: 1, name: i18n.t('Two-step sign-in') }),
    ).toBeVisible();
    await page.getByRole('button', { name: i18n.t('Use a passkey') }).click();
    await expectProfileOf(page, i18n, user.userId);
  },
);

test(
  'a passkey is renamed, then removed, and no longer signs in',
  ONE_PROJECT.en,
  async ({ page, i18n, api, users }) => {
    const user = await users.byEmail();
    const card = await securityPageWithPasskey(page, i18n, api, user, 'Old name');
    await card.getByRole('button', { name: i18n.t('Rename {0}', { 0: 'Old name' }) }).click();
    const rename = page.getByRole('dialog', { name: i18n.t('Rename passkey') });
    await rename.getByLabel(i18n.t('Name')).fill('Work laptop');
    await rename.getByRole('button', { name: i18n.t('Save') }).click();
    await expect(card.getByRole('row').filter({ hasText: 'Work laptop' })).toBeVisible();

    await card.getByRole('button', { name: i18n.t('Remove {0}', { 0: 'Work laptop' }) }).click();
    await page
      .getByRole('alertdialog', { name: i18n.t('Remove this passkey?') })
      .getByRole('button', { name: i18n.t('Remove passkey') })
      .click();
    await expect(card.getByText(i18n.t('No passkeys yet.'))).toBeVisible();

    // The device still holds it; the site no longer takes it.
    await logOut(page, i18n);
    await signInWithPasskey(page, i18n);
    await expect(
      page.getByRole('alert').filter({ hasText: i18n.error('PASSKEY_INVALID') }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  },
);

test('the passkeys card and the login page have no accessibility violations @layout', async ({
  page,
  i18n,
  api,
  users,
}) => {
  const user = await users.byEmail();
  const card = await securityPageWithPasskey(
    page,
    i18n,
    api,
    user,
    'A passkey with a rather long name',
  );
  await expect(card.getByRole('row').filter({ hasText: 'rather long name' })).toBeVisible();
  await card.getByRole('button', { name: i18n.t('Add a passkey') }).click();
  await expect(card.getByLabel(i18n.t('Current password'))).toBeVisible();
  await expectAccessible(page);
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBeLessThanOrEqual(0);

  await logOut(page, i18n);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: i18n.t('Sign in with a passkey') })).toBeVisible();
  await expectAccessible(page);
  expect(await overflow()).toBeLessThanOrEqual(0);
});
