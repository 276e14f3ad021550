/**
 * Group buy (issue 12) through the real pages, the sandbox gateway and the server: a pay-self
 * group of 3 filled by two friends, a pay-all group of 2 with a free join, SPEC §8's three blocks,
 * an ended group, the service switched off, and the creator's list with its invite link.
 */
import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { invitePath, payOrder, switchGroupBuyOff, test } from './support/group-buy';
import type { I18n } from './support/i18n';
import { sandboxButton, userInfo } from './support/store';
import { useSessionToken } from './support/ui';
import type { TestUser } from './support/user-factory';
import { freshIdentity } from './support/user-factory';
import { ONE_PROJECT } from './support/projects';

const main = (page: Page) => page.getByRole('main');

/** The seats line of a group's page: "{taken} of {size} seats taken". */
const seatsTaken = (page: Page, i18n: I18n, taken: number, size: number) =>
  main(page).getByText(i18n.t('{taken} of {size} seats taken', { taken, size }));

/** The line a group's page shows once the last seat is paid. */
const everySeatPaid = (page: Page, i18n: I18n) =>
  main(page).getByText(
    i18n.t('Every seat is paid for. Each member now has the membership on their account.'),
  );

/** On /group-buying as `creator`: picks the size and who pays, starts, and pays in the sandbox. */
async function startAndPay(
  page: Page,
  i18n: I18n,
  creator: TestUser,
  size: 2 | 3,
  payAll: boolean,
) {
  await useSessionToken(page, creator.token);
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
  await expect(page).toHaveURL(/\/group-buying\?group=[\w-]{32}&orderId=K\w+/);
  // Open: the countdown runs and the invite link is there to share.
  await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
  const link = main(page).getByText(/\/group-buying\?group=[\w-]{32}$/);
  await expect(link).toBeVisible();
  await expect(
    main(page).getByRole('img', { name: i18n.t('QR code of the invite link') }),
  ).toBeVisible();
  const shown = (await link.textContent()) ?? '';
  // Issue 19, item 11: the link to share names the address this site was opened on.
  expect(shown.startsWith(`${new URL(page.url()).origin}/group-buying?group=`), shown).toBe(true);
  const invite = /group=([\w-]{32})/.exec(shown)![1]!;
  return invite;
}

test(
  'pay self, 3 people: the creator pays, two friends join and pay, all three are members',
  ONE_PROJECT.en,
  async ({ page, i18n, api, users, creator, groupBuy }) => {
    // Three people's browsers and three sandbox payments: about 16 s on a quiet machine, and past the
    // 45 s default on a loaded one (the CI run of 2026-11-26 timed out at the last step).
    test.slow();
    const invite = await startAndPay(page, i18n, creator, 3, false);
    await expect(seatsTaken(page, i18n, 1, 3)).toBeVisible();

    const friends = [await users.byUsername(), await users.byUsername()];
    const friendPages: Page[] = [];
    for (const [index, friend] of friends.entries()) {
      const friendPage = await groupBuy.personPage(friend.token);
      await friendPage.goto(invitePath(invite));
      await expect(
        main(friendPage).getByText(i18n.t('Everyone pays their own share'), { exact: true }),
      ).toBeVisible();
      await main(friendPage)
        .getByRole('button', { name: i18n.pattern('Join and pay {amount}') })
        .click();
      await expect(friendPage).toHaveURL(/\/pay\/sandbox\//);
      await sandboxButton(friendPage, i18n, 'pay').click();
      await expect(friendPage).toHaveURL(/\/group-buying\?group=.+&orderId=K\w+/);
      if (index === 0) {
        // Not a member yet: the membership comes when every seat is paid.
        expect((await userInfo(api, friend.token)).expireTime).toBeNull();
        await expect(main(friendPage).getByText(i18n.t('Paid'), { exact: true })).toBeVisible();
        await expect(seatsTaken(friendPage, i18n, 2, 3)).toBeVisible();
      } else {
        await expect(everySeatPaid(friendPage, i18n)).toBeVisible();
      }
      friendPages.push(friendPage);
    }
    // The group finished with the last share: all three have the membership now.
    for (const [index, friend] of friends.entries()) {
      await groupBuy.expectMembership(friendPages[index]!, friend.token);
      await friendPages[index]!.context().close();
    }
    await groupBuy.expectMembership(page, creator.token);
  },
);

test(
  'pay all, 2 people: the creator pays both seats, a friend joins for free',
  ONE_PROJECT.zh,
  async ({ page, i18n, users, creator, groupBuy }) => {
    const invite = await startAndPay(page, i18n, creator, 2, true);

    const friend = await users.byUsername();
    const friendPage = await groupBuy.personPage(friend.token);
    await friendPage.goto(invitePath(invite));
    await expect(
      main(friendPage).getByText(i18n.t('The creator has paid for every seat: joining is free.')),
    ).toBeVisible();
    await main(friendPage)
      .getByRole('button', { name: i18n.t('Join for free') })
      .click();
    await expect(everySeatPaid(friendPage, i18n)).toBeVisible();
    await groupBuy.expectMembership(friendPage, friend.token);
    await groupBuy.expectMembership(page, creator.token);
    await friendPage.context().close();
  },
);

test(
  'a visitor sees the group and is asked to log in and join, then comes back to it',
  ONE_PROJECT.en,
  async ({ page, i18n, creator, groupBuy }) => {
    const group = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });

    await page.goto(invitePath(group.inviteToken));
    await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
    const login = main(page).getByRole('link', { name: i18n.t('Log in and join') });
    await expect(login).toHaveAttribute('href', /redirect=.*group/);

    // Without a link, the visitor is asked to log in to start a group of their own.
    await page.goto('/group-buying');
    await expect(
      main(page).getByRole('link', { name: i18n.t('Log in and start a group'), exact: true }),
    ).toHaveAttribute('href', /redirect=%2Fgroup-buying/);
    await expect(main(page).getByRole('link', { name: i18n.t('Log in and join') })).toHaveCount(0);
  },
);

