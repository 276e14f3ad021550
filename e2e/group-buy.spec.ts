/**
 * Group buy (issue 12) through the real pages, the sandbox gateway and the server: a pay-self
 * group of 3 filled by two friends, a pay-all group of 2 with a free join, SPEC §8's three blocks,
 * an ended group, the service switched off, and the creator's list with its invite link.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { endpoints } from '../contract';
import { expect, test } from './support/fixtures';
import {
  endGroup,
  expectMembership,
  invitePath,
  moveGroupEnd,
  openGroup,
  payOrder,
  personPage,
  startGroup,
  switchGroupBuyOff,
} from './support/group-buy';
import type { I18n } from './support/i18n';
import { DEMO, sandboxButton, userInfo } from './support/store';
import { useSessionToken } from './support/ui';

const main = (page: Page) => page.getByRole('main');

/** On /group-buying: picks the size and who pays, starts, and pays in the sandbox. */
async function startAndPay(page: Page, i18n: I18n, size: 2 | 3, payAll: boolean) {
  await page.goto('/group-buying');
  await main(page)
    .getByRole('radio', { name: new RegExp(`^${i18n.t(size === 2 ? '2 people' : '3 people')}`) })
    .check();
  await main(page)
    .getByRole('radio', {
      name: new RegExp(
        `^${i18n.t(payAll ? 'I pay for everyone' : 'Everyone pays their own share')}`,
      ),
    })
    .check();
  await main(page)
    .getByRole('button', { name: i18n.pattern('Start the group and pay {payNow}') })
    .click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await sandboxButton(page, i18n, 'pay').click();
  await expect(page).toHaveURL(/\/group-buying\?invite=[\w-]{32}&orderId=K\w+/);
  // Open: the countdown runs and the invite link is there to share.
  await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
  const link = main(page).getByText(/\/group-buying\?invite=[\w-]{32}$/);
  await expect(link).toBeVisible();
  await expect(
    main(page).getByRole('img', { name: i18n.t('QR code of the invite link') }),
  ).toBeVisible();
  const shown = (await link.textContent()) ?? '';
  // Issue 19, item 11: the link to share names the address this site was opened on.
  expect(shown.startsWith(`${new URL(page.url()).origin}/group-buying?invite=`), shown).toBe(true);
  const invite = /invite=([\w-]{32})/.exec(shown)![1]!;
  return invite;
}

