import { endpoints } from '../contract';
import { STORAGE_KEYS } from '../contract/protocol';
import { expect, test } from './support/fixtures';
import { openOwnProfile, openMenuIfCollapsed } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  'log out ends the session in the browser and on the server',
  ONE_PROJECT.zh,
  async ({ page, i18n, signedInUser: user, api }) => {
    await openOwnProfile(page, i18n, user);

    await openMenuIfCollapsed(page, i18n);
    await page.getByRole('button', { name: i18n.t('Log out') }).click();

    await expect(page).toHaveURL(/\/$/);
    await openMenuIfCollapsed(page, i18n);
    await expect(page.getByRole('link', { name: i18n.t('Log in') }).first()).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token)).toBe(
      null,
    );
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();

    // The token is revoked, not merely forgotten.
    const after = await api.call(endpoints.systemUserInfo.path, {}, user.token);
    expect(after.httpStatus).toBe(401);

    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile$/);
  },
);
