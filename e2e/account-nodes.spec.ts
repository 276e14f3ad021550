/**
 * What the VPN nodes report, in the account area (issue 15): a node agent (speaking the UniProxy
 * API with a node made by the dev route) pushes traffic and online IPs; /user/profile shows this
 * month's usage, /user/device the devices the servers see online, one of whose seats is freed. And
 * "reset my subscription", confirmed on /user/profile, makes the old import link fail and changes
 * the credential the nodes list.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_USER } from '../server/accounts/seed-demo-user';
import type { ApiClient } from './support/api-client';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { formatBytes, pluralCategory } from '../src/i18n/intl-format';
import { sidewaysOverflow } from './support/layout';
import type { I18n } from './support/i18n';
import { useSessionToken } from './support/ui';
import type { UserFactory } from './support/user-factory';
import { ONE_PROJECT } from './support/projects';

const UNIPROXY = '/api/v1/server/UniProxy';
const GIB = 1024 ** 3;

interface DevNode {
  id: number;
  nodeType: string;
  token: string;
}

/** A node agent's calls (node_type, node_id and token on every one, as V2bX and XrayR send them). */
/** The online-devices heading, counted by the plan's limit ('1 of 1 device', '2 of 3 devices'). */
function onlineHeading(i18n: I18n, online: number, limit: number): string {
  return i18n.t(
    '{limitCategory, select, one {{onlineText} of {limitText} device connected to our VPN servers} other {{onlineText} of {limitText} devices connected to our VPN servers}}',
    {
      limitCategory: pluralCategory(i18n.language, limit),
      onlineText: online,
      limitText: limit,
    },
  );
}

async function nodeAgent(request: APIRequestContext) {
  const created = await request.post('/dev/nodes', { data: { protocol: 'vless' } });
  expect(created.status()).toBe(200);
  const node = (await created.json()) as DevNode;
  const query = `node_type=${node.nodeType}&node_id=${node.id}&token=${node.token}`;
  const post = async (action: string, data: unknown) => {
    const response = await request.post(`${UNIPROXY}/${action}?${query}`, { data });
    expect(response.status(), await response.text()).toBe(200);
  };
  return {
    pushTraffic: (userId: number, upload: number, download: number) =>
      post('push', { [userId]: [upload, download] }),
    pushAlive: (userId: number, ips: string[]) => post('alive', { [userId]: ips }),
    async aliveCount(userId: number) {
      const body = (await (await request.get(`${UNIPROXY}/alivelist?${query}`)).json()) as {
        alive: Record<string, number>;
      };
      return body.alive[String(userId)] ?? 0;
    },
    async uuidOf(userId: number) {
      const body = (await (await request.get(`${UNIPROXY}/user?${query}`)).json()) as {
        users: { id: number; uuid: string }[];
      };
      return body.users.find((u) => u.id === userId)?.uuid;
    },
  };
}

/**
 * A friend invited by the demo user gets the invite trial (one device); a Standard code redeemed on
 * top gives the plan's devices, so one node may report several of them (a node reports at most the
 * member's device limit, docs/nodes.md "What a node may report").
 */
async function standardMember(users: UserFactory, api: ApiClient, request: APIRequestContext) {
  const user = await users.invitedBy(DEMO_USER.inviteCode);
  const made = await request.post('/dev/redeem-codes', { data: { planType: 1, days: 30 } });
  expect(made.ok()).toBe(true);
  const { code } = (await made.json()) as { code: string };
  await api.ok('/api/system/system_redeem_code', { code }, user.token);
  return user;
}

