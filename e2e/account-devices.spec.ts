/**
 * /user/device (issue 5): the devices of the account and the plan's limit; removing one (with a
 * confirmation) signs it out and frees its seat. Each browser is a device of its own (issue 19). A new app device beyond the limit is refused with
 * the limit named, in the user's language.
 */
import { endpoints, errorMessage, Errors } from '../contract';
import { DEVICE_HEADERS, HEADER, STORAGE_KEYS } from '../contract/protocol';
import { expectAccessible } from './support/axe';
import { expect, test, waitingForTheApp } from './support/fixtures';
import { expectProfileOf, logInThroughUi, useSessionToken } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  'devices: the limit holds, the list marks this browser, removing a device frees its seat',
  ONE_PROJECT.en,
  async ({ page, i18n, api, users }) => {
    const user = await users.byUsername();
    const laptop = `e2e-laptop-${user.userId}-${Date.now()}`;
    const other = `e2e-other-${user.userId}-${Date.now()}`;
    const appLogin = (deviceId: string, model: string) =>
      api.call(
        endpoints.userLogin.path,
        { account: user.account, password: user.password },
        undefined,
        { [HEADER.deviceId]: deviceId, [DEVICE_HEADERS.model]: model },
      );

    expect((await appLogin(laptop, 'Work laptop')).body.code).toBe(200);
    // A free account has one app seat: a second app device is refused, with the limit named.
    const refused = await appLogin(other, 'Second laptop');
    expect(refused.body.code).toBe(Errors.DEVICE_LIMIT_REACHED.code);
    expect(refused.body.msg).toBe(
      errorMessage(Errors.DEVICE_LIMIT_REACHED.code, i18n.apiLanguage, { limit: 1 }),
    );
    expect(refused.token).toBeNull();

    await useSessionToken(page, user.token);
    await page.goto('/user/device');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: i18n.t('Devices') })).toBeVisible();
    await expect(
      main.getByRole('heading', {
        name: i18n.t('{used} of {max} app devices in use', { used: 1, max: 1 }),
      }),
    ).toBeVisible();
    const laptopRow = main.getByRole('row').filter({ hasText: 'Work laptop' });
    await expect(laptopRow).toContainText(laptop);
    await expect(laptopRow).toContainText(i18n.t('PC'));
    // This browser is the web row, marked as the current device and not counted.
    const webRow = main.getByRole('row').filter({ hasText: i18n.t('This device') });
    await expect(webRow).toContainText(i18n.t('Not counted'));
    await expectAccessible(page);

    const removeLaptop = main.getByRole('button', {
      name: i18n.t('Remove {name}', { name: 'Work laptop' }),
    });
    const dialog = page.getByRole('alertdialog', {
      name: i18n.t('Remove {deviceName}?', { deviceName: 'Work laptop' }),
    });
    await removeLaptop.click();
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: i18n.t('Cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(laptopRow).toBeVisible();

    await removeLaptop.click();
    await dialog.getByRole('button', { name: i18n.t('Remove device') }).click();
    await expect(dialog).toBeHidden();
    await expect(laptopRow).toBeHidden();
    await expect(
      main.getByRole('heading', {
        name: i18n.t('{used} of {max} app devices in use', { used: 0, max: 1 }),
      }),
    ).toBeVisible();

    // The freed seat takes the other device now.
    expect((await appLogin(other, 'Second laptop')).body.code).toBe(200);
    await page.reload();
    await expect(main.getByRole('row').filter({ hasText: 'Second laptop' })).toBeVisible();
  },
);

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.describe('each browser is a device of its own', () => {
  test.use({ userAgent: DESKTOP_CHROME });

  test(
    'two browsers sign in: two rows named by what they are; removing one signs out only that one',
    ONE_PROJECT.zh,
    async ({ page, browser, i18n, language, users }, testInfo) => {
      const user = await users.byUsername();
      const { baseURL, locale, viewport } = testInfo.project.use;
      const phoneContext = await browser.newContext({
        baseURL,
        locale,
        viewport,
        userAgent: IPHONE_SAFARI,
      });
      await phoneContext.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        STORAGE_KEYS.language,
        language,
      ] as const);
      // The login page arrives prerendered: this second browser waits for the app like the first.
      const phone = waitingForTheApp(await phoneContext.newPage());
      try {
        for (const browserPage of [page, phone]) {
          await browserPage.goto('/login');
          await logInThroughUi(browserPage, i18n, user.account, user.password);
          await expectProfileOf(browserPage, i18n, user.userId);
        }

        await page.goto('/user/device');
        const main = page.getByRole('main');
        const chromeRow = main
          .getByRole('row')
          .filter({ hasText: i18n.t('Web browser ({browser})', { browser: 'Chrome' }) });
        const safariRow = main
          .getByRole('row')
          .filter({ hasText: i18n.t('Web browser ({browser})', { browser: 'Safari' }) });
        await expect(chromeRow).toHaveCount(1);
        await expect(chromeRow).toContainText(i18n.t('This device'));
        await expect(chromeRow).toContainText('Windows');
        await expect(chromeRow).toContainText(i18n.t('PC'));
        await expect(safariRow).toHaveCount(1);
        await expect(safariRow).toContainText('iOS');
        await expect(safariRow).toContainText(i18n.t('Mobile', {}, 'device type'));
        await expect(safariRow).not.toContainText(i18n.t('This device'));
        // Browsers take no app seat.
        await expect(
          main.getByRole('heading', {
            name: i18n.t('{used} of {max} app devices in use', { used: 0, max: 1 }),
          }),
        ).toBeVisible();

        const safariName = i18n.t('Web browser ({browser})', { browser: 'Safari' });
        await main
          .getByRole('button', { name: i18n.t('Remove {name}', { name: safariName }) })
          .click();
        const dialog = page.getByRole('alertdialog', {
          name: i18n.t('Remove {deviceName}?', { deviceName: safariName }),
        });
        await dialog.getByRole('button', { name: i18n.t('Remove device') }).click();
        await expect(dialog).toBeHidden();
        await expect(safariRow).toHaveCount(0);

        // The phone is signed out; this browser is not.
        await phone.goto('/user/profile');
        await expect(phone).toHaveURL(/\/login\?redirect=/);
        await page.reload();
        await expect(chromeRow).toContainText(i18n.t('This device'));
      } finally {
        await phoneContext.close();
      }
    },
  );
});