test(
  'a friend with no account: an older group link, Register with no invite code filled, back to the group',
  ONE_PROJECT.zh,
  async ({ page, i18n, creator, groupBuy }) => {
    const group = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });
    // A link shared before group links had their own parameter still opens the group.
    await page.goto(`/group-buying?invite=${group.inviteToken}`);
    await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
    await main(page)
      .getByRole('link', { name: i18n.t('Log in and join') })
      .click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    // No account yet: Register keeps the way back to the group.
    await main(page)
      .getByRole('link', { name: i18n.t('Register'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/register\?redirect=.*group/);
    // The group's token is not a friend's invite code: the field stays empty.
    await expect(main(page).getByLabel(i18n.t('Invite code (optional)'))).toHaveValue('');
    // And back: Log in keeps it too.
    await main(page)
      .getByRole('link', { name: i18n.t('Log in'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/login\?redirect=.*group/);
    await main(page)
      .getByRole('link', { name: i18n.t('Register'), exact: true })
      .click();

    const { username, password } = freshIdentity();
    await main(page).getByLabel(i18n.t('Username'), { exact: true }).fill(username);
    await main(page).getByLabel(i18n.t('Password'), { exact: true }).fill(password);
    await main(page).getByRole('checkbox').check();
    await main(page)
      .getByRole('button', { name: i18n.t('Register'), exact: true })
      .click();
    // Registered (no 'Invalid invite code.'), and on the group, ready to join.
    await expect(page).toHaveURL(new RegExp(`/group-buying\\?group=${group.inviteToken}$`));
    await expect(
      main(page).getByRole('button', { name: i18n.pattern('Join and pay {amount}') }),
    ).toBeVisible();
  },
);

test(
  "the creator's payment fails at the gateway: the page says so and offers to start again",
  ONE_PROJECT.en,
  async ({ page, i18n, creator, groupBuy }) => {
    await useSessionToken(page, creator.token);
    const started = await groupBuy.start(creator.token, { groupSize: 2, paymentType: 1 });
    await page.goto(started.payUrl);
    await sandboxButton(page, i18n, 'fail').click();
    await expect(page).toHaveURL(/\/group-buying\?group=[\w-]{32}&orderId=K\w+/);
    await expect(
      main(page).getByText(i18n.t('The payment did not go through. Nothing was charged.')),
    ).toBeVisible();
    await expect(
      main(page).getByText(i18n.t('The group was not opened: start it again to pay once more.')),
    ).toBeVisible();
    // Not 'no such group', and no Retry that cannot work.
    await expect(main(page).getByText(i18n.error('GROUP_NOT_FOUND'))).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: i18n.t('Try again') })).toHaveCount(0);
    await main(page)
      .getByRole('button', { name: i18n.t('Start again') })
      .click();
    await expect(
      main(page).getByRole('button', { name: i18n.pattern('Start the group and pay {payNow}') }),
    ).toBeVisible();

    // A link to a group that does not exist says so, and offers a group of one's own.
    await page.goto(invitePath('x'.repeat(32)));
    await expect(main(page).getByText(i18n.error('GROUP_NOT_FOUND'))).toBeVisible();
    await expect(main(page).getByRole('button', { name: i18n.t('Try again') })).toHaveCount(0);
    await main(page)
      .getByRole('link', { name: i18n.t('Start a group of your own') })
      .click();
    await expect(
      main(page).getByRole('button', { name: i18n.pattern('Start the group and pay {payNow}') }),
    ).toBeVisible();
  },
);

