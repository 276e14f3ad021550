/**
 * The group-buy machine replayed through /group-buying, the sandbox gateway and a second person.
 * Each test is one person (a fresh account) facing a group prepared for the path's first page.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { endpoints } from '../../contract';
import { groupBuyMachine } from '../../machines/group-buy/group-buy.machine';
import { expect } from '../support/fixtures';
import {
  invitePath,
  moveGroupEnd,
  payOrder,
  personPage,
  startGroup,
  switchGroupBuyOff,
  type GroupOrder,
} from '../support/group-buy';
import { describeMachinePaths } from '../support/path-runner';
import { DEMO, sandboxButton } from '../support/store';
import type { TestUser } from '../support/user-factory';
import { useSessionToken } from '../support/ui';
import { groupBuyUiPaths, worldOf } from './group-buy.model';
import { nextFails } from './path-answers';

interface Data {
  readonly user: TestUser;
  readonly group: GroupOrder | null;
}

const main = (page: Page) => page.getByRole('main');
const unobservable = (why: string) => ({ unobservable: why });

describeMachinePaths<typeof groupBuyMachine, Data>({
  title: 'group-buy machine through /group-buying, the sandbox and a friend',
  machine: groupBuyMachine,
  generator: () => groupBuyUiPaths(),
  traversal: {},
  setup: async ({ page, users, api, i18n, request, context }, path) => {
    const world = worldOf(path);
    const user = await users.byUsername();
    let group: GroupOrder | null = null;
    if (world !== 'choosing' && world !== 'off') {
      const creator = await users.byUsername();
      const [paymentType, groupSize] =
        world === 'full' || world === 'paySelf2'
          ? ([1, 2] as const)
          : world === 'paySelf3' || world === 'unpaid'
            ? ([1, 3] as const)
            : world === 'payAll2'
              ? ([0, 2] as const)
              : ([0, 3] as const);
      group = await startGroup(api, creator.token, {
        productId: DEMO.standard1,
        groupSize,
        paymentType,
      });
      if (world !== 'unpaid') {
        const payer = await personPage(context.browser()!, page, i18n, null);
        await payOrder(payer, i18n, group.payUrl);
        await payer.context().close();
      }
      if (world === 'full') {
        // The last seat is reserved by someone paying for it right now.
        const other = await users.byUsername();
        await api.ok(
          endpoints.paymentJointJoinForPay.path,
          {
            inviteToken: group.inviteToken,
            method: 'alipay',
            currency: 'CNY',
            idempotencyKey: randomUUID(),
          },
          other.token,
        );
      }
      if (world === 'paySelf3') await moveGroupEnd(request, group.inviteToken, 30);
    }
    if (world === 'off') {
      await switchGroupBuyOff(page);
    }
    await useSessionToken(page, user.token);
    if (world === 'paySelf3') await page.clock.install();
    await page.goto(group ? invitePath(group.inviteToken) : '/group-buying');
    return { user, group };
  },
  eventActions: {
    'xstate.done.actor.loadPage': async () => {
      // The page loads the shop and the group by itself; the state after it shows them.
    },
    'xstate.error.actor.loadPage': async () => {
      // As above: the server refuses the link of an unpaid group.
    },
    SELECT: async ({ page, i18n }) => {
      await main(page)
        .getByRole('radio', { name: new RegExp(`^${i18n.t('3 people')}`) })
        .check();
    },
    START: async ({ page, i18n }) => {
      await main(page)
        .getByRole('button', { name: i18n.pattern('Start the group and pay {payNow}') })
        .click();
    },
    'xstate.done.actor.startGroup': async ({ page }) => {
      await expect(page).toHaveURL(/\/pay\/sandbox\/K\w+/);
    },
    JOIN_AND_PAY: async ({ page, i18n }) => {
      await main(page)
        .getByRole('button', { name: i18n.pattern('Join and pay {amount}') })
        .click();
    },
    'xstate.done.actor.joinForPay': async ({ page }) => {
      await expect(page).toHaveURL(/\/pay\/sandbox\/K\w+/);
    },
    RETURNED: async ({ page, i18n }) => {
      await sandboxButton(page, i18n, 'pay').click();
      await expect(page).toHaveURL(/\/group-buying\?group=[\w-]{32}&orderId=K\w+/);
    },
    'xstate.done.actor.checkPayment': async () => {
      // The page asks the server itself; the state after it shows the answer.
    },
    JOIN: async ({ page, i18n, api, data }, _event, step) => {
      // The path's answer to this Join (the steps from here on include the Join itself).
      if (nextFails(step, 'joinFree')) {
        // The same person joined in another tab a moment ago.
        await api.ok(
          endpoints.paymentJointJoin.path,
          { inviteToken: data.group!.inviteToken },
          data.user.token,
        );
      }
      await main(page)
        .getByRole('button', { name: i18n.t('Join for free') })
        .click();
    },
    'xstate.done.actor.joinFree': async () => {
      // The seat is taken at once; the state after it shows the group.
    },
    'xstate.error.actor.joinFree': async () => {
      // The refusal is shown as its block.
    },
    'xstate.after.GROUP_END.groupBuy.open': async ({ page }) => {
      // The end was moved to 30 s from now; the page's clock runs them.
      await page.clock.runFor(31_000);
    },
  },
  stateAssertions: {
    loading: unobservable('lasts the first requests; the state they lead to is asserted'),
    choosing: async ({ page, i18n }) => {
      await expect(
        main(page).getByRole('button', { name: i18n.pattern('Start the group and pay {payNow}') }),
      ).toBeEnabled();
      await expect(
        main(page).getByRole('heading', { name: i18n.t('How group buy works') }),
      ).toBeVisible();
    },
    creating: unobservable('lasts one request; the gateway page is asserted'),
    redirecting: async ({ page }) => {
      await expect(page).toHaveURL(/\/pay\/sandbox\/K\w+/);
    },
    'awaitingCreatorPayment.fetching': unobservable('lasts one check; the open group is asserted'),
    'awaitingMemberPayment.fetching': unobservable('lasts one check; the outcome is asserted'),
    open: async ({ page, i18n }) => {
      await expect(main(page).getByText(i18n.pattern('Ends in {time}'))).toBeVisible();
    },
    'joining.free': unobservable('lasts one request; its outcome is asserted'),
    'joining.forPay': unobservable('lasts one request; the gateway page is asserted'),
    'joining.alreadyJoined': async ({ page, i18n }) => {
      await expect(main(page).getByText(i18n.error('GROUP_ALREADY_JOINED'))).toBeVisible();
    },
    'joining.full': async ({ page, i18n }) => {
      await expect(main(page).getByText(i18n.error('GROUP_FULL'))).toBeVisible();
      await expect(
        main(page).getByRole('button', { name: i18n.pattern('Join and pay {amount}') }),
      ).toHaveCount(0);
    },
    'joining.creatorNotPaid': async ({ page, i18n }) => {
      await expect(main(page).getByText(i18n.error('GROUP_CREATOR_NOT_PAID'))).toBeVisible();
    },
    finished: async ({ page, i18n }) => {
      await expect(
        main(page).getByText(
          i18n.t('Every seat is paid for. Each member now has the membership on their account.'),
        ),
      ).toBeVisible();
    },
    ended: async ({ page, i18n }) => {
      await expect(main(page).getByText(i18n.t('Ended'), { exact: true })).toBeVisible();
    },
    serviceOff: async ({ page, i18n }) => {
      await expect(
        main(page).getByRole('heading', { name: i18n.error('GROUP_BUY_OFF') }),
      ).toBeVisible();
    },
  },
});
