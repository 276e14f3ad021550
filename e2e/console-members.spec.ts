/**
 * The console's members section (issue 21, item 5) through the SPA: a support member finds a
 * member by the exact user ID, opens the record, extends the membership and disables the account
 * with reasons, removes nothing by mistake (bad input is refused on the page), compensates an
 * outage for every active member (who is kept out of the section: e2e/console-tour.spec.ts), and
 * reads a KOL's whole record: the membership history with the reason and who, the subscription's
 * fetches, the group buy, the invited friend and the commission. Staff are made with the CLI and
 * sign in through the contract; members register through the member API.
 */
import { expectAccessible } from './support/axe';
import {
  expectNoindex,
  extendMembership,
  main,
  openMember,
  signedInStaff,
} from './support/console';
import { expect, test } from './support/fixtures';
import { payOrder, startGroup } from './support/group-buy';
import { makeKol } from './support/kol';
import { ONE_PROJECT } from './support/projects';
import { DEMO, createOrder, payInSandbox } from './support/store';
import { fetchImportLink } from './support/subscription';

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

  test("support reads a KOL's record: membership history, fetches, group buy, invite, commission", async ({
    page,
    request,
    api,
    i18n,
    users,
  }) => {
    test.setTimeout(120_000);
    const member = await users.byUsername();
    // A friend signs up with the KOL's code and buys 12 months in USD: a commission held for review
    // (every e2e request comes from 127.0.0.1, the KOL's own sign-up address).
    const { inviteCode } = await makeKol(api, member);
    const friend = await users.invitedBy(inviteCode);
    const bought = await createOrder(api, friend.token, DEMO.standard12, 'USD');
    await payInSandbox(page, i18n, bought.payUrl, 'pay');
    // The KOL starts a pay-self group of three and pays the creator's share.
    const group = await startGroup(api, member.token, {
      productId: DEMO.standard1,
      groupSize: 3,
      paymentType: 1,
    });
    await payOrder(page, i18n, group.payUrl);

    const support = await signedInStaff(page, request, 'support');
    await openMember(page, i18n, member.userId);
    await extendMembership(page, i18n, 10, 'Support ticket 4711');
    // A client fetches the member's import link.
    await fetchImportLink(api, request, member.token, 'ClashForAndroid/2.5.12');

    await openMember(page, i18n, member.userId);
    const table = (name: string) => main(page).getByRole('table', { name: i18n.t(name) });
    const history = table('Membership history').getByRole('row').filter({
      hasText: 'Support ticket 4711',
    });
    await expect(history).toContainText(support.username);
    await expect(history).toContainText(i18n.t('Changed by an operator'));
    const fetches = table('Subscription fetches').getByRole('row').filter({ hasText: '127.0.0.1' });
    await expect(fetches).toHaveCount(1);
    await expect(fetches).toContainText('ClashForAndroid/2.5.12');
    await expect(fetches).toContainText(i18n.t('Server list sent'));
    const groups = table('Group buys')
      .getByRole('row')
      .filter({ hasText: i18n.t('Creator') });
    await expect(groups).toHaveCount(1);
    await expect(groups).toContainText(i18n.t('Open', {}, 'a group buy'));
    await expect(
      table('Invited friends')
        .getByRole('row')
        .filter({ hasText: String(friend.userId) }),
    ).toHaveCount(1);
    const commissions = table('Commissions').getByRole('row').filter({ hasText: '47.99' });
    await expect(commissions).toContainText(i18n.t('Under review'));
    await expectAccessible(page);

    // The group's number opens it in the groups section, and the back button returns to the member.
    const groupLink = groups.getByRole('link', { name: /^G/ });
    const groupId = (await groupLink.textContent())!;
    await groupLink.click();
    await expect(page).toHaveURL(`/admin/groups?group=${groupId}`);
    const groupRecord = main(page).getByRole('region', { name: new RegExp(`${groupId}$`) });
    await expect(
      groupRecord.getByRole('table', { name: i18n.t("The group's seats") }),
    ).toContainText(group.orderId);
    await page.goBack();
    await expect(page).toHaveURL(`/admin/users?member=${member.userId}`);
    await expect(table('Group buys').getByRole('link', { name: groupId })).toBeVisible();
    // The friend's paid order opens in the orders section from the friend's record.
    await openMember(page, i18n, friend.userId);
    await table('Orders').getByRole('link', { name: bought.orderId }).click();
    await expect(page).toHaveURL(`/admin/orders?order=${bought.orderId}`);
    await expect(
      main(page).getByRole('region', { name: new RegExp(`${bought.orderId}$`) }),
    ).toBeVisible();
  });

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