test(
  'usage on the profile and the devices the servers see online, with a seat freed',
  ONE_PROJECT.en,
  async ({ page, i18n, api, users, request }) => {
    const user = await standardMember(users, api, request);
    const agent = await nodeAgent(request);
    await agent.pushTraffic(user.userId, 1.5 * GIB, 3 * GIB);
    await agent.pushTraffic(user.userId, 0, 2 * GIB);
    await agent.pushAlive(user.userId, ['203.0.113.7', '198.51.100.20']);

    await useSessionToken(page, user.token);
    await page.goto('/user/profile');
    const usage = page.getByRole('region', { name: i18n.t('Traffic this month') });
    await expect(usage.getByRole('definition')).toHaveText(['1.50 GB', '5.00 GB', '6.50 GB']);
    await expect(usage.getByRole('term')).toHaveText([
      i18n.t('Upload'),
      i18n.t('Download'),
      i18n.t('Total'),
    ]);
    await expectAccessible(page);

    const { body } = await api.ok<{ limit: number }>(
      '/api/user/user_online_devices',
      {},
      user.token,
    );
    await page.goto('/user/device');
    const online = page.getByRole('region', {
      name: onlineHeading(i18n, 2, body.data.limit),
    });
    await expect(online).toBeVisible();
    const row = online.getByRole('row').filter({ hasText: '203.0.113.7' });
    await expect(row).toBeVisible();
    await expect(online.getByRole('row').filter({ hasText: '198.51.100.20' })).toBeVisible();
    await expectAccessible(page);

    await row
      .getByRole('button', { name: i18n.t('Free the seat of {0}', { 0: '203.0.113.7' }) })
      .click();
    await expect(row).toBeHidden();
    await expect(
      page.getByRole('heading', {
        name: onlineHeading(i18n, 1, body.data.limit),
      }),
    ).toBeVisible();
    // The node's next alive-list pull counts one device.
    expect(await agent.aliveCount(user.userId)).toBe(1);
  },
);

test(
  'reset subscription: asked first, then the old import link fails and the credential changes',
  ONE_PROJECT.zh,
  async ({ page, i18n, api, users, request }) => {
    const user = await users.invitedBy(DEMO_USER.inviteCode);
    const agent = await nodeAgent(request);
    await api.ok('/api/user/user_third_party_client_toggle', { enabled: true }, user.token);
    const issued = await api.ok<{ url: string }>(
      '/api/user/user_third_party_client_link',
      {},
      user.token,
    );
    const oldLink = new URL(issued.body.data.url).pathname;
    const credential = await agent.uuidOf(user.userId);
    expect(credential).toMatch(/^[0-9a-f-]{36}$/);

    await useSessionToken(page, user.token);
    await page.goto('/user/profile');
    const card = page.getByRole('region', { name: i18n.t('Subscription') });
    const reset = card.getByRole('button', { name: i18n.t('Reset subscription') });
    const dialog = page.getByRole('alertdialog', { name: i18n.t('Reset your subscription?') });
    await reset.click();
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: i18n.t('Cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(reset).toBeFocused();
    expect(await agent.uuidOf(user.userId)).toBe(credential);

    await reset.click();
    await dialog.getByRole('button', { name: i18n.t('Reset subscription') }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('status')).toBeVisible();
    await expect(card.getByRole('link', { name: i18n.t('Third-party client') })).toBeVisible();

    expect((await request.get(oldLink)).status()).toBe(404);
    const renewed = await agent.uuidOf(user.userId);
    expect(renewed).toMatch(/^[0-9a-f-]{36}$/);
    expect(renewed).not.toBe(credential);
  },
);

test(
  'usage, online devices and the reset dialog fit 320, 390 and 1440 px',
  { tag: '@layout' },
  async ({ page, i18n, users, api, request }) => {
    const user = await standardMember(users, api, request);
    const agent = await nodeAgent(request);
    // 123 TB down: twelve pushes at the 10 TB a push may carry per member, and the rest.
    await agent.pushTraffic(user.userId, 987_654_321_012, 3_456_789_012_345);
    for (let i = 0; i < 12; i++) await agent.pushTraffic(user.userId, 0, 10_000_000_000_000);
    await agent.pushAlive(user.userId, [
      '2001:db8:85a3:1234:5678:8a2e:370:7334',
      '203.0.113.250',
      '198.51.100.20',
    ]);
    await useSessionToken(page, user.token);
    const width = page.viewportSize()!.width;
    const widths = width < 960 ? [width, 320] : [width];
    const found: string[] = [];
    const check = async (label: string) => {
      for (const w of widths) {
        await page.setViewportSize({ width: w, height: 900 });
        for (const problem of await sidewaysOverflow(page))
          found.push(`${label} at ${w}: ${problem}`);
      }
      await page.setViewportSize({ width, height: 900 });
    };
    await page.goto('/user/profile');
    await expect(page.getByRole('region', { name: i18n.t('Traffic this month') })).toContainText(
      formatBytes(987_654_321_012 + 123_456_789_012_345),
    );
    await check('/user/profile');
    await page.getByRole('button', { name: i18n.t('Reset subscription') }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await check('/user/profile, reset dialog');
    await page.goto('/user/device');
    await expect(page.getByText('2001:db8:85a3:1234:5678:8a2e:370:7334')).toBeVisible();
    await check('/user/device');
    expect(found).toEqual([]);
  },
);
