/**
 * No page scrolls sideways or pushes content out of its box, at 320, 390 and 1440 px, in both
 * languages (the four @layout projects: the 390 px ones also check 320 px). The pages are the
 * app's own route list, read from its router, so a page added to src/app/routes.tsx is checked
 * here without being named. Each page is checked as it first shows and with each of its tabs
 * (register and reset: e-mail and phone); account pages as a member with orders and invitations.
 */
import type { Page } from '@playwright/test';
import { CLAUSE_NAMES } from '../contract/web-routes';
import { DEMO_USER } from '../server/accounts/seed-demo-user';
import { endpoints } from '../contract';
import { expect, test } from './support/fixtures';
import { appRoutePaths, routeUrls, sidewaysOverflow } from './support/layout';
import { createOrder, DEMO, payInSandbox } from './support/store';
import { useSessionToken } from './support/ui';

/** Values for the routes' parameters: a plan on sale, every clause. */
const PARAM_SAMPLES = {
  productId: [String(DEMO.standard12)],
  name: [...CLAUSE_NAMES],
  // A console enrolment link no server issued: the page that says it cannot be used.
  token: ['A'.repeat(43)],
};

/** Pages that move on by themselves are opened so that they stay (the hand-over page). */
const STAY = new Map([['/loading', '/loading?redirect=%2Floading']]);

const NOT_FOUND = '/no-such-page';
const ACCOUNT = /^\/user(\/|$)/;

/** The widths this project checks: its own, and 320 px on the phone projects. */
function widthsOf(page: Page): number[] {
  const width = page.viewportSize()?.width ?? 1440;
  return width < 960 ? [width, 320] : [width];
}

async function pageUrls(
  page: Page,
  account: boolean,
  samples: Record<string, readonly string[]> = PARAM_SAMPLES,
): Promise<string[]> {
  await page.goto(NOT_FOUND);
  const paths = (await appRoutePaths(page)).filter((path) => ACCOUNT.test(path) === account);
  expect(paths.length).toBeGreaterThan(account ? 5 : 10);
  const urls = paths.flatMap((path) => routeUrls(path, samples));
  return account ? urls : [...urls, NOT_FOUND];
}

/** The page as it is at each width; every problem is kept, so one run reports every page. */
async function checkWidths(page: Page, label: string, widths: number[], found: string[]) {
  const height = page.viewportSize()?.height ?? 900;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    for (const problem of await sidewaysOverflow(page))
      found.push(`${label} at ${width} px: ${problem}`);
  }
}

/** Opens each page (and each of its tabs) at each width; expects nothing to stick out anywhere. */
async function checkPages(page: Page, urls: string[]) {
  const found: string[] = [];
  const widths = widthsOf(page);
  const height = page.viewportSize()?.height ?? 900;
  // Only this site: the smart link would otherwise leave for a download.
  const origin = new URL(page.url()).origin;
  await page.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 204 }),
  );
  for (const url of urls) {
    await test.step(url, async () => {
      await page.setViewportSize({ width: widths[0]!, height });
      await page.goto(STAY.get(url) ?? url);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main').first()).toBeVisible();
      await checkWidths(page, url, widths, found);
      const tabs = page.getByRole('main').getByRole('tab', { selected: false });
      for (const name of await tabs.allTextContents()) {
        await page.setViewportSize({ width: widths[0]!, height });
        await page.getByRole('main').getByRole('tab', { name, exact: true }).click();
        await checkWidths(page, `${url}, tab ${name}`, widths, found);
      }
    });
  }
  expect(found).toEqual([]);
}

test.describe('no page is wider than the screen', { tag: '@layout' }, () => {
  test('public pages, the sign-in pages and the 404', async ({ page }) => {
    test.setTimeout(240_000);
    await checkPages(page, await pageUrls(page, false));
  });

  test('account pages of a member with orders and invitations', async ({
    page,
    context,
    i18n,
    api,
    users,
  }) => {
    test.setTimeout(240_000);
    // A member (the invite trial), who buys a year of Standard (orders, benefits) and invites a
    // friend who buys a month (an invitation row with its product and bonus time).
    const member = await users.invitedBy(DEMO_USER.inviteCode);
    const info = await api.ok<{ inviteCode: string }>(
      endpoints.systemUserInfo.path,
      {},
      member.token,
    );
    const friend = await users.invitedBy(info.body.data.inviteCode);
    const sandbox = await context.newPage();
    const paid: string[] = [];
    for (const [buyer, productId] of [
      [member, DEMO.standard12],
      [friend, DEMO.standard1],
    ] as const) {
      const order = await createOrder(api, buyer.token, productId);
      await payInSandbox(sandbox, i18n, order.payUrl, 'pay');
      paid.push(order.orderId);
    }
    await sandbox.close();

    await useSessionToken(page, member.token);
    // The receipt of the member's own order.
    await checkPages(page, await pageUrls(page, true, { ...PARAM_SAMPLES, orderId: [paid[0]!] }));
  });
});
