/**
 * The console's KOL section (issue 21, item 7) through the SPA: a finance member makes a member a
 * KOL on the page, confirms a held commission with a reason (every browser here shares 127.0.0.1
 * with the KOL, so a friend's commission is held), settles the KOL and records the payout's hash
 * through the step-up; TRON is not read on chain here, so the settlement is paid on the operator's
 * word. The on-chain check of a hash recorded in the console is proved on the local chain in
 * tests/server/console-kol.test.ts. Who is kept out of the section: e2e/console-tour.spec.ts.
 */
import { endpoints } from '../contract';
import { PAYOUT_NETWORK_INFO } from '../contract/kol';
import { expectAccessible } from './support/axe';
import {
  ageSecondFactor,
  enrolledStaff,
  main,
  openSection,
  signInByApi,
  confirmStepUp,
} from './support/console';
import { expect, test } from './support/fixtures';
import {
  INVITEES_FOR_PAYOUT,
  TRON_ADDRESS,
  confirmHeld,
  inviteesPay,
  matureCommissions,
} from './support/kol';
import { ONE_PROJECT } from './support/projects';

test.describe('console KOL', () => {
  test(
    'finance makes a KOL, confirms a held commission, settles and records the payout hash',
    ONE_PROJECT.en,
    async ({ page, request, api, users, i18n }) => {
      test.setTimeout(180_000);
      const finance = await enrolledStaff(request, 'finance');
      const member = await users.byUsername();
      await signInByApi(page, finance);
      await openSection(page, i18n, '/admin/kol', 'KOL programme');

      // Make the member a KOL: a rate out of bounds is refused on the page first.
      await main(page)
        .getByRole('button', { name: i18n.t('Make a KOL') })
        .click();
      const make = page.getByRole('dialog', { name: i18n.t('Make a KOL') });
      await make.getByLabel(i18n.t('Member (user ID or username)')).fill(member.username!);
      await make.getByLabel(i18n.t('First-purchase rate (25-100 %)')).fill('10');
      await make.getByRole('button', { name: i18n.t('Make a KOL') }).click();
      await expect(make.getByText(i18n.error('KOL_FIRST_RATE_INVALID'))).toBeVisible();
      await make.getByLabel(i18n.t('First-purchase rate (25-100 %)')).fill('100');
      await make.getByLabel(i18n.t('Payout network')).selectOption({
        label: PAYOUT_NETWORK_INFO.tron.label,
      });
      await make.getByLabel(i18n.t('USDT payout address')).fill(TRON_ADDRESS);
      await expectAccessible(page);
      await make.getByRole('button', { name: i18n.t('Make a KOL') }).click();
      await expect(make).toBeHidden();
      await expect(
        main(page).getByText(i18n.t('KOL {0} saved.', { 0: member.userId })),
      ).toBeVisible();

      // Three friends pay; each commission is held for review.
      const info = await api.ok<{ inviteCode: string }>(
        endpoints.systemUserInfo.path,
        {},
        member.token,
      );
      const orders = await inviteesPay(
        page,
        i18n,
        api,
        users,
        info.body.data.inviteCode,
        INVITEES_FOR_PAYOUT,
      );
      await page.goto('/admin/kol');
      const commissions = main(page).getByRole('table', { name: i18n.t('Commissions') });
      await main(page).getByLabel(i18n.t('KOL (user ID)')).fill(String(member.userId));
      await expect(commissions.getByRole('row')).toHaveCount(INVITEES_FOR_PAYOUT + 1);
      // What held it, in the reader's language: the friends signed up from the KOL's address.
      await expect(commissions.getByRole('row').nth(1)).toContainText(
        i18n.t('Same sign-up IP as the KOL'),
      );
      await commissions
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: new RegExp(`^${i18n.t('Confirm')}`) })
        .click();
      const review = page.getByRole('dialog');
      await review.getByLabel(i18n.t('Reason')).fill('e2e: friends, checked');
      await review.getByRole('button', { name: i18n.t('Confirm'), exact: true }).click();
      await expect(review).toBeHidden();
      await expect(commissions.getByRole('row')).toHaveCount(INVITEES_FOR_PAYOUT);
      // The other two through the CLI, which calls the same operator function.
      expect(await confirmHeld(member.username!)).toHaveLength(INVITEES_FOR_PAYOUT - 1);
      await matureCommissions(page, orders);

      // Settle the KOL.
      await page.reload();
      await main(page)
        .getByRole('button', { name: i18n.t('Settle KOL {0}', { 0: member.userId }) })
        .click();
      const settle = page.getByRole('alertdialog');
      await settle.getByRole('button', { name: i18n.t('Settle'), exact: true }).click();
      await expect(settle).toBeHidden();
      const made = main(page).getByRole('status').filter({ hasText: '143.97' });
      await expect(made).toBeVisible();
      const settlementId = Number(/\d+/.exec((await made.textContent())!)![0]);

      // Record the payout's hash: the server asks a fresh code first (STEP_UP_REQUIRED).
      await ageSecondFactor(page);
      await main(page)
        .getByRole('button', {
          name: i18n.t('Record the payout of settlement {0}', { 0: settlementId }),
        })
        .click();
      const pay = page.getByRole('dialog', {
        name: i18n.t('Record the payout of settlement {id}', { id: settlementId }),
      });
      await pay.getByLabel(i18n.t('Transaction hash')).fill('ab'.repeat(32));
      await pay.getByRole('button', { name: i18n.t('Record') }).click();
      const stepUp = await confirmStepUp(page, i18n, finance);
      await expect(stepUp).toBeHidden();
      await expect(pay).toBeHidden();
      const row = main(page)
        .getByRole('table', { name: i18n.t('Settlements') })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: String(settlementId), exact: true }) });
      await expect(row).toContainText(i18n.t('Paid'));
      await expect(row).toContainText('abababababab');
      await expectAccessible(page);
    },
  );
});
