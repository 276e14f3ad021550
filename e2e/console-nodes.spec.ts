/**
 * The console's nodes section (issue 21, item 8) through the SPA: an owner adds a node (a bad port
 * is refused on the page and nothing is added), sees its token and the V2bX and XrayR settings
 * once, the node's agent calls with that token and the node turns online with its status report,
 * the owner rotates the token through a step-up (the old one is refused at once), disables and
 * enables the node. Who is kept out of the section: e2e/console-tour.spec.ts. Staff are made with
 * the CLI and sign in through the contract.
 */
import type { APIRequestContext } from '@playwright/test';
import { consoleNodeRotateToken } from '../contract/endpoints/console';
import { expectAccessible } from './support/axe';
import {
  ageSecondFactorAndRecord,
  confirmAlert,
  confirmStepUp,
  main,
  openSectionAs,
} from './support/console';
import { expect, test } from './support/fixtures';
import { ONE_PROJECT } from './support/projects';

const UNIPROXY = '/api/v1/server/UniProxy';
const suffix = () => Math.random().toString(36).slice(2, 8);

/** A UniProxy call as the node's agent makes it (V2bX: node_type, node_id and token in the query). */
function agentCall(
  request: APIRequestContext,
  nodeId: number,
  token: string,
  action: 'user' | 'status',
  data?: unknown,
) {
  const url = `${UNIPROXY}/${action}?node_type=vless&node_id=${nodeId}&token=${token}`;
  return data === undefined ? request.get(url) : request.post(url, { data });
}

test.describe('console nodes', () => {
  test(
    'the owner adds a node, copies its token and settings once, rotates the token, disables and enables it',
    ONE_PROJECT.zh,
    async ({ page, request, i18n }) => {
      test.setTimeout(90_000);
      const owner = await openSectionAs(page, request, i18n, 'owner', '/admin/nodes', 'Nodes');

      const name = `Tokyo ${suffix()}`;
      const form = main(page).getByRole('region', { name: i18n.t('Add a node') });
      await form.getByLabel(i18n.t('Name'), { exact: true }).fill(name);
      await form.getByLabel(i18n.t('Host')).fill('jp.nodes.example');
      await form.getByLabel(i18n.t('Port')).fill('70000');
      await form.getByRole('button', { name: i18n.t('Add the node') }).click();
      await expect(form.getByText(i18n.error('NODE_PORT_INVALID'))).toBeVisible();
      await expect(main(page).getByRole('table', { name: i18n.t('Nodes') })).not.toContainText(
        name,
      );

      await form.getByLabel(i18n.t('Port')).fill('8443');
      await form.getByRole('button', { name: i18n.t('Add the node') }).click();
      const shown = page.getByRole('dialog', {
        name: i18n.t('The token of node {0}', { 0: name }),
      });
      await expect(shown).toBeVisible();
      const texts = shown.locator('pre');
      await expect(texts).toHaveCount(3);
      const shownToken = (await texts.nth(0).textContent())!.trim();
      expect(shownToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const v2bx = (await texts.nth(1).textContent())!;
      expect(JSON.parse(v2bx)).toMatchObject({ ApiKey: shownToken, NodeType: 'vless' });
      const nodeId = (JSON.parse(v2bx) as { NodeID: number }).NodeID;
      await expect(texts.nth(2)).toContainText(`ApiKey: "${shownToken}"`);
      await expect(texts.nth(2)).toContainText(`NodeID: ${nodeId}`);
      await expect(
        shown.getByRole('button', { name: i18n.t('Copy the V2bX settings') }),
      ).toBeVisible();
      await expect(
        shown.getByRole('button', { name: i18n.t('Copy the XrayR settings') }),
      ).toBeVisible();
      await expectAccessible(page);
      await shown.getByRole('button', { name: i18n.t('I have saved the token') }).click();
      await expect(shown).toHaveCount(0);

      // The node's panel; the token is nowhere on the page any more.
      const panel = main(page).getByRole('region', { name: i18n.t('Node {0}', { 0: name }) });
      await expect(panel.getByText(i18n.t('Never connected'))).toBeVisible();
      await expect(page.getByText(shownToken)).toHaveCount(0);

      // The agent pulls and reports its status with the token: the node is online.
      expect((await agentCall(request, nodeId, shownToken, 'user')).status()).toBe(200);
      const status = {
        cpu: 7,
        mem: { total: 2 * 1024 ** 3, used: 1024 ** 3 },
        swap: { total: 0, used: 0 },
        disk: { total: 40 * 1024 ** 3, used: 10 * 1024 ** 3 },
      };
      expect((await agentCall(request, nodeId, shownToken, 'status', status)).status()).toBe(200);
      await page.reload();
      await main(page)
        .getByRole('button', { name: i18n.t('Open node {0}', { 0: name }) })
        .click();
      await expect(panel.getByText(i18n.t('Online'), { exact: true })).toBeVisible();
      await expect(panel.getByText('7%')).toBeVisible();
      await expect(
        panel.getByText(i18n.t('The node has reported no traffic in the last 30 days.')),
      ).toBeVisible();
      await expectAccessible(page);

      // Rotate: confirmed, then a fresh code (step-up), then the new token once; the old one is
      // refused at once. The dev route ages the sign-in's code, so the first answer is the server's
      // real STEP_UP_REQUIRED (403); the step-up and the retried rotation follow.
      const rotateAnswers = await ageSecondFactorAndRecord(page, consoleNodeRotateToken);
      await panel.getByRole('button', { name: i18n.t('Rotate the token') }).click();
      const rotate = page.getByRole('alertdialog');
      await expect(rotate).toContainText(i18n.t('Rotate the token of node {0}?', { 0: name }));
      await rotate.getByRole('button', { name: i18n.t('Rotate the token') }).click();
      const stepUp = await confirmStepUp(page, i18n, owner);
      await expect(stepUp).toBeHidden();
      await expect(rotate).toHaveCount(0);
      expect(rotateAnswers).toEqual([403, 200]);
      const again = page.getByRole('dialog', {
        name: i18n.t('The token of node {0}', { 0: name }),
      });
      const newToken = (await again.locator('pre').nth(0).textContent())!.trim();
      expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(newToken).not.toBe(shownToken);
      await again.getByRole('button', { name: i18n.t('I have saved the token') }).click();
      expect((await agentCall(request, nodeId, shownToken, 'user')).status()).toBe(403);
      expect((await agentCall(request, nodeId, newToken, 'user')).status()).toBe(200);

      // Disable, then enable again, each confirmed.
      await panel.getByRole('button', { name: i18n.t('Disable the node') }).click();
      await confirmAlert(page, i18n.t('Disable the node'));
      await expect(panel.locator('.console-details').first()).toContainText(i18n.t('Disabled'));
      const pulled = await agentCall(request, nodeId, newToken, 'user');
      expect(((await pulled.json()) as { users: unknown[] }).users).toEqual([]);
      await panel.getByRole('button', { name: i18n.t('Enable the node') }).click();
      await confirmAlert(page, i18n.t('Enable the node'));
      await expect(panel.getByText(i18n.t('Online'), { exact: true })).toBeVisible();

      // Back in the list: the node with its health.
      await panel.getByRole('button', { name: i18n.t('Back to the nodes') }).click();
      const row = main(page)
        .getByRole('table', { name: i18n.t('Nodes') })
        .getByRole('row')
        .filter({ hasText: name });
      await expect(row).toContainText(i18n.t('Online'));
      await expect(row).toContainText('jp.nodes.example:8443');
    },
  );
});