test(
  'pay self ended unfilled: the creator is told of the refund, and the list counts nothing kept',
  ONE_PROJECT.zh,
  async ({ page, i18n, creator, groupBuy }) => {
    const group = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });
    await groupBuy.end(group.inviteToken);
    await useSessionToken(page, creator.token);
    // The gateway's return address of the creator's (now refunded) order.
    await page.goto(`${invitePath(group.inviteToken)}&orderId=${group.orderId}`);
    await expect(
      main(page).getByText(i18n.t('Your payment has been refunded to the way you paid.')),
    ).toBeVisible();
    await expect(
      main(page).getByText(
        i18n.t('This group ended before every seat was paid for. Every share paid is refunded.'),
      ),
    ).toBeVisible();
    await expect(main(page).getByRole('alert')).toHaveCount(0);

    await page.goto('/user/group-buying');
    const row = main(page)
      .getByRole('row')
      .filter({ hasText: i18n.t('Ended') });
    await expect(row).toHaveCount(1);
    // Nothing kept: 0, not the seats times the price; no end date for a group that is over.
    await expect(row).toContainText(/¥0\.00/);
    await expect(row.getByText(i18n.t('Ends on'), { exact: true })).toHaveCount(0);
    await expect(row.getByText(i18n.t('Refunded'), { exact: true })).toBeVisible();
  },
);

test(
  'a refused join shows the group as it is now; an ended pay-all group tells a friend they keep theirs',
  ONE_PROJECT.en,
  async ({ page, i18n, users, creator, groupBuy }) => {
    const friend = await users.byUsername();
    const other = await users.byUsername();
    const open = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });
    await useSessionToken(page, friend.token);
    await page.goto(invitePath(open.inviteToken));
    await expect(seatsTaken(page, i18n, 1, 2)).toBeVisible();
    // Someone else takes the last seat while this page is open.
    await groupBuy.reserveSeat(open.inviteToken, other.token);
    await main(page)
      .getByRole('button', { name: i18n.pattern('Join and pay {amount}') })
      .click();
    await expect(main(page).getByText(i18n.error('GROUP_FULL'))).toBeVisible();
    await expect(seatsTaken(page, i18n, 2, 2)).toBeVisible();

    // Pay all of 3: the friend takes a free seat; the group ends with one seat empty.
    const payAll = await groupBuy.open(creator.token, { groupSize: 3, paymentType: 0 });
    await groupBuy.takeFreeSeat(payAll.inviteToken, friend.token);
    await groupBuy.end(payAll.inviteToken);
    await page.goto(invitePath(payAll.inviteToken));
    await expect(
      main(page).getByText(
        i18n.t(
          'This group ended before every seat was taken. You keep your membership, like the creator and everyone else who joined; the creator gets a redeem code for each empty seat.',
        ),
      ),
    ).toBeVisible();
    await groupBuy.expectMembership(page, friend.token);
  },
);

