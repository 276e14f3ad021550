/**
 * /user/benefits (issue 5): a yearly-paid member with unexpired benefits sees them with copy
 * buttons; anyone else is told why not and how to qualify.
 */
import { endpoints } from '../contract';
import { DEMO_USER } from '../server/accounts/seed-demo-user';
import { DEMO_BENEFITS } from '../server/account-area/seed-demo';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { useSessionToken } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  'a yearly member sees the benefits with copy buttons',
  ONE_PROJECT.en,
  async ({ page, context, i18n, api }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const demo = await api.ok(endpoints.userLogin.path, {
      account: DEMO_USER.username,
      password: DEMO_USER.password,
    });
    await useSessionToken(page, demo.token!);
    await page.goto('/user/benefits');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: i18n.t('Benefits') })).toBeVisible();
    const [benefit] = DEMO_BENEFITS;
    // Operator content comes in the page's language too.
    const title = i18n.language === 'en' ? benefit.title : benefit.titleZh;
    const card = main.getByRole('region', { name: title });
    await expect(card).toContainText(benefit.account);
    await expect(card).toContainText(benefit.password);
    await expect(card.getByRole('link', { name: benefit.link })).toHaveAttribute(
      'href',
      benefit.link,
    );
    const copyPassword = card.getByRole('button', {
      name: i18n.t('Copy password of {0}', { 0: title }),
    });
    await copyPassword.click();
    await expect(copyPassword).toHaveAttribute('data-state', 'copied');
    await expect(card.getByRole('status').filter({ hasText: i18n.t('Copied') })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(benefit.password);
    await expectAccessible(page);
  },
);

test(
  'without a yearly plan: why not, and how to qualify',
  ONE_PROJECT.zh,
  async ({ page, i18n, signedInUser: _signedIn }) => {
    await page.goto('/user/benefits');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: i18n.t('Benefits come with a yearly plan') }),
    ).toBeVisible();
    const [benefit] = DEMO_BENEFITS;
    await expect(
      main.getByText(i18n.language === 'en' ? benefit.title : benefit.titleZh),
    ).toBeVisible();
    await expect(main.getByText(DEMO_BENEFITS[0].password)).toHaveCount(0);
    await expect(main.getByRole('link', { name: i18n.t('See yearly plans') })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expectAccessible(page);
  },
);
