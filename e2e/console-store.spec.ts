/**
 * The console's store section (issue 21, item 7) through the SPA: a finance member adds a plan and a
 * price to it, has a promo code with a bad percentage refused on the page (nothing created) and then
 * creates it, makes a redeem batch and downloads its codes as CSV, sets a group-buy seat price and
 * the open-group hours (who is kept out: e2e/console-tour.spec.ts). Each run uses its own plan and
 * code, so the demo plans other journeys buy stay as they are.
 */
import { readFileSync } from 'node:fs';
import { expectAccessible } from './support/axe';
import { main, openSectionAs } from './support/console';
import { expect, test } from './support/fixtures';
import { ONE_PROJECT } from './support/projects';

const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

test.describe('console store', () => {
  test(
    'a finance member prices a plan, creates a promo code, downloads a redeem batch and sets group-buy prices and hours',
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      test.setTimeout(120_000);
      await openSectionAs(page, request, i18n, 'finance', '/admin/store', 'Store');
      const plansTable = main(page).getByRole('table', { name: i18n.t('Plans') });
      await expect(plansTable).toContainText('104');
      await expectAccessible(page);

      // A plan of its own, then a price in a second currency.
      const planId = String(random(100_000, 1_999_999));
      const months = String(random(25, 119));
      await main(page)
        .getByRole('button', { name: i18n.t('Add a plan') })
        .click();
      const add = page.getByRole('dialog', { name: i18n.t('Add a plan') });
      await add.getByLabel(i18n.t('Product ID')).fill(planId);
      await add.getByLabel(i18n.t('Plan'), { exact: true }).selectOption('2');
      await add.getByLabel(i18n.t('Months')).fill(months);
      await add.getByLabel(i18n.t('Devices allowed')).fill('2');
      await add.getByLabel(i18n.t('Days of membership')).fill('45');
      await add.getByLabel(i18n.t('Position on the pricing page')).fill('4321');
      await add.getByLabel(i18n.t('Recommended (highlighted on the pricing page)')).check();
      await add.getByLabel(i18n.t('Price in CNY')).fill('10.00');
      await add.getByRole('button', { name: i18n.t('Add the plan') }).click();
      await expect(add).toBeHidden();
      const row = plansTable.getByRole('row').filter({ hasText: planId });
      await expect(row).toBeVisible();
      await expect(row).toContainText('45');
      await expect(row).toContainText('4321');
      await expect(row).toContainText(i18n.t('recommended'));
      await row
        .getByRole('button', { name: i18n.t('Set a price of plan {0}', { 0: planId }) })
        .click();
      const price = page.getByRole('dialog', {
        name: i18n.t('Set a price of plan {0}', { 0: planId }),
      });
      await price.getByLabel(i18n.t('Currency')).selectOption('USD');
      await price.getByLabel(i18n.t('Price'), { exact: true }).fill('1.99');
      await price.getByRole('button', { name: i18n.t('Set the price') }).click();
      await expect(price).toBeHidden();
      await expect(row).toContainText('1.99');

      // A promo code: a bad percentage is refused, nothing is created; then it is.
      const code = `E2E${random(100_000, 999_999)}`;
      await main(page)
        .getByRole('button', { name: i18n.t('Create a promo code') })
        .click();
      const coupon = page.getByRole('dialog', { name: i18n.t('Create a promo code') });
      await coupon.getByLabel(i18n.t('Code'), { exact: true }).fill(code);
      await coupon.getByLabel(i18n.t('Percent off')).fill('150');
      await coupon.getByRole('button', { name: i18n.t('Create the code') }).click();
      await expect(coupon.getByText(i18n.error('STORE_COUPON_PERCENT_INVALID'))).toBeVisible();
      const coupons = main(page).getByRole('table', { name: i18n.t('Promo codes') });
      await expect(coupons).not.toContainText(code);
      await coupon.getByLabel(i18n.t('Percent off')).fill('15');
      await coupon.getByLabel(i18n.t('Plans'), { exact: true }).fill(planId);
      await coupon.getByRole('button', { name: i18n.t('Create the code') }).click();
      await expect(coupon).toBeHidden();
      await expect(coupons.getByRole('row').filter({ hasText: code })).toContainText('15%');

      // A redeem batch, and its codes as CSV.
      await main(page)
        .getByRole('button', { name: i18n.t('Make a redeem batch') })
        .click();
      const batch = page.getByRole('dialog', { name: i18n.t('Make a redeem batch') });
      await batch.getByLabel(i18n.t('Number of codes')).fill('3');
      await batch.getByLabel(i18n.t('Product ID')).fill(planId);
      await batch.getByLabel(i18n.t('Note')).fill(`e2e ${code}`);
      await batch.getByRole('button', { name: i18n.t('Make the codes') }).click();
      await expect(batch).toBeHidden();
      const batchRow = main(page)
        .getByRole('table', { name: i18n.t('Redeem batches') })
        .getByRole('row')
        .filter({ hasText: `e2e ${code}` });
      await expect(batchRow).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        batchRow.getByRole('link').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^redeem-batch-\d+\.csv$/);
      const lines = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('code,group,days,plan,uses,used,expires_at,disabled');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        new RegExp(`^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3},lite,\\d+,${planId},1,0,,no$`),
      );

      // One of its codes looked up as a member would read it out, then disabled; a code that
      // does not exist is said so.
      const lookUp = main(page).getByLabel(i18n.t('Look up a code'));
      await lookUp.fill('AAAA-BBBB-CCCC-DDDD');
      await main(page)
        .getByRole('button', { name: i18n.t('Find the code') })
        .click();
      await expect(main(page).getByText(i18n.error('REDEEM_CODE_NOT_FOUND'))).toBeVisible();
      const printed = lines[1]!.split(',')[0]!;
      await lookUp.fill(printed.toLowerCase().replace(/-/g, ' '));
      await main(page)
        .getByRole('button', { name: i18n.t('Find the code') })
        .click();
      const found = main(page).getByRole('region', {
        name: i18n.t('Redeem code {shown}', { shown: printed }),
      });
      await expect(found).toContainText(i18n.t('Can be redeemed'));
      await expect(found).toContainText(i18n.t('Nobody yet.'));
      await expect(found).toContainText(`e2e ${code}`);
      await expectAccessible(page);
      await found.getByRole('button', { name: i18n.t('Disable the code') }).click();
      await expect(found).toContainText(i18n.t('Disabled'));
      await expect(found.getByRole('button', { name: i18n.t('Disable the code') })).toHaveCount(0);

      // Group buy: a seat price for the new plan and the hours.
      const group = main(page).getByRole('region', { name: i18n.t('Group buy') });
      await group.getByLabel(i18n.t('Product ID')).fill(planId);
      await group.getByLabel(i18n.t('Seat price'), { exact: true }).fill('8.50');
      await group.getByRole('button', { name: i18n.t('Set the seat price') }).click();
      await expect(
        group
          .getByRole('table', { name: i18n.t('Seat prices') })
          .getByRole('row')
          .filter({ hasText: planId }),
      ).toContainText('8.50');
      await group.getByLabel(i18n.t('Hours an open group lasts')).fill('24');
      await group.getByRole('button', { name: i18n.t('Save the hours') }).click();
      await expect(group.getByLabel(i18n.t('Hours an open group lasts'))).toHaveValue('24');
      await expectAccessible(page);
    },
  );
});
