/**
 * /user/device (issue 5): the devices of the account and the plan's limit; removing one (with a
 * confirmation) signs it out and frees its seat. A new app device beyond the limit is refused with
 * the limit named, in the user's language.
 */
import { endpoints, errorMessage, Errors } from '../contract';
import { DEVICE_HEADERS, HEADER } from '../contract/protocol';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { useSessionToken } from './support/ui';

test('devices: the limit holds, the list marks this browser, removing a device frees its seat', async ({
  page,
  i18n,
  api,
  users,
}) => {
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
});
