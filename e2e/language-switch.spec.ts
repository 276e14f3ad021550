import { expect, test } from './support/fixtures';
import { I18n } from './support/i18n';
import { ONE_PROJECT } from './support/projects';

test(
  'switching language changes <html lang> and every string, and keeps the route',
  ONE_PROJECT.zh,
  async ({ page, i18n, language }) => {
    const other = new I18n(language === 'en' ? 'zh-CN' : 'en');
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(i18n.t("Sorry, we couldn't find that page."));

    await page
      .getByRole('button', { name: i18n.t('Change language') })
      .first()
      .click();

    await expect(page.locator('html')).toHaveAttribute('lang', other.language);
    await expect(heading).toHaveText(other.t("Sorry, we couldn't find that page."));
    await expect(page.getByRole('link', { name: other.t('Back to home') })).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page$/);

    // The choice is remembered: a reload stays in the new language.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', other.language);
    await expect(heading).toHaveText(other.t("Sorry, we couldn't find that page."));
  },
);

test('a page with its own catalogue (/download, docs/i18n.md) is translated whole in both languages', async ({
  page,
  i18n,
  language,
}) => {
  const other = new I18n(language === 'en' ? 'zh-CN' : 'en');
  await page.goto('/download');
  // A text only the download catalogue holds.
  const text = 'Installation tips for every platform, and one link for all your devices.';
  await expect(page.getByText(i18n.t(text))).toBeVisible();
  await expect(page.getByText(i18n.t('Need a hand?'))).toBeVisible();

  await page
    .getByRole('button', { name: i18n.t('Change language') })
    .first()
    .click();

  await expect(page.locator('html')).toHaveAttribute('lang', other.language);
  await expect(page.getByText(other.t(text))).toBeVisible();
  await expect(page.getByText(other.t('Need a hand?'))).toBeVisible();
  await expect(page).toHaveURL(/\/download$/);
});
