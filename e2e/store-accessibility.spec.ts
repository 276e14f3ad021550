/** axe-core (WCAG 2.1 A/AA) on the store's pages: /pricing for a visitor and a member, /purchased. */
import { expectAccessible } from './support/axe';
import { expect } from './support/fixtures';
import { DEMO, resultDialog, test } from './support/store';
import { useSessionToken } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  '/pricing has no WCAG 2.1 A/AA violations, for a visitor and for a member',
  ONE_PROJECT.zh,
  async ({ page, i18n, users }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('link', { name: i18n.t('Log in to pay') })).toBeVisible();
    await expectAccessible(page);
    const user = await users.byUsername();
    await useSessionToken(page, user.token);
    await page.goto('/pricing');
    await page.getByRole('button', { name: i18n.t('Have a promo code?') }).click();
    await expect(page.getByLabel(i18n.t('Promo code'))).toBeVisible();
    await expectAccessible(page);
  },
);

test(
  '/purchased and its result dialog have no WCAG 2.1 A/AA violations',
  ONE_PROJECT.en,
  async ({ page, i18n, shopper }) => {
    await shopper.payNewOrder(DEMO.standard1, 'pay');
    await expect(
      resultDialog(page).getByText(i18n.pattern('New expiry: {newExpiry}')),
    ).toBeVisible();
    await expectAccessible(page);
  },
);
