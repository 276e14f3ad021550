/**
 * Every console page at 390 and 1440 px in both languages (the four @layout projects): nothing
 * sticks out sideways (320 px too on the phone projects), and a full-page screenshot of each is
 * kept in test-results/console-shots/ for looking at (issue 21: screenshots of each section).
 */
import type { Page, TestInfo } from '@playwright/test';
import { STORAGE_KEYS } from '../contract/protocol';
import { Authenticator } from './support/authenticator';
import {
  STAFF_PASSWORD,
  addStaffByCli,
  enrolledStaff,
  extendMembership,
  openMember,
  signInByApi,
  staffName,
} from './support/console';
import { expect, test } from './support/fixtures';
import { payOrder, startGroup } from './support/group-buy';
import { makeKol } from './support/kol';
import { sidewaysOverflow } from './support/layout';
import { DEMO, createOrder, payInSandbox } from './support/store';
import { fetchImportLink } from './support/subscription';

async function shoot(page: Page, info: TestInfo, name: string, found: string[]) {
  await page.waitForLoadState('networkidle');
  const height = page.viewportSize()?.height ?? 900;
  const width = page.viewportSize()?.width ?? 1440;
  await page.screenshot({
    path: `test-results/console-shots/${info.project.name}-${name}.png`,
    fullPage: true,
  });
  for (const w of width < 960 ? [width, 320] : [width]) {
    await page.setViewportSize({ width: w, height });
    for (const problem of await sidewaysOverflow(page))
      found.push(`${name} at ${w} px: ${problem}`);
  }
  await page.setViewportSize({ width, height });
}

