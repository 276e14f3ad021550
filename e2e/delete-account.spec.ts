import { expect, test } from './support/fixtures';
import { errorToast, expectProfileOf, fillLoginForm, openOwnProfile } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  'delete the account after confirming; its credentials no longer log in',
  ONE_PROJECT.zh,
  async ({ page, i18n, signedInUser: user }) => {
    await openOwnProfile(page, i18n, user);

    const main = page.getByRole('main');
    const dialog = page.getByRole('dialog', { name: i18n.t('Delete your account?') });

    // Cancel deletes nothing.
    await main.getByRole('button', { name: i18n.t('Delete account'), exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: i18n.t('Cancel') }).click();
    await expect(dialog).toBeHidden();
    await expectProfileOf(page, i18n, user.userId);

    await main.getByRole('button', { name: i18n.t('Delete account'), exact: true }).click();
    await dialog.getByLabel(i18n.t('Password'), { exact: true }).fill(user.password);
    const word = i18n.t('DELETE');
    await dialog
      .getByLabel(i18n.t('Type {confirmWord} to confirm', { confirmWord: word }))
      .fill(word);
    await dialog.getByRole('button', { name: i18n.t('Delete account permanently') }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('status').filter({ hasText: i18n.t('Your account has been deleted.') }),
    ).toBeVisible();
    await page.goto('/login');
    await fillLoginForm(page, i18n, user.account, user.password);
    await expect(errorToast(page, i18n.error('INVALID_CREDENTIALS'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  },
);
