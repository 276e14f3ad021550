import { expect, test } from './support/fixtures';
import { errorToast, expectProfileOf, fillLoginForm, logInThroughUi } from './support/ui';

const identifiers = [
  { by: 'username', create: 'byUsername' },
  { by: 'e-mail', create: 'byEmail' },
  { by: 'phone', create: 'byPhone' },
] as const;

for (const { by, create } of identifiers) {
  test(`log in by ${by}`, async ({ page, i18n, users }) => {
    const user = await users[create]();
    await page.goto('/login');
    await logInThroughUi(page, i18n, user.account, user.password);
    await expectProfileOf(page, i18n, user.userId);
  });
}

test('a wrong password is refused with the server message and stays on the login page', async ({
  page,
  i18n,
  users,
}) => {
  const user = await users.byUsername();
  await page.goto('/login');
  await fillLoginForm(page, i18n, user.account, `${user.password}-wrong`);
  await expect(errorToast(page, i18n.error('INVALID_CREDENTIALS'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
