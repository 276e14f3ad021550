/**
 * Steps of the group-buy journeys (e2e/group-buy*.spec.ts, e2e/machines/group-buy.spec.ts): groups
 * started through the API, the dev routes that end a group or move its end, and a friend's browser;
 * `test` adds them, bound to the test's fixtures, as `groupBuy`.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { endpoints } from '../../contract';
import { STORAGE_KEYS } from '../../contract/protocol';
import type { ApiClient } from './api-client';
import { waitingForTheApp, test as base } from './fixtures';
import type { I18n } from './i18n';
import { DEMO, longDate, sandboxButton, userInfo } from './store';
import type { TestUser } from './user-factory';

export interface GroupOrder {
  readonly inviteToken: string;
  readonly inviteLink: string;
  readonly orderId: string;
  readonly payUrl: string;
}

/** A group started through the API, its creator's order not paid yet. */
export async function startGroup(
  api: ApiClient,
  token: string,
  options: { productId: number; groupSize: 2 | 3; paymentType: 0 | 1; currency?: 'CNY' | 'USD' },
): Promise<GroupOrder> {
  const res = await api.ok<GroupOrder>(
    endpoints.paymentJointPurchase.path,
    { method: 'alipay', currency: 'CNY', idempotencyKey: randomUUID(), ...options },
    token,
  );
  return res.body.data;
}

/** Pays an order on the sandbox's page (a page of its own) and waits for the gateway's answer. */
export async function payOrder(page: Page, i18n: I18n, payUrl: string): Promise<void> {
  await page.goto(payUrl);
  await sandboxButton(page, i18n, 'pay').click();
  await expect(page).not.toHaveURL(/\/pay\/sandbox\//);
}

/** The path of a group's invite page. */
export const invitePath = (inviteToken: string) =>
  `/group-buying?group=${encodeURIComponent(inviteToken)}`;

/** Ends a group now and runs its ending job (dev route). */
export async function endGroup(request: APIRequestContext, inviteToken: string): Promise<void> {
  const res = await request.post(`/dev/group-buy/${inviteToken}/end`);
  expect(res.ok()).toBe(true);
}

/** Moves a group's end to `inSeconds` from now, without ending it (dev route). */
export async function moveGroupEnd(
  request: APIRequestContext,
  inviteToken: string,
  inSeconds: number,
): Promise<void> {
  const res = await request.post(`/dev/group-buy/${inviteToken}/ends-at`, {
    data: { inSeconds },
  });
  expect(res.ok()).toBe(true);
}

/**
 * Another person's browser: their own context (storage, session), in the project's language and
 * viewport, logged in with `token` (or a visitor).
 */
export async function personPage(
  browser: Browser,
  like: Page,
  i18n: I18n,
  token: string | null,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: like.viewportSize(),
    locale: i18n.language === 'en' ? 'en-US' : 'zh-CN',
  });
  await context.addInitScript(
    ([languageKey, language, tokenKey, session]) => {
      window.localStorage.setItem(languageKey, language);
      if (session && window.localStorage.getItem(tokenKey) === null)
        window.localStorage.setItem(tokenKey, session);
    },
    [STORAGE_KEYS.language, i18n.language, STORAGE_KEYS.token, token] as const,
  );
  return waitingForTheApp(await context.newPage());
}

/** The membership card of /user/profile shows the plan and the expiry the server has. */
export async function expectMembership(
  page: Page,
  i18n: I18n,
  api: ApiClient,
  token: string,
): Promise<void> {
  const { expireTime, planType } = await userInfo(api, token);
  expect(planType).toBe(1);
  expect(expireTime).not.toBeNull();
  await page.goto('/user/profile');
  const membership = page.getByRole('region', { name: i18n.t('Membership') });
  await expect(membership).toContainText(longDate(i18n, expireTime!));
  await expect(membership).toContainText(i18n.t('Standard'));
}

/** A group started through the API and its creator's order paid in the sandbox: open. */
export async function openGroup(
  api: ApiClient,
  browser: Browser,
  like: Page,
  i18n: I18n,
  creatorToken: string,
  options: Parameters<typeof startGroup>[2],
): Promise<GroupOrder> {
  const group = await startGroup(api, creatorToken, options);
  const payer = await personPage(browser, like, i18n, null);
  await payOrder(payer, i18n, group.payUrl);
  await payer.context().close();
  return group;
}

/** The operator's switch off, as the shop reports it to this page (the server's 4007 is a server test). */
export async function switchGroupBuyOff(page: Page): Promise<void> {
  await page.route('**/api/payment/payment_shop', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { groupBuy: { enabled: boolean } } };
    body.data.groupBuy.enabled = false;
    await route.fulfill({ response, json: body });
  });
}

/** What a group is, as the journeys vary it; the plan is Standard, 1 month, unless named. */
export type GroupShape = Omit<Parameters<typeof startGroup>[2], 'productId'> & {
  productId?: number;
};

/**
 * The group-buy steps bound to one test's API client, browser, page and language, so a spec says
 * what happens to a group rather than which fixtures each step needs.
 */
export class GroupBuySteps {
  constructor(
    private readonly api: ApiClient,
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly i18n: I18n,
    private readonly request: APIRequestContext,
  ) {}

  /** A group started through the API, its creator's order not paid yet. */
  start(creatorToken: string, shape: GroupShape): Promise<GroupOrder> {
    return startGroup(this.api, creatorToken, { productId: DEMO.standard1, ...shape });
  }

  /** A group started through the API and its creator's order paid in the sandbox: open. */
  open(creatorToken: string, shape: GroupShape): Promise<GroupOrder> {
    return openGroup(this.api, this.browser, this.page, this.i18n, creatorToken, {
      productId: DEMO.standard1,
      ...shape,
    });
  }

  /** Ends a group now and runs its ending job (dev route). */
  end(inviteToken: string): Promise<void> {
    return endGroup(this.request, inviteToken);
  }

  /** Moves a group's end to `inSeconds` from now, without ending it (dev route). */
  moveEnd(inviteToken: string, inSeconds: number): Promise<void> {
    return moveGroupEnd(this.request, inviteToken, inSeconds);
  }

  /** Another person's browser, logged in with `token` (or a visitor). */
  personPage(token: string | null): Promise<Page> {
    return personPage(this.browser, this.page, this.i18n, token);
  }

  /** Someone starts paying for a seat of a pay-self group: the seat is theirs while they pay. */
  async reserveSeat(inviteToken: string, token: string): Promise<void> {
    await this.api.ok(
      endpoints.paymentJointJoinForPay.path,
      { inviteToken, method: 'alipay', currency: 'CNY', idempotencyKey: randomUUID() },
      token,
    );
  }

  /** Someone takes a free seat of a pay-all group (in another tab, through the API). */
  async takeFreeSeat(inviteToken: string, token: string): Promise<void> {
    await this.api.ok(endpoints.paymentJointJoin.path, { inviteToken }, token);
  }

  /** The membership of `token`'s account, on the server and on /user/profile in `page`. */
  expectMembership(page: Page, token: string): Promise<void> {
    return expectMembership(page, this.i18n, this.api, token);
  }
}

/** The e2e fixtures, `creator` (a fresh user who starts the group) and `groupBuy`, this test's steps. */
export const test = base.extend<{ creator: TestUser; groupBuy: GroupBuySteps }>({
  creator: async ({ users }, use) => {
    await use(await users.byUsername());
  },
  groupBuy: async ({ api, browser, page, i18n, request }, use) => {
    await use(new GroupBuySteps(api, browser, page, i18n, request));
  },
});
