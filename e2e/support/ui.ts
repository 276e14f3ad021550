/**
 * Steps a person takes on the site, written once so the specs read like the journeys they prove.
 * Elements are found by role and accessible name, in the language of the project.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../contract/protocol';
import type { I18n } from './i18n';
import type { TestUser } from './user-factory';

/** At 390 px the account links live in the collapsed menu; open it when it is there. */
export async function openMenuIfCollapsed(page: Page, i18n: I18n): Promise<void> {
  const toggle = page.getByRole('button', { name: i18n.t('Open menu') });
  if (await toggle.isVisible()) await toggle.click();
}

export async function fillLoginForm(
  page: Page,
  i18n: I18n,
  account: string,
  password: string,
): Promise<void> {
  await page.getByLabel(i18n.t('Username, email or phone')).fill(account);
  await page.getByLabel(i18n.t('Password'), { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page
    .getByRole('main')
    .getByRole('button', { name: i18n.t('Log in'), exact: true })
    .click();
}

/** Opens `path` and waits for its level-1 heading (`heading`, translated); returns the main landmark. */
export async function openPage(
  page: Page,
  i18n: I18n,
  path: string,
  heading: string,
): Promise<Locator> {
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: i18n.t(heading) })).toBeVisible();
  return main;
}

/** Signed in with `token`, opens the account's Security page; returns the main landmark. */
export async function openSecurityPage(page: Page, i18n: I18n, token: string): Promise<Locator> {
  await useSessionToken(page, token);
  return openPage(page, i18n, '/user/security', 'Security');
}

/** Logs out from the account menu (opened first on a phone) and lands on the home page. */
export async function logOut(page: Page, i18n: I18n): Promise<void> {
  await openMenuIfCollapsed(page, i18n);
  await page.getByRole('button', { name: i18n.t('Log out') }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Logs in through the login page (already open), expecting success. */
export async function logInThroughUi(
  page: Page,
  i18n: I18n,
  account: string,
  password: string,
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: i18n.t('Log in') })).toBeVisible();
  await fillLoginForm(page, i18n, account, password);
}

/** Puts a session token where the SPA keeps it, as a returning visitor would have it. */
export async function useSessionToken(page: Page, token: string): Promise<void> {
  await page.goto('/no-such-page');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    STORAGE_KEYS.token,
    token,
  ] as const);
}

/**
 * The profile of this user is on screen. Matched by user ID: the page masks e-mail addresses and
 * phone numbers, and the ID is what ties the screen to the account the test created.
 */
export async function expectProfileOf(page: Page, i18n: I18n, userId: number): Promise<void> {
  await expect(page).toHaveURL(/\/user\/profile$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: i18n.t('Profile') })).toBeVisible();
  await expect(main.getByRole('definition').filter({ hasText: /^\d+$/ }).first()).toHaveText(
    String(userId),
  );
}

/** Opens /user/profile, signed in as `user`, and checks it is their profile. */
export async function openOwnProfile(page: Page, i18n: I18n, user: TestUser): Promise<void> {
  await page.goto('/user/profile');
  await expectProfileOf(page, i18n, user.userId);
}

/** The error toast the API client shows for a refused call (role=alert). */
export function errorToast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}
