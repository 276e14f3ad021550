import { expect, test } from './support/fixtures';
import { ONE_PROJECT } from './support/projects';

test(
  'an unknown address shows the 404 page, whose button goes back home',
  ONE_PROJECT.en,
  async ({ page, i18n }) => {
    // The server answers an unknown address with HTTP 404 while still sending the SPA.
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);

    await expect(
      page.getByRole('heading', { level: 1, name: i18n.t("Sorry, we couldn't find that page.") }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page\/at-all$/);

    await page.getByRole('link', { name: i18n.t('Back to home') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
      i18n.t("Sorry, we couldn't find that page."),
    );
  },
);