test(
  'blocks: the creator has not paid, the group is full, you already joined',
  ONE_PROJECT.zh,
  async ({ page, i18n, users, creator, groupBuy }) => {
    const friend = await users.byUsername();
    await useSessionToken(page, friend.token);

    // Creator not paid: the link does not work yet.
    const unpaid = await groupBuy.start(creator.token, { groupSize: 2, paymentType: 0 });
    await page.goto(invitePath(unpaid.inviteToken));
    await expect(main(page).getByText(i18n.error('GROUP_CREATOR_NOT_PAID'))).toBeVisible();

    // Paid now (pay all, 2 seats): the friend's page offers the free seat...
    const payer = await groupBuy.personPage(null);
    await payOrder(payer, i18n, unpaid.payUrl);
    await payer.context().close();
    await main(page)
      .getByRole('button', { name: i18n.t('Check again') })
      .click();
    const join = main(page).getByRole('button', { name: i18n.t('Join for free') });
    await expect(join).toBeVisible();
    // ...while the same friend takes it in another tab: this tab's Join is refused as already joined.
    await groupBuy.takeFreeSeat(unpaid.inviteToken, friend.token);
    await join.click();
    await expect(main(page).getByText(i18n.error('GROUP_ALREADY_JOINED'))).toBeVisible();

    // Full: a third person opens the link of the filled group.
    const stranger = await users.byUsername();
    const strangerPage = await groupBuy.personPage(stranger.token);
    await strangerPage.goto(invitePath(unpaid.inviteToken));
    await expect(main(strangerPage).getByText(i18n.t('Finished'))).toBeVisible();
    await strangerPage.context().close();

    // Full while open: a pay-self group of 2 whose free seat is reserved by someone paying now.
    const open = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });
    await groupBuy.reserveSeat(open.inviteToken, friend.token);
    const third = await groupBuy.personPage(stranger.token);
    await third.goto(invitePath(open.inviteToken));
    await expect(main(third).getByText(i18n.error('GROUP_FULL'))).toBeVisible();
    await third.context().close();
  },
);

test(
  'an ended group says so; a countdown that runs out ends on the page',
  ONE_PROJECT.en,
  async ({ page, i18n, creator, groupBuy }) => {
    const group = await groupBuy.open(creator.token, { groupSize: 3, paymentType: 1 });

    // The end moved to 30 s from now; the page's clock runs those 30 s without waiting.
    await groupBuy.moveEnd(group.inviteToken, 30);
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
    await groupBuy.end(group.inviteToken);
    await page.reload();
    await expect(main(page).getByText(i18n.t('Ended'), { exact: true })).toBeVisible();
  },
);

test(
  'service off: the page says group buy has not started yet; an existing group is shown as it is',
  ONE_PROJECT.zh,
  async ({ page, i18n, users, creator, groupBuy }) => {
    const group = await groupBuy.open(creator.token, { groupSize: 2, paymentType: 1 });
    // The operator's switch as the shop reports it; the server's refusal (4007) is a server test.
    await switchGroupBuyOff(page);
    await page.goto('/group-buying');
    await expect(
      main(page).getByRole('heading', { name: i18n.error('GROUP_BUY_OFF') }),
    ).toBeVisible();
    await expect(
      main(page).getByRole('button', { name: i18n.pattern('Start the group and pay {payNow}') }),
    ).toHaveCount(0);

    // Rule 13: groups already paid go on; their page shows the group, and joining says why not.
    const stranger = await users.byUsername();
    await useSessionToken(page, stranger.token);
    await page.goto(invitePath(group.inviteToken));
    await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
    await expect(seatsTaken(page, i18n, 1, 2)).toBeVisible();
    await expect(
      main(page).getByRole('heading', { name: i18n.error('GROUP_BUY_OFF') }),
    ).toHaveCount(0);
    await expect(main(page).getByText(i18n.error('GROUP_BUY_OFF'))).toBeVisible();
    await expect(
      main(page).getByRole('button', { name: i18n.pattern('Join and pay {amount}') }),
    ).toHaveCount(0);
  },
);

test(
  "an unpaid creator's group offers Pay; the profile's orders mark a group order",
  ONE_PROJECT.en,
  async ({ page, i18n, creator, groupBuy }) => {
    const unpaid = await groupBuy.start(creator.token, { groupSize: 2, paymentType: 1 });
    await useSessionToken(page, creator.token);
    await page.goto('/user/group-buying');
    await expect(
      main(page).getByRole('link', { name: i18n.pattern('Pay {amount}') }),
    ).toHaveAttribute('href', unpaid.payUrl);

    await page.goto('/user/profile');
    const row = main(page).getByRole('row').filter({ hasText: unpaid.orderId });
    await expect(row.getByRole('link', { name: i18n.t('Group buy'), exact: true })).toHaveAttribute(
      'href',
      '/user/group-buying',
    );
  },
);

test(
  'my group orders: the creator is marked, the invite link copies for 3 seconds, QR on demand',
  ONE_PROJECT.zh,
  async ({ page, i18n, creator, groupBuy, context }) => {
    const group = await groupBuy.open(creator.token, { groupSize: 3, paymentType: 1 });

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
  },
);
