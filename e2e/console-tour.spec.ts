/**
 * Each staff role walks the whole console through its navigation (issue 21, item 12: journeys
 * through every section for owner and support, with axe finding nothing): signed in through the
 * door's form with the second factor, the role sees a link to exactly the sections its permissions
 * open, each opens from the link, reads its data (no spinner left, no refusal) and passes axe, then
 * takes one read-only or cancelled step (STEPS) with axe on what it opened; owner and support run
 * in both journey projects (en-1440 and zh-390), finance and content in one each; each
 * other section answers its address with the forbidden page; signing out leads back to the door.
 * What each section does is proved by its own spec (console-members, console-orders …); this one
 * proves the doors between them for every role, in both languages.
 */
import type { Page } from '@playwright/test';
import type { ConsolePermission, StaffRole } from '../contract/endpoints/console';
import { ROLE_PERMISSIONS } from '../server/console/roles';
import { expectAccessible } from './support/axe';
import { enrolledStaff, expectSectionClosed, signInThroughForm } from './support/console';
import { expect, test } from './support/fixtures';
import type { I18n } from './support/i18n';
import { alternateProject } from './support/projects';

/** The console's sections as the navigation names them and the heading each page carries. */
const SECTIONS: readonly {
  path: string;
  link: string;
  heading: string;
  permission: ConsolePermission;
}[] = [
  { path: '/admin/users', link: 'Members', heading: 'Members', permission: 'users.read' },
  { path: '/admin/orders', link: 'Orders', heading: 'Orders', permission: 'orders.read' },
  {
    path: '/admin/groups',
    link: 'Group buys',
    heading: 'Group buys',
    permission: 'group-buy.manage',
  },
  { path: '/admin/nodes', link: 'Nodes', heading: 'Nodes', permission: 'nodes.manage' },
  { path: '/admin/content', link: 'Content', heading: 'Content', permission: 'content.manage' },
  { path: '/admin/crypto', link: 'Crypto', heading: 'Crypto', permission: 'crypto.manage' },
  { path: '/admin/kol', link: 'KOL', heading: 'KOL programme', permission: 'kol.manage' },
  { path: '/admin/store', link: 'Store', heading: 'Store', permission: 'store.manage' },
  { path: '/admin/staff', link: 'Staff', heading: 'Staff', permission: 'staff.manage' },
  { path: '/admin/audit', link: 'Audit trail', heading: 'Audit trail', permission: 'audit.read' },
];

const main = (page: Page) => page.getByRole('main');
const nav = (page: Page, i18n: I18n) => page.getByRole('navigation', { name: i18n.t('Console') });

/** The page has read what it shows: no spinner is left and no read was refused. */
async function expectRead(page: Page, i18n: I18n): Promise<void> {
  await expect(main(page).getByText(i18n.t('Loading…'))).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: i18n.t('Try again') })).toHaveCount(0);
  await expect(main(page).getByRole('alert')).toHaveCount(0);
}

type Step = (page: Page, i18n: I18n) => Promise<void>;

/** Opens a dialog by its button, runs axe on it and cancels it: nothing is changed. */
const dialogStep =
  (button: (i18n: I18n) => string | RegExp): Step =>
  async (page, i18n) => {
    await main(page)
      .getByRole('button', { name: button(i18n) })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: i18n.t('Cancel') }).click();
    await expect(dialog).toHaveCount(0);
  };

/**
 * One step beyond a section's landing page, read-only or cancelled (a record opened, a dialog
 * opened and cancelled), with axe on what it opened. Orders, group buys, nodes, staff and the audit
 * trail have none here yet (their own specs open their records).
 */
const STEPS: Partial<Record<string, Step>> = {
  '/admin/users': async (page, i18n) => {
    await main(page).getByLabel(i18n.t('User ID, username, email or phone')).fill('demo');
    await main(page)
      .getByRole('button', { name: i18n.t('Search') })
      .click();
    await main(page)
      .getByRole('button', { name: i18n.pattern('Open member {0}') })
      .first()
      .click();
    await expect(
      main(page).getByRole('heading', { level: 2, name: i18n.pattern('Member {userId}') }),
    ).toBeVisible();
    await expect(
      main(page).getByRole('heading', { level: 3, name: i18n.t('Sessions') }),
    ).toBeVisible();
    await expectRead(page, i18n);
    await expectAccessible(page);
  },
  '/admin/content': dialogStep((i18n) => i18n.t('Add a link')),
  '/admin/crypto': dialogStep((i18n) => i18n.t('Add a network')),
  '/admin/kol': dialogStep((i18n) => i18n.pattern('Change the terms of KOL {0}')),
  '/admin/store': dialogStep((i18n) => i18n.pattern('Set a price of plan {0}')),
};

const ROLES: readonly StaffRole[] = ['owner', 'support', 'finance', 'content'];
/** The roles the issue names: their tours run in both journey projects (both languages). */
const BOTH_PROJECTS: readonly StaffRole[] = ['owner', 'support'];

test.describe('console tour', () => {
  ROLES.forEach((role, n) => {
    const open = SECTIONS.filter((s) => ROLE_PERMISSIONS[role].includes(s.permission));
    const closed = SECTIONS.filter((s) => !open.includes(s));

    test(
      `${role} opens each of its ${open.length} sections from the navigation and is kept out of the other ${closed.length}`,
      BOTH_PROJECTS.includes(role) ? {} : alternateProject(n),
      async ({ page, request, i18n }) => {
        test.setTimeout(150_000);
        const staff = await enrolledStaff(request, role, `tour-${role}`);
        await page.goto('/admin/login');
        await signInThroughForm(page, i18n, staff, await staff.authenticator.code());
        await expect(
          main(page).getByRole('heading', { level: 1, name: i18n.t('Overview') }),
        ).toBeVisible();
        await expectRead(page, i18n);
        await expectAccessible(page);

        // The navigation links the overview and exactly the sections the role may open.
        await expect(nav(page, i18n).getByRole('link')).toHaveText([
          i18n.t('Overview'),
          ...open.map((s) => i18n.t(s.link)),
        ]);

        for (const section of open) {
          await nav(page, i18n)
            .getByRole('link', { name: i18n.t(section.link), exact: true })
            .click();
          await expect(page).toHaveURL(new RegExp(`${section.path}$`));
          await expect(
            main(page).getByRole('heading', { level: 1, name: i18n.t(section.heading) }),
          ).toBeVisible();
          await expect(
            nav(page, i18n).getByRole('link', { name: i18n.t(section.link), exact: true }),
          ).toHaveAttribute('aria-current', 'page');
          await expectRead(page, i18n);
          await expectAccessible(page);
          await STEPS[section.path]?.(page, i18n);
        }

        for (const section of closed)
          await expectSectionClosed(page, i18n, section.path, section.link);

        await page.goto('/admin');
        await nav(page, i18n)
          .getByRole('button', { name: i18n.t('Sign out') })
          .click();
        await expect(page.getByRole('heading', { name: i18n.t('Staff sign-in') })).toBeVisible();
        await page.goto(open[0]?.path ?? '/admin');
        await expect(page.getByRole('heading', { name: i18n.t('Staff sign-in') })).toBeVisible();
      },
    );
  });
});
