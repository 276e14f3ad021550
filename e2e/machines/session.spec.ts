/**
 * The session machine replayed through the real SPA and server: every path of session.model.ts
 * becomes a test, each event the thing a person (or the app) does, each state what the page shows.
 */
import { endpoints } from '../../contract';
import { STORAGE_KEYS } from '../../contract/protocol';
import { sessionMachine } from '../../machines/session/session.machine';
import { expect } from '../support/fixtures';
import { describeMachinePaths } from '../support/path-runner';
import {
  expectProfileOf,
  logInThroughUi,
  openMenuIfCollapsed,
  useSessionToken,
} from '../support/ui';
import type { UserFactory } from '../support/user-factory';
import { sessionUiPaths } from './session.model';

/** Every path has its own fresh member, so the four projects and two workers never share one. */
async function setup({ users }: { users: UserFactory }) {
  return { user: await users.byUsername() };
}

describeMachinePaths({
  title: 'session machine through the UI',
  machine: sessionMachine,
  generator: () => sessionUiPaths(),
  traversal: {},
  setup,
  eventActions: {
    // Only ever the first event (session.model.ts): a visitor without a token opens a member page.
    'xstate.error.actor.fetchUserInfo': async ({ page }) => {
      await page.goto('/user/profile');
    },
    'xstate.done.actor.fetchUserInfo': async ({ page, data }, _event, { index }) => {
      // After a login the app fetches the user by itself; as the first event it is a returning
      // member whose browser still holds the token.
      if (index > 0) return;
      await useSessionToken(page, data.user.token);
      await page.goto('/user/profile');
    },
    LOGGED_IN: async ({ page, i18n, data }) => {
      // Through the header, inside the running app: a reload would start a new session machine.
      if (!/\/login(\?|$)/.test(page.url())) {
        await openMenuIfCollapsed(page, i18n);
        await page
          .getByRole('banner')
          .getByRole('link', { name: i18n.t('Log in') })
          .filter({ visible: true })
          .click();
      }
      await logInThroughUi(page, i18n, data.user.account, data.user.password);
    },
    LOGOUT: async ({ page, i18n }) => {
      await openMenuIfCollapsed(page, i18n);
      await page
        .getByRole('button', { name: i18n.t('Log out') })
        .filter({ visible: true })
        .click();
    },
    'xstate.done.actor.logout': async () => {
      // The logout request is the app's own; loggedOut proves it ended.
    },
    UNAUTHORIZED: async ({ page, i18n, api, data }) => {
      // The profile's own calls (orders, the lazily loaded API layer) must have answered first:
      // one still in flight when the session dies would get the 401 and leave the page before
      // the click below, so the test would race the app instead of driving it.
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      // The session ends elsewhere (another device logged it out)...
      const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
      expect(token).not.toBeNull();
      await api.ok(endpoints.userLogout.path, {}, token ?? undefined);
      // ...and the next call the page makes is refused with 401: deleting the account is the one
      // call of the account area made on demand, and a dead session cannot delete anything.
      const main = page.getByRole('main');
      await main.getByRole('button', { name: i18n.t('Delete account'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: i18n.t('Delete your account?') });
      await dialog.getByLabel(i18n.t('Password'), { exact: true }).fill(data.user.password);
      const word = i18n.t('DELETE');
      await dialog
        .getByLabel(i18n.t('Type {confirmWord} to confirm', { confirmWord: word }))
        .fill(word);
      await dialog.getByRole('button', { name: i18n.t('Delete account permanently') }).click();
    },
  },
  stateAssertions: {
    unknown: { unobservable: 'lasts one user-info request; the states around it are asserted' },
    loggingOut: { unobservable: 'lasts one logout request; loggedOut after it is asserted' },
    loggedIn: async ({ page, i18n, data }) => {
      // The profile of this very user: its ID and its username (the context's user, on screen).
      await expectProfileOf(page, i18n, data.user.userId);
      await expect(
        page.getByRole('main').getByText(data.user.account, { exact: true }),
      ).toBeVisible();
    },
    loggedOut: async ({ page, context }, _snapshot, via) => {
      // Logging out goes home; a visitor refused a member page (at start-up or by a 401 later)
      // lands on the login page with the way back.
      const home = (via.type as string) === 'xstate.done.actor.logout';
      await expect(page).toHaveURL(home ? /\/$/ : /\/login\?redirect=%2Fuser%2Fprofile$/);
      await expect
        .poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token))
        .toBeNull();
      expect((await context.cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
    },
  },
});
