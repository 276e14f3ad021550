import { endpoints } from '../contract';
import { STORAGE_KEYS } from '../contract/protocol';
import { expect, test } from './support/fixtures';
import { expectProfileOf, openMenuIfCollapsed, useSessionToken } from './support/ui';

test('log out ends the session in the browser and on the server', async ({
  page,
  context,
  i18n,
  users,
  api,
}) => {
  const user = await users.byUsername();
  await useSessionToken(page, user.token);
  await page.goto('/user/profile');
  await expectProfileOf(page, i18n, user.userId);

  await openMenuIfCollapsed(page, i18n);
  await page.getByRole('button', { name: i18n.t('Log out') }).click();

  await expect(page).toHaveURL(/\/$/);
  await openMenuIfCollapsed(page, i18n);
  await expect(page.getByRole('link', { name: i18n.t('Log in') }).first()).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token)).toBe(
    null,
  );
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();

  // The token is revoked, not merely forgotten.
  const after = await api.call(endpoints.systemUserInfo.path, {}, user.token);
  expect(after.httpStatus).toBe(401);

  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile$/);
});
