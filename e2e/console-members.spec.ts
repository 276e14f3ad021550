/**
 * The console's members section (issue 21, item 5) through the SPA: a support member finds a
 * member by the exact user ID, opens the record, extends the membership and disables the account
 * with reasons, removes nothing by mistake (bad input is refused on the page), compensates an
 * outage for every active member (who is kept out of the section: e2e/console-tour.spec.ts). Staff
 * are made with the CLI and sign in through the contract; members register through the member API.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expectNoindex, main, signedInStaff } from './support/console';
import { expect, test } from './support/fixtures';
import type { I18n } from './support/i18n';
import { ONE_PROJECT } from './support/projects';

async function openMember(page: Page, i18n: I18n, userId: number): Promise<void> {
  await page.goto('/admin/users');
  await main(page).getByLabel(i18n.t('User ID, username, email or phone')).fill(String(userId));
  await main(page)
    .getByRole('button', { name: i18n.t('Search') })
    .click();
  await main(page)
    .getByRole('button', { name: i18n.t('Open member {0}', { 0: userId }) })
    .click();
  await expect(
    main(page).getByRole('heading', { name: i18n.t('Member {userId}', { userId }) }),
  ).toBeVisible();
}

test.describe('console members', () => {
  test(
    'support finds a member, extends the membership and disables the account, with reasons',
    ONE_PROJECT.en,
    async ({ page, request, i18n, users }) => {
      const member = await users.byUsername();
      await signedInStaff(page, request, 'support');
      await page.goto('/admin/users');
      await expectNoindex(page);

      // Nothing typed: the field says what it wants.
      await main(page)
        .getByRole('button', { name: i18n.t('Search') })
        .click();
      await expect(main(page).getByText(i18n.error('REQUIRED_SEARCH'))).toBeVisible();
      // One more digit finds nobody.
      await main(page)
        .getByLabel(i18n.t('User ID, username, email or phone'))
        .fill(`${member.userId}9`);
      await main(page)
        .getByRole('button', { name: i18n.t('Search') })
        .click();
      await expect(
        main(page).getByText(
          i18n.t('No member is exactly “{query}”.', { query: `${member.userId}9` }),
        ),
      ).toBeVisible();

      await openMember(page, i18n, member.userId);
      await expectAccessible(page);

      await main(page)
        .getByRole('button', { name: i18n.t('Extend membership') })
        .click();
      const extend = page.getByRole('alertdialog');
      await extend.getByLabel(i18n.t('Days')).fill('10');
      await extend.getByLabel(i18n.t('Reason')).fill('x');
      await extend.getByRole('button', { name: i18n.t('Extend'), exact: true }).click();
      await expect(extend.getByText(i18n.error('REASON_REQUIRED'))).toBeVisible();
      await extend.getByLabel(i18n.t('Reason')).fill('Support ticket 4711');
      await extend.getByRole('button', { name: i18n.t('Extend'), exact: true }).click();
      await expect(extend).toHaveCount(0);
      const details = main(page).locator('.console-details');
      await expect(details).toContainText(i18n.t('Standard'));

      await main(page)
        .getByRole('button', { name: i18n.t('Disable account') })
        .click();
      const disable = page.getByRole('alertdialog');
      await disable.getByLabel(i18n.t('Reason')).fill('Abuse report 12');
      await disable.getByRole('button', { name: i18n.t('Disable account') }).click();
      await expect(disable).toHaveCount(0);
      await expect(details).toContainText(i18n.t('Disabled'));
      await expect(
        main(page).getByRole('button', { name: i18n.t('Enable account') }),
      ).toBeVisible();
      // The member's own session ended with it.
      const info = await request.post('/api/system/system_user_info', {
        headers: { authorization: `Bearer ${member.token}` },
        data: {},
      });
      expect(info.status()).not.toBe(200);
    },
  );

  test(
    'support compensates an outage: every active member gets the days, once',
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      await signedInStaff(page, request, 'support');
      await page.goto('/admin/users');
      const panel = main(page).getByRole('region', { name: i18n.t('Outage compensation') });
      await expect(panel.getByText(/\d+/).first()).toBeVisible();
      await panel.getByLabel(i18n.t('Days (1 to 90)')).fill('120');
      await panel.getByLabel(i18n.t('Reason')).fill('Outage on 20 November');
      await panel.getByRole('button', { name: i18n.t('Extend every active member') }).click();
      await expect(panel.getByText(i18n.error('ADJUST_DAYS_INVALID'))).toBeVisible();
      await panel.getByLabel(i18n.t('Days (1 to 90)')).fill('2');
      await panel.getByRole('button', { name: i18n.t('Extend every active member') }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: i18n.t('Extend every active member') }).click();
      await expect(panel.getByRole('status')).toContainText(/\d/);
      await expect(confirm).toHaveCount(0);
    },
  );
});
