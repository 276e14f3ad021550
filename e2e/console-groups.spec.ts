/**
 * The console's group-buys section (issue 21, item 7) through the SPA: a member opens a pay-self
 * group and pays their share in the sandbox; a support member finds it by the member's ID (a
 * malformed group ID is refused on the page), opens it, sees the paid seat and its order, and ends
 * the group now: a reason is asked first, then a fresh code (the real STEP_UP_REQUIRED, then the
 * step-up), and the share is refunded through the gateway. Who is kept out of the section:
 * e2e/console-tour.spec.ts.
 */
import { consoleGroupEnd } from '../contract/endpoints/console';
import { expectAccessible } from './support/axe';
import { ageSecondFactorAndRecord, confirmStepUp, main, openSectionAs } from './support/console';
import { expect } from './support/fixtures';
import { test } from './support/group-buy';
import { userInfo } from './support/store';
import { ONE_PROJECT } from './support/projects';

test.describe('console group buys', () => {
  test(
    'support finds an open group by its member, reads its seats and ends it with a refund',
    ONE_PROJECT.en,
    async ({ page, request, api, i18n, creator, groupBuy }) => {
      test.setTimeout(90_000);
      const group = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });
      expect((await userInfo(api, creator.token)).expireTime).toBeNull();

      const support = await openSectionAs(
        page,
        request,
        i18n,
        'support',
        '/admin/groups',
        'Group buys',
      );

      const filters = main(page).getByRole('form', { name: i18n.t('Filter the groups') });
      await filters.getByLabel(i18n.t('Group ID')).fill('G12');
      await filters.getByRole('button', { name: i18n.t('Filter') }).click();
      await expect(filters.getByText(i18n.error('CONSOLE_GROUP_NOT_FOUND'))).toBeVisible();
      await filters.getByLabel(i18n.t('Group ID')).fill('');
      await filters.getByLabel(i18n.t('Member ID')).fill(String(creator.userId));
      await filters.getByRole('button', { name: i18n.t('Filter') }).click();
      const table = main(page).getByRole('table', { name: i18n.t('Group buys') });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText(i18n.t('Open', {}, 'a group buy'));
      await expectAccessible(page);
      await table.getByRole('button', { name: /^Open group |^打开拼团 / }).click();

      const record = main(page).getByRole('region', { name: /^Group G|^拼团 G/ });
      const seats = record.getByRole('table', { name: i18n.t("The group's seats") });
      await expect(seats.getByRole('row')).toHaveCount(2);
      await expect(seats).toContainText(group.orderId);
      await expect(seats).toContainText(i18n.t('Paid', {}, 'a seat'));

      // End it: the reason first, then the server's real STEP_UP_REQUIRED, the code, and the ending.
      const answers = await ageSecondFactorAndRecord(page, consoleGroupEnd);
      await record.getByRole('button', { name: i18n.t('End the group now') }).click();
      const ending = page.getByRole('alertdialog');
      await ending.getByRole('button', { name: i18n.t('End the group') }).click();
      await expect(ending.getByText(i18n.error('REASON_REQUIRED'))).toBeVisible();
      expect(answers).toEqual([]);
      await ending.getByLabel(i18n.t('Reason')).fill('Node outage in the region');
      await ending.getByRole('button', { name: i18n.t('End the group') }).click();
      await confirmStepUp(page, i18n, support);
      await expect(ending).toHaveCount(0);
      expect(answers).toEqual([403, 200]);
      await expect(record.getByRole('status')).toHaveText(
        i18n.t(
          'The group has ended. Shares refunded through the gateway: {refunded}. To refund by hand (in the payment flags): {refundDue}. To be tried again by the ending job: {retry}.',
          { refunded: 1, refundDue: 0, retry: 0 },
        ),
      );
      await expect(record.locator('.console-details')).toContainText(
        i18n.t('Ended', {}, 'a group buy'),
      );
      await expect(seats).toContainText(i18n.t('Refunded', {}, 'a seat'));
      await expect(record.getByRole('button', { name: i18n.t('End the group now') })).toHaveCount(
        0,
      );
      await expectAccessible(page);
    },
  );
});
