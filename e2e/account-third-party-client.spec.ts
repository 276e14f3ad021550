/**
 * /user/third-party-client (issue 5): switching the function on (10 Mbps), the single-use import
 * link (its first fetch consumes it; a reload issues a new one), the import-failure message, and
 * the 7-day cooldown surviving a reload.
 */
import { parse as parseYaml } from 'yaml';
import { DEMO_USER } from '../server/accounts/seed-demo-user';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { useSessionToken } from './support/ui';
import { ONE_PROJECT } from './support/projects';

test(
  'switch on, import once, switch off: the cooldown survives a reload',
  ONE_PROJECT.zh,
  async ({ page, context, i18n, users, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A friend invited by the demo user gets the invite trial: an active membership.
    const user = await users.invitedBy(DEMO_USER.inviteCode);
    await useSessionToken(page, user.token);
    await page.goto('/user/third-party-client');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: i18n.t('Third-party client') }),
    ).toBeVisible();
    await expect(main.getByText(i18n.t('Off'), { exact: true })).toBeVisible();
    await expect(main.getByText(i18n.t('Unlimited'), { exact: true })).toBeVisible();
    await expectAccessible(page);

    await main.getByRole('button', { name: i18n.t('Turn on') }).click();
    await expect(main.getByText(i18n.t('On'), { exact: true })).toBeVisible();
    await expect(
      main.getByText(i18n.t('{mbps} Mbps', { mbps: 10 }), { exact: true }),
    ).toBeVisible();

    const linkField = main.getByLabel(i18n.t('Subscription link'), { exact: true });
    await expect(linkField).toHaveValue(/\/sub\/[A-Za-z0-9_-]{32}$/);
    const first = await linkField.inputValue();
    await expect(
      main.getByRole('img', { name: i18n.t('QR code of the subscription link') }),
    ).toBeVisible();
    await expectAccessible(page);

    // Copy: "Copied" for three seconds, then back.
    const copy = main.getByRole('button', { name: i18n.t('Copy subscription link') }).first();
    await copy.click();
    await expect(copy).toHaveAttribute('data-state', 'copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await expect(copy).toHaveAttribute('data-state', 'idle', { timeout: 5_000 });

    // The first fetch gets the nodes, the second is refused.
    const taken = await request.get(first, { headers: { 'user-agent': 'mihomo/1.18' } });
    expect(taken.status()).toBe(200);
    expect(taken.headers()['cache-control']).toBe('no-store');
    const config = parseYaml(await taken.text()) as { proxies: { name: string }[] };
    expect(config.proxies.length).toBeGreaterThan(0);
    expect((await request.get(first)).status()).toBe(410);

    // A reload issues a fresh link.
    await page.reload();
    await expect(linkField).toHaveValue(/\/sub\//);
    const second = await linkField.inputValue();
    expect(second).not.toBe(first);

    // Switching off locks the function for 7 days, so it is confirmed first.
    await main.getByRole('button', { name: i18n.t('Turn off') }).click();
    const confirm = page.getByRole('alertdialog', {
      name: i18n.t('Turn off the third-party client function?'),
    });
    await confirm.getByRole('button', { name: i18n.t('Turn off') }).click();
    await expect(main.getByText(i18n.t('Off'), { exact: true })).toBeVisible();
    await expect(main.getByText(i18n.t('Unlimited'), { exact: true })).toBeVisible();
    const turnOn = main.getByRole('button', { name: i18n.t('Turn on') });
    await expect(turnOn).toBeDisabled();
    const cooldown = main.getByRole('status').filter({
      hasText: i18n.pattern(
        'You can turn it on again in {days} d {hours} h {minutes} min {seconds} s ({0}).',
      ),
    });
    await expect(cooldown).toContainText(/6/);
    // The live link died with the function.
    expect((await request.get(second)).status()).toBe(404);

    await page.reload();
    await expect(turnOn).toBeDisabled();
    await expect(cooldown).toBeVisible();
    await expectAccessible(page);
  },
);

test(
  'without a membership the function cannot be switched on',
  ONE_PROJECT.en,
  async ({ page, i18n, signedInUser: _signedIn }) => {
    await page.goto('/user/third-party-client');
    const main = page.getByRole('main');
    await expect(
      main.getByText(i18n.t('The third-party client function needs an active membership.')),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: i18n.t('See plans') })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(main.getByRole('button', { name: i18n.t('Turn on') })).toHaveCount(0);
    await expectAccessible(page);
  },
);

test(
  'an import no app takes shows the failure with the link to copy',
  ONE_PROJECT.zh,
  async ({ page, i18n, users }) => {
    const user = await users.invitedBy(DEMO_USER.inviteCode);
    await useSessionToken(page, user.token);
    await page.goto('/user/third-party-client');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: i18n.t('Turn on') }).click();
    await expect(main.getByLabel(i18n.t('Subscription link'), { exact: true })).toHaveValue(
      /\/sub\//,
    );
    // No app takes the clash:// link: SPEC §8's message, with the link to copy.
    await main.getByRole('link', { name: i18n.t('Import into Clash') }).click();
    const failure = main
      .getByRole('alert')
      .filter({ hasText: i18n.error('THIRD_PARTY_IMPORT_FAILED') });
    await expect(failure).toBeVisible({ timeout: 6_000 });
    await expect(
      failure.getByRole('button', { name: i18n.t('Copy subscription link') }),
    ).toBeVisible();

    await expectAccessible(page);
  },
);