test('pay self, 3 people: the creator pays, two friends join and pay, all three are members', async ({
  page,
  i18n,
  api,
  users,
  browser,
}) => {
  const creator = await users.byUsername();
  await useSessionToken(page, creator.token);
  const invite = await startAndPay(page, i18n, 3, false);
  await expect(
    main(page).getByText(i18n.t('{taken} of {size} seats taken', { taken: 1, size: 3 })),
  ).toBeVisible();

  const friends = [await users.byUsername(), await users.byUsername()];
  const friendPages: Page[] = [];
  for (const [index, friend] of friends.entries()) {
    const friendPage = await personPage(browser, page, i18n, friend.token);
    await friendPage.goto(invitePath(invite));
    await expect(
      main(friendPage).getByText(i18n.t('Everyone pays their own share'), { exact: true }),
    ).toBeVisible();
    await main(friendPage)
      .getByRole('button', { name: i18n.pattern('Join and pay {amount}') })
      .click();
    await expect(friendPage).toHaveURL(/\/pay\/sandbox\//);
    await sandboxButton(friendPage, i18n, 'pay').click();
    await expect(friendPage).toHaveURL(/\/group-buying\?invite=.+&orderId=K\w+/);
    if (index === 0) {
      // Not a member yet: the membership comes when every seat is paid.
      expect((await userInfo(api, friend.token)).expireTime).toBeNull();
      await expect(main(friendPage).getByText(i18n.t('Paid'), { exact: true })).toBeVisible();
      await expect(
        main(friendPage).getByText(i18n.t('{taken} of {size} seats taken', { taken: 2, size: 3 })),
      ).toBeVisible();
    } else {
      await expect(
        main(friendPage).getByText(
          i18n.t('Every seat is paid for. Each member now has the membership on their account.'),
        ),
      ).toBeVisible();
    }
    friendPages.push(friendPage);
  }
  // The group finished with the last share: all three have the membership now.
  for (const [index, friend] of friends.entries()) {
    await expectMembership(friendPages[index]!, i18n, api, friend.token);
    await friendPages[index]!.context().close();
  }
  await expectMembership(page, i18n, api, creator.token);
});

test('pay all, 2 people: the creator pays both seats, a friend joins for free', async ({
  page,
  i18n,
  api,
  users,
  browser,
}) => {
  const creator = await users.byUsername();
  await useSessionToken(page, creator.token);
  const invite = await startAndPay(page, i18n, 2, true);

  const friend = await users.byUsername();
  const friendPage = await personPage(browser, page, i18n, friend.token);
  await friendPage.goto(invitePath(invite));
  await expect(
    main(friendPage).getByText(i18n.t('The creator has paid for every seat: joining is free.')),
  ).toBeVisible();
  await main(friendPage)
    .getByRole('button', { name: i18n.t('Join for free') })
    .click();
  await expect(
    main(friendPage).getByText(
      i18n.t('Every seat is paid for. Each member now has the membership on their account.'),
    ),
  ).toBeVisible();
  await expectMembership(friendPage, i18n, api, friend.token);
  await expectMembership(page, i18n, api, creator.token);
  await friendPage.context().close();
});

test('a visitor sees the group and is asked to log in and join, then comes back to it', async ({
  page,
  i18n,
  api,
  users,
  browser,
}) => {
  const creator = await users.byUsername();
  const group = await openGroup(api, browser, page, i18n, creator.token, {
    productId: DEMO.standard1,
    groupSize: 2,
    paymentType: 1,
  });

  await page.goto(invitePath(group.inviteToken));
  await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
  const login = main(page).getByRole('link', { name: i18n.t('Log in and join') });
  await expect(login).toHaveAttribute('href', /redirect=.*invite/);
});

test('blocks: the creator has not paid, the group is full, you already joined', async ({
  page,
  i18n,
  api,
  users,
  browser,
}) => {
  const creator = await users.byUsername();
  const friend = await users.byUsername();
  await useSessionToken(page, friend.token);

  // Creator not paid: the link does not work yet.
  const unpaid = await startGroup(api, creator.token, {
    productId: DEMO.standard1,
    groupSize: 2,
    paymentType: 0,
  });
  await page.goto(invitePath(unpaid.inviteToken));
  await expect(main(page).getByText(i18n.error('GROUP_CREATOR_NOT_PAID'))).toBeVisible();

  // Paid now (pay all, 2 seats): the friend's page offers the free seat...
  const payer = await personPage(browser, page, i18n, null);
  await payOrder(payer, i18n, unpaid.payUrl);
  await payer.context().close();
  await main(page)
    .getByRole('button', { name: i18n.t('Check again') })
    .click();
  const join = main(page).getByRole('button', { name: i18n.t('Join for free') });
  await expect(join).toBeVisible();
  // ...while the same friend takes it in another tab: this tab's Join is refused as already joined.
  await api.ok(endpoints.paymentJointJoin.path, { inviteToken: unpaid.inviteToken }, friend.token);
  await join.click();
  await expect(main(page).getByText(i18n.error('GROUP_ALREADY_JOINED'))).toBeVisible();

  // Full: a third person opens the link of the filled group.
  const stranger = await users.byUsername();
  const strangerPage = await personPage(browser, page, i18n, stranger.token);
  await strangerPage.goto(invitePath(unpaid.inviteToken));
  await expect(main(strangerPage).getByText(i18n.t('Finished'))).toBeVisible();
  await strangerPage.context().close();

  // Full while open: a pay-self group of 2 whose free seat is reserved by someone paying now.
  const open = await openGroup(api, browser, page, i18n, creator.token, {
    productId: DEMO.standard1,
    groupSize: 2,
    paymentType: 1,
  });
  await api.ok(
    endpoints.paymentJointJoinForPay.path,
    {
      inviteToken: open.inviteToken,
      method: 'alipay',
      currency: 'CNY',
      idempotencyKey: randomUUID(),
    },
    friend.token,
  );
  const third = await personPage(browser, page, i18n, stranger.token);
  await third.goto(invitePath(open.inviteToken));
  await expect(main(third).getByText(i18n.error('GROUP_FULL'))).toBeVisible();
  await third.context().close();
});

test('an ended group says so; a countdown that runs out ends on the page', async ({
  page,
  i18n,
  api,
  users,
  browser,
  request,
}) => {
  const creator = await users.byUsername();
  const group = await openGroup(api, browser, page, i18n, creator.token, {
    productId: DEMO.standard1,
    groupSize: 3,
    paymentType: 1,
  });

  // The end moved to 30 s from now; the page's clock runs those 30 s without waiting.
  await moveGroupEnd(request, group.inviteToken, 30);
  await page.clock.install();
  await page.goto(invitePath(group.inviteToken));
  await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
  await page.clock.runFor(31_000);
  await expect(main(page).getByText(i18n.t('Ended'), { exact: true })).toBeVisible();
  await expect(
    main(page).getByText(
      i18n.t('This group ended before every seat was paid for. Every share paid is refunded.'),
    ),
  ).toBeVisible();

  // Ended by the server: opening the link shows it ended.
  await endGroup(request, group.inviteToken);
  await page.reload();
  await expect(main(page).getByText(i18n.t('Ended'), { exact: true })).toBeVisible();
});

test('service off: the page says group buy has not started yet', async ({ page, i18n }) => {
  // The operator's switch as the shop reports it; the server's refusal (4007) is a server test.
  await switchGroupBuyOff(page);
  await page.goto('/group-buying');
  await expect(
    main(page).getByRole('heading', { name: i18n.error('GROUP_BUY_OFF') }),
  ).toBeVisible();
  await expect(
    main(page).getByRole('button', { name: i18n.pattern('Start the group and pay {payNow}') }),
  ).toHaveCount(0);
});

test('my group orders: the creator is marked, the invite link copies for 3 seconds, QR on demand', async ({
  page,
  i18n,
  api,
  users,
  browser,
  context,
}) => {
  const creator = await users.byUsername();
  const group = await openGroup(api, browser, page, i18n, creator.token, {
    productId: DEMO.standard1,
    groupSize: 3,
    paymentType: 1,
  });

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useSessionToken(page, creator.token);
  await page.clock.install();
  await page.goto('/user/group-buying');
  const created = main(page).getByRole('tabpanel');
  await expect(created.getByText(i18n.t('You (creator)'))).toBeVisible();
  await expect(created.getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
  const copyButton = created.getByRole('button', {
    name: i18n.pattern('Copy the invite link of group {groupId}'),
  });
  // From here on only the test moves time.
  await page.clock.pauseAt(Date.now() + 1_000);
  await copyButton.click();
  await expect(copyButton).toHaveAttribute('data-state', 'copied');
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: i18n.t('Copied') }),
  ).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(group.inviteLink);
  // SPEC §9: the copied state lasts 3 s, on the page's clock.
  await page.clock.runFor(2_900);
  await expect(copyButton).toHaveAttribute('data-state', 'copied');
  await page.clock.runFor(200);
  await expect(copyButton).toHaveAttribute('data-state', 'idle');

  await created.getByRole('button', { name: i18n.t('Show QR code') }).click();
  await expect(
    created.getByRole('img', {
      name: i18n.pattern('QR code of the invite link of group {groupId}'),
    }),
  ).toBeVisible();

  await page.clock.resume();
  await main(page)
    .getByRole('tab', { name: i18n.t('Groups I joined') })
    .click();
  await expect(main(page).getByText(i18n.t('You have not joined a group yet.'))).toBeVisible();
});
