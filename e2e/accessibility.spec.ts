import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { openOwnProfile } from './support/ui';
import { ONE_PROJECT, alternateProject } from './support/projects';

const PAGES = [
  { path: '/', heading: null },
  { path: '/login', heading: 'Log in' },
  { path: '/register', heading: 'Create your account' },
  { path: '/resetpassword', heading: 'Reset your password' },
  { path: '/no-such-page', heading: "Sorry, we couldn't find that page." },
] as const;

for (const [n, { path, heading }] of PAGES.entries()) {
  test(`${path} has no WCAG 2.1 A/AA violations`, alternateProject(n), async ({ page, i18n }) => {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 });
    if (heading) await expect(h1).toHaveText(i18n.t(heading));
    else await expect(h1).toBeVisible();
    await expectAccessible(page);
  });
}

test(
  '/user/profile has no WCAG 2.1 A/AA violations',
  ONE_PROJECT.zh,
  async ({ page, i18n, signedInUser: user }) => {
    await openOwnProfile(page, i18n, user);
    await expectAccessible(page);
  },
);
