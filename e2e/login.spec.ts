import { endpoints, Errors } from '../contract';
import { STORAGE_KEYS } from '../contract/protocol';
import { expect, test } from './support/fixtures';
import {
  errorToast,
  expectProfileOf,
  fillLoginForm,
  logInThroughUi,
  openMenuIfCollapsed,
} from './support/ui';
import { ONE_PROJECT, alternateProject } from './support/projects';

const TOO_MANY = Errors.TOO_MANY_FAILED_ATTEMPTS.code;

const identifiers = [
  { by: 'username', create: 'byUsername' },
  { by: 'e-mail', create: 'byEmail' },
  { by: 'phone', create: 'byPhone' },
] as const;

for (const [n, { by, create }] of identifiers.entries()) {
  test(`log in by ${by}`, alternateProject(n), async ({ page, i18n, users }) => {
    const user = await users[create]();
    await page.goto('/login');
    await logInThroughUi(page, i18n, user.account, user.password);
    await expectProfileOf(page, i18n, user.userId);
  });
}

test(
  'a wrong password is refused with the server message and stays on the login page',
  ONE_PROJECT.zh,
  async ({ page, i18n, registeredUser: user }) => {
    await page.goto('/login');
    await fillLoginForm(page, i18n, user.account, `${user.password}-wrong`);
    await expect(errorToast(page, i18n.error('INVALID_CREDENTIALS'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  },
);

test(
  'a browser that logged in before still gets in while someone keeps guessing the password',
  ONE_PROJECT.en,
  async ({ page, i18n, registeredUser: user, api }) => {
    await page.goto('/login');
    await logInThroughUi(page, i18n, user.account, user.password);
    await expectProfileOf(page, i18n, user.userId);
    const stored = await page.evaluate(
      (key) => window.localStorage.getItem(key),
      STORAGE_KEYS.deviceTokens,
    );
    const [{ token } = { token: '' }] = JSON.parse(stored ?? '[]') as { token: string }[];
    expect(JSON.parse(stored ?? '[]')).toEqual([{ userId: user.userId, token }]);
    await openMenuIfCollapsed(page, i18n);
    await page.getByRole('button', { name: i18n.t('Log out') }).click();
    await expect(page).toHaveURL(/\/$/);

    // Someone guesses until the account's shared count holds every new browser back...
    const attempt = (password: string) =>
      api.call(endpoints.userLogin.path, { account: user.account, password });
    let guesses = 0;
    while ((await attempt('a-wrong-guess')).body.code !== TOO_MANY)
      expect(++guesses).toBeLessThan(6);
    expect((await attempt(user.password)).body.code).toBe(TOO_MANY);
    // ...and goes on guessing every 200 ms while the owner logs in from this browser.
    let guessing = true;
    const attacker = (async () => {
      while (guessing) {
        await attempt('a-wrong-guess');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    try {
      const sent = page.waitForRequest((request) =>
        request.url().endsWith(endpoints.userLogin.path),
      );
      await page.goto('/login');
      await logInThroughUi(page, i18n, user.account, user.password);
      expect(((await sent).postDataJSON() as { deviceTokens?: string[] }).deviceTokens).toEqual([
        token,
      ]);
      await expectProfileOf(page, i18n, user.userId);
    } finally {
      guessing = false;
      await attacker;
    }
  },
);
