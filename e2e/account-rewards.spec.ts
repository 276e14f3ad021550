/**
 * /user/reward (issue 5): the invite link and code with copy buttons (3-second copied state) and a
 * QR code, the rules with the server's figures, the invitations table, and the membership note.
 */
import { endpoints } from '../contract';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { freshIdentity } from './support/user-factory';
import { useSessionToken } from './support/ui';
import { DEMO_USER } from '../server/accounts/seed-demo-user';
import { createOrder, DEMO, payInSandbox } from './support/store';
import { ONE_PROJECT } from './support/projects';

test(
  'invite a friend: link, code, copy, QR; the friend appears masked; rules from the config',
  ONE_PROJECT.en,
  async ({ page, context, i18n, api, users }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const inviter = await users.byUsername();
    const info = await api.ok<{ inviteCode: string }>(
      endpoints.systemUserInfo.path,
      {},
      inviter.token,
    );
    const code = info.body.data.inviteCode;
    const config = await api.ok<{ inviteTrialMinutes: number; inviteBonusPercent: number }>(
      endpoints.systemDisplayConfig.path,
    );

    await useSessionToken(page, inviter.token);
    // Timers under the test's control, for the copied state's 3 seconds.
    await page.clock.install();
    await page.goto('/user/reward');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: i18n.t('Invite friends') }),
    ).toBeVisible();
    const link = main.getByLabel(i18n.t('Invite link'), { exact: true });
    await expect(link).toHaveValue(new RegExp(`/register\\?invite=${code}$`));
    await expect(main.getByLabel(i18n.t('Invite code'), { exact: true })).toHaveValue(code);
    await expect(
      main.getByRole('img', { name: i18n.t('QR code of your invite link') }),
    ).toBeVisible();
    // The rules carry the server's figures; earning needs a membership this user does not have.
    await expect(
      main.getByText(
        i18n.t(
          'Your friend gets {minutes} minutes of free Standard membership when they sign up with it.',
          { minutes: config.body.data.inviteTrialMinutes },
        ),
      ),
    ).toBeVisible();
    await expect(
      main.getByText(
        i18n.t(
          'Each time your friend buys a plan, you get {percent}% of the time they bought, added to your membership.',
          { percent: config.body.data.inviteBonusPercent },
        ),
      ),
    ).toBeVisible();
    await expect(
      main.getByText(
        i18n.t(
          'You need an active membership to earn bonus time. Friends you invite still get their free time.',
        ),
      ),
    ).toBeVisible();
    await expect(
      main.getByText(i18n.t('No invitations yet. Friends who sign up with your link appear here.')),
    ).toBeVisible();
    await expectAccessible(page);

    // Copy the code: "Copied" for 3 s, then the button is back.
    const copyCode = main.getByRole('button', { name: i18n.t('Copy invite code') });
    // From here on only the test moves time.
    await page.clock.pauseAt(Date.now() + 1_000);
    await copyCode.click();
    await expect(copyCode).toHaveAttribute('data-state', 'copied');
    await expect(main.getByRole('status').filter({ hasText: i18n.t('Copied') })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.clock.runFor(2_900);
    await expect(copyCode).toHaveAttribute('data-state', 'copied');
    await page.clock.runFor(200);
    await expect(copyCode).toHaveAttribute('data-state', 'idle');

    // A friend follows the link: the register page has the code, and signing up lists them.
    const friend = freshIdentity();
    await api.ok(endpoints.registerTypeUsername.path, {
      username: friend.username,
      password: friend.password,
      inviteCode: code,
    });
    await page.clock.resume();
    await page.reload();
    const row = main.getByRole('row').filter({ hasText: `${friend.username.slice(0, 2)}***` });
    await expect(row).toContainText(i18n.t('Signed up'));
    await expect(row).not.toContainText(friend.username);
    await expectAccessible(page);
  },
);

test(
  'the invite link prefills the code on the register page',
  ONE_PROJECT.zh,
  async ({ page, i18n, users, api }) => {
    const inviter = await users.byUsername();
    const info = await api.ok<{ inviteCode: string }>(
      endpoints.systemUserInfo.path,
      {},
      inviter.token,
    );
    await page.goto(`/register?invite=${info.body.data.inviteCode}`);
    await expect(
      page.getByRole('main').getByRole('textbox', { name: i18n.t('Invite code (optional)') }),
    ).toHaveValue(info.body.data.inviteCode);
  },
);

test(
  "a friend's purchase lists its plan and months, one month in the singular",
  ONE_PROJECT.en,
  async ({ page, context, i18n, users, api }) => {
    // The invite trial makes the inviter a member, so the friend's purchase earns a reward row.
    const inviter = await users.invitedBy(DEMO_USER.inviteCode);
    const info = await api.ok<{ inviteCode: string }>(
      endpoints.systemUserInfo.path,
      {},
      inviter.token,
    );
    const friend = await users.invitedBy(info.body.data.inviteCode);
    const order = await createOrder(api, friend.token, DEMO.standard1);
    const sandbox = await context.newPage();
    await payInSandbox(sandbox, i18n, order.payUrl, 'pay');
    await sandbox.close();

    await useSessionToken(page, inviter.token);
    await page.goto('/user/reward');
    const row = page
      .getByRole('main')
      .getByRole('row')
      .filter({ hasText: `${friend.account.slice(0, 2)}***` });
    await expect(row).toContainText(
      i18n.language === 'en' ? 'Standard, 1 month' : '标准版 · 1 个月',
    );
    if (i18n.language === 'en') await expect(row).not.toContainText('months');
  },
);
