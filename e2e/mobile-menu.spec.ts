/**
 * The phone menu (390 px, both languages): with the More list open in the drawer, the account
 * buttons below it still work. The list used to close on the press, which moved them up under the
 * finger, so the tap ended on nothing.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { I18n } from './support/i18n';
import { openOwnProfile } from './support/ui';
import { ONE_PROJECT } from './support/projects';

const PHONE = { width: 390, height: 844 };

/** Opens the drawer and, inside it, the More list; returns the drawer. */
async function openMoreInDrawer(page: Page, i18n: I18n) {
  await page.getByRole('button', { name: i18n.t('Open menu') }).click();
  const drawer = page.getByRole('navigation', {
    name: i18n.t('Mobile', {}, 'the navigation drawer on phones'),
  });
  await drawer.getByRole('button', { name: i18n.t('More') }).click();
  await expect(drawer.getByRole('button', { name: i18n.t('More') })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // The display config's links are in the list: it has its full height when the tap comes.
  await expect(drawer.getByRole('listitem').getByRole('link').first()).toBeVisible();
  return drawer;
}

// A phone, tapped, in both projects' languages.
test.use({ viewport: PHONE, hasTouch: true });

test(
  'with More open in the phone menu, Log in and Register open their pages',
  ONE_PROJECT.en,
  async ({ page, i18n }) => {
    await page.goto('/faq');
    let drawer = await openMoreInDrawer(page, i18n);
    await drawer.getByRole('link', { name: i18n.t('Log in'), exact: true }).tap();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: i18n.t('Log in') })).toBeVisible();

    await page.goto('/faq');
    drawer = await openMoreInDrawer(page, i18n);
    await drawer.getByRole('link', { name: i18n.t('Register'), exact: true }).tap();
    await expect(page).toHaveURL(/\/register$/);
    await expect(
      page.getByRole('heading', { level: 1, name: i18n.t('Create your account') }),
    ).toBeVisible();
  },
);

test(
  'with More open in the phone menu, Log out logs out',
  ONE_PROJECT.zh,
  async ({ page, i18n, signedInUser: user }) => {
    await openOwnProfile(page, i18n, user);

    const drawer = await openMoreInDrawer(page, i18n);
    await drawer.getByRole('button', { name: i18n.t('Log out') }).tap();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile$/);
  },
);

test(
  'Escape closes the phone menu and gives focus back to its button; with More open, it closes More first',
  ONE_PROJECT.en,
  async ({ page, i18n }) => {
    await page.goto('/faq');
    const drawer = page.getByRole('navigation', {
      name: i18n.t('Mobile', {}, 'the navigation drawer on phones'),
    });
    const drawerMore = drawer.getByRole('button', { name: i18n.t('More') });
    await openMoreInDrawer(page, i18n);
    await page.keyboard.press('Escape');
    await expect(drawerMore).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: i18n.t('Open menu') })).toBeFocused();
  },
);

test(
  'the account menu on a phone shows the current page in its row',
  ONE_PROJECT.zh,
  async ({ page, i18n, signedInUser: _signedIn }) => {
    for (const [path, label] of [
      ['/user/benefits', 'Benefits'],
      ['/user/third-party-client', 'Third-party client'],
    ] as const) {
      await page.goto(path);
      const menu = page.getByRole('navigation', { name: i18n.t('Account') });
      const current = menu.getByRole('link', { name: i18n.t(label), exact: true });
      await expect(current).toHaveAttribute('aria-current', 'page');
      // Its whole box is inside the menu's visible part.
      await expect
        .poll(async () => {
          const [menuBox, linkBox] = [await menu.boundingBox(), await current.boundingBox()];
          if (!menuBox || !linkBox) return false;
          return linkBox.x >= menuBox.x && linkBox.x + linkBox.width <= menuBox.x + menuBox.width;
        })
        .toBe(true);
    }
  },
);
