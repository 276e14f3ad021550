import { expect, test } from './support/fixtures';
import { expectProfileOf, logInThroughUi } from './support/ui';
import { ONE_PROJECT, alternateProject } from './support/projects';

test.describe('login-access guard', () => {
  for (const [n, path] of ['/login', '/register', '/resetpassword'].entries()) {
    test(
      `a logged-in visitor on ${path} goes on to the profile`,
      alternateProject(n),
      async ({ page, i18n, signedInUser: user }) => {
        await page.goto(path);
        await expectProfileOf(page, i18n, user.userId);
      },
    );
  }

  test(
    'a logged-in visitor on /login?redirect= goes to the redirect',
    ONE_PROJECT.zh,
    async ({ page, signedInUser: _signedIn }) => {
      await page.goto('/login?redirect=%2Fuser%2Fdevice');
      await expect(page).toHaveURL(/\/user\/device$/);
    },
  );

  test(
    'a redirect to another site is not followed',
    ONE_PROJECT.en,
    async ({ page, signedInUser: user, i18n }) => {
      await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
      await expectProfileOf(page, i18n, user.userId);
    },
  );
});

test.describe('user-auth guard', () => {
  test(
    'a logged-out visitor is sent to log in, then back to the page asked for',
    ONE_PROJECT.zh,
    async ({ page, i18n, registeredUser: user }) => {
      await page.goto('/user/device');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fdevice$/);

      await logInThroughUi(page, i18n, user.account, user.password);
      await expect(page).toHaveURL(/\/user\/device$/);
    },
  );

  test(
    '/user goes to /user/profile',
    ONE_PROJECT.en,
    async ({ page, i18n, signedInUser: user }) => {
      await page.goto('/user');
      await expectProfileOf(page, i18n, user.userId);
    },
  );
});
