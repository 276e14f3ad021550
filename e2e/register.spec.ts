import { endpoints } from '../contract';
import type { ApiClient } from './support/api-client';
import { expect, test } from './support/fixtures';
import { freshIdentity } from './support/user-factory';
import { expectProfileOf } from './support/ui';
import { ONE_PROJECT } from './support/projects';

/** The account the form created, as the server knows it: its credentials log in to this user ID. */
async function userIdOf(api: ApiClient, account: string, password: string): Promise<number> {
  const res = await api.ok<{ userId: number }>(endpoints.userLogin.path, { account, password });
  return res.body.data.userId;
}

test(
  'register by username lands on the profile, logged in',
  ONE_PROJECT.en,
  async ({ page, i18n, api }) => {
    const { username, password } = freshIdentity();
    await page.goto('/register');
    await expect(
      page.getByRole('heading', { level: 1, name: i18n.t('Create your account') }),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: i18n.t('Username') })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await page.getByLabel(i18n.t('Username'), { exact: true }).fill(username);
    await page.getByLabel(i18n.t('Password'), { exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: i18n.t('Register'), exact: true }).click();

    await expect(page).toHaveURL(/\/user\/profile$/);
    const userId = await userIdOf(api, username, password);
    await expectProfileOf(page, i18n, userId);

    // The register token stays in this tab (SPEC §4); the first call after it brought an ordinary
    // token, so a new tab (the Terms link, a bookmark) is signed in too.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('token')))
      .toEqual(expect.any(String));
    const newTab = await page.context().newPage();
    await newTab.goto('/user/profile');
    await expect(newTab).toHaveURL(/\/user\/profile$/);
    await expectProfileOf(newTab, i18n, userId);
    await newTab.close();
  },
);

test(
  'register by e-mail with the code from the outbox',
  ONE_PROJECT.zh,
  async ({ page, i18n, outbox, api }) => {
    const { email, password } = freshIdentity();
    await page.goto('/register');
    await page.getByRole('tab', { name: i18n.t('Email') }).click();

    await page.getByLabel(i18n.t('Email'), { exact: true }).fill(email);
    const sendCode = page.getByRole('button', { name: i18n.t('Send code') });
    await sendCode.click();
    // The countdown starts and the button refuses a second request until it ends.
    await expect(
      page.getByRole('button', { name: /\d/ }).filter({ hasNot: sendCode }),
    ).toBeDisabled();
    const code = await outbox.waitForCode(email, { purpose: 'register' });

    await page.getByLabel(i18n.t('Verification code')).fill(code);
    await page.getByLabel(i18n.t('Password'), { exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: i18n.t('Register'), exact: true }).click();

    await expect(page).toHaveURL(/\/user\/profile$/);
    await expectProfileOf(page, i18n, await userIdOf(api, email, password));
  },
);