test.describe('console pages fit the screen', { tag: '@layout' }, () => {
  test('sign-in, enrolment, overview, staff, audit, a member, orders, an order, group buys, a group, nodes, store (a price), crypto (a new network), KOL (its terms), content and the forbidden page', async ({
    page,
    request,
    browser,
    api,
    i18n,
    users,
  }, info) => {
    test.setTimeout(240_000);
    const found: string[] = [];

    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: i18n.t('Staff sign-in') })).toBeVisible();
    await shoot(page, info, 'login', found);

    await page.goto(`/admin/enrol/${'A'.repeat(43)}`);
    await expect(
      page.getByRole('heading', { name: i18n.t('This enrolment link cannot be used') }),
    ).toBeVisible();
    await shoot(page, info, 'enrol-invalid', found);

    const username = staffName('shot');
    await page.goto(await addStaffByCli(username, 'owner'));
    const secret = page.getByRole('textbox', { name: i18n.t('Secret key') });
    await expect(secret).toHaveValue(/^[A-Z2-7]+$/);
    await shoot(page, info, 'enrol', found);
    const authenticator = new Authenticator(await secret.inputValue());
    await page.getByLabel(i18n.t('New password'), { exact: true }).fill(STAFF_PASSWORD);
    await page.getByLabel(i18n.t('Repeat the new password')).fill(STAFF_PASSWORD);
    await page.getByLabel(i18n.t('Code from the app')).fill(await authenticator.code());
    await page.getByRole('button', { name: i18n.t('Finish enrolment') }).click();
    await expect(
      page.getByRole('heading', { name: i18n.t('Save your recovery codes') }),
    ).toBeVisible();
    await shoot(page, info, 'enrol-codes', found);

    const owner = await enrolledStaff(request, 'owner');
    const member = await users.byUsername();
    await signInByApi(page, owner);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: i18n.t('Overview') })).toBeVisible();
    await shoot(page, info, 'overview', found);
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: i18n.t('Staff members') })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await shoot(page, info, 'staff', found);
    await page.goto('/admin/audit');
    await expect(page.getByRole('table')).toBeVisible();
    await shoot(page, info, 'audit', found);
    await openMember(page, i18n, member.userId);
    await expect(page.getByRole('table', { name: i18n.t('Sessions') })).toBeVisible();
    await shoot(page, info, 'member', found);
    // The orders: the list with its filters and the flags, then a paid order with its event.
    const order = await createOrder(api, member.token, DEMO.standard1);
    await payInSandbox(page, i18n, order.payUrl, 'pay');
    await page.goto('/admin/orders');
    await expect(page.getByRole('table', { name: i18n.t('Orders') })).toBeVisible();
    await shoot(page, info, 'orders', found);
    await page
      .getByRole('button', { name: i18n.t('Open order {0}', { 0: order.orderId }) })
      .click();
    await expect(page.getByRole('table', { name: i18n.t('Gateway events') })).toBeVisible();
    await shoot(page, info, 'order', found);

    // Group buys: the member's open group in the list, then the group with its seats.
    const group = await startGroup(api, member.token, {
      productId: DEMO.standard1,
      groupSize: 3,
      paymentType: 1,
    });
    await payOrder(page, i18n, group.payUrl);
    await page.goto('/admin/groups');
    await expect(page.getByRole('table', { name: i18n.t('Group buys') })).toBeVisible();
    await shoot(page, info, 'groups', found);
    await page
      .getByRole('button', { name: new RegExp(`^${i18n.t('Open group {0}', { 0: 'G' })}`) })
      .first()
      .click();
    await expect(page.getByRole('table', { name: i18n.t("The group's seats") })).toBeVisible();
    await shoot(page, info, 'group', found);

    // Nodes: one an agent reported for (traffic, status), the list, its panel, the token dialog.
    const created = await request.post('/dev/nodes', { data: { protocol: 'vless' } });
    const dev = (await created.json()) as { id: number; nodeType: string; token: string };
    const agent = `node_type=${dev.nodeType}&node_id=${dev.id}&token=${dev.token}`;
    // A member it serves (a Standard redeem code), with traffic today, so the chart is drawn.
    const made = await request.post('/dev/redeem-codes', { data: { planType: 1, days: 30 } });
    const { code } = (await made.json()) as { code: string };
    await api.ok('/api/system/system_redeem_code', { code }, member.token);
    await request.get(`/api/v1/server/UniProxy/user?${agent}`);
    await request.post(`/api/v1/server/UniProxy/push?${agent}`, {
      data: { [member.userId]: [3 * 1024 ** 3, 17 * 1024 ** 3] },
    });
    await request.post(`/api/v1/server/UniProxy/alive?${agent}`, {
      data: { [member.userId]: ['198.51.100.77'] },
    });
    await request.post(`/api/v1/server/UniProxy/status?${agent}`, {
      data: {
        cpu: 23,
        mem: { total: 4 * 1024 ** 3, used: 3 * 1024 ** 3 },
        swap: { total: 1024 ** 3, used: 0 },
        disk: { total: 80 * 1024 ** 3, used: 31 * 1024 ** 3 },
      },
    });
    await page.goto('/admin/nodes');
    await expect(page.getByRole('table', { name: i18n.t('Nodes') })).toBeVisible();
    await shoot(page, info, 'nodes', found);
    const nodeName = (await page
      .getByRole('button', { name: new RegExp(`^${i18n.t('Open node {0}', { 0: 'Dev' })}`) })
      .last()
      .getAttribute('aria-label'))!;
    await page.getByRole('button', { name: nodeName, exact: true }).click();
    await expect(page.getByRole('heading', { name: i18n.t('Status report') })).toBeVisible();
    await expect(page.locator('.line-chart__plot canvas')).toBeVisible();
    await shoot(page, info, 'node', found);
    await page.getByRole('button', { name: i18n.t('Rotate the token') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: i18n.t('Rotate the token') })
      .click();
    await expect(page.getByRole('dialog').locator('pre')).toHaveCount(3);
    await shoot(page, info, 'node-token', found);
    await page.getByRole('button', { name: i18n.t('I have saved the token') }).click();

    // The member's record again, every list filled: made a KOL, a friend's paid order (its
    // commission), the import link fetched, a change of membership with its reason.
    const { inviteCode } = await makeKol(api, member);
    const friend = await users.invitedBy(inviteCode);
    const friendOrder = await createOrder(api, friend.token, DEMO.standard12, 'USD');
    await payInSandbox(page, i18n, friendOrder.payUrl, 'pay');
    await fetchImportLink(api, request, member.token, 'ClashForAndroid/2.5.12');
    await openMember(page, i18n, member.userId);
    await extendMembership(
      page,
      i18n,
      3,
      'Compensation for the outage of ticket 4711, agreed with the customer by e-mail',
    );
    await expect(
      page
        .getByRole('table', { name: i18n.t('Membership history') })
        .getByRole('row')
        .filter({ hasText: 'ticket 4711' }),
    ).toHaveCount(1);
    await expect(page.getByRole('table', { name: i18n.t('Commissions') })).toBeVisible();
    await shoot(page, info, 'member-record', found);

    // Store, crypto and KOL: each section's page as an owner finds it, then one of its dialogs
    // (a plan's price, a new network, the demo KOL's terms), cancelled.
    for (const [path, title, name, opener, dialog] of [
      ['/admin/store', 'Store', 'store', i18n.pattern('Set a price of plan {0}'), 'store-price'],
      ['/admin/crypto', 'Crypto', 'crypto', i18n.t('Add a network'), 'crypto-network'],
      [
        '/admin/kol',
        'KOL programme',
        'kol',
        i18n.pattern('Change the terms of KOL {0}'),
        'kol-terms',
      ],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: i18n.t(title), level: 1 })).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
      await shoot(page, info, name, found);
      await page.getByRole('button', { name: opener }).first().click();
      const opened = page.getByRole('dialog');
      await expect(opened).toBeVisible();
      await shoot(page, info, dialog, found);
      await opened.getByRole('button', { name: i18n.t('Cancel') }).click();
      await expect(opened).toHaveCount(0);
    }

    await page.goto('/admin/content');
    await expect(page.getByRole('button', { name: i18n.t('Publish') })).toBeVisible();
    await shoot(page, info, 'content', found);

    const support = await enrolledStaff(request, 'support');
    const other = await browser.newContext({
      viewport: page.viewportSize(),
      locale: i18n.language,
      baseURL: info.project.use.baseURL,
    });
    await other.addInitScript(([key, language]) => window.localStorage.setItem(key, language), [
      STORAGE_KEYS.language,
      i18n.language,
    ] as const);
    const supportPage = await other.newPage();
    await signInByApi(supportPage, support);
    await supportPage.goto('/admin/staff');
    await expect(
      supportPage.getByRole('heading', { name: i18n.t('Your role cannot open this section.') }),
    ).toBeVisible();
    await shoot(supportPage, info, 'forbidden', found);
    await other.close();

    expect(found).toEqual([]);
  });
});
