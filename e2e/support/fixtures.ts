/**
 * The fixtures every spec uses: the project's language (set in the browser before the SPA starts),
 * the expected texts in that language, a signed API client, the dev outbox, a factory of fresh
 * users and a fresh user, registered or also signed in. Import `test` and `expect` from here, not from @playwright/test.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../contract/protocol';
import { ApiClient } from './api-client';
import { I18n, type UiLanguage } from './i18n';
import { Outbox } from './outbox';
import { useSessionToken } from './ui';
import { UserFactory, type TestUser } from './user-factory';

export interface E2eOptions {
  /** The UI language of the project; the browser's locale is set to match in playwright.config.ts. */
  language: UiLanguage;
}

export interface E2eFixtures {
  i18n: I18n;
  api: ApiClient;
  outbox: Outbox;
  users: UserFactory;
  /** A fresh user (by username) who has not logged in in this test's browser. */
  registeredUser: TestUser;
  /** A fresh user (by username) whose session this test's page has, as a returning visitor's. */
  signedInUser: TestUser;
}

export const test = base.extend<E2eOptions & E2eFixtures>({
  language: ['en', { option: true }],

  // The SPA reads localStorage `language` before navigator.languages; set it only when absent so a
  // switch made by the test survives reloads, as it does for a person.
  context: async ({ context, language }, use) => {
    await context.addInitScript(
      ([key, value]) => {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      },
      [STORAGE_KEYS.language, language] as const,
    );
    await use(context);
  },

  // A public page arrives prerendered (scripts/prerender.mjs): its links and buttons are on screen
  // before the app has taken them over. A person's first tap waits for nothing, but a test acts
  // within milliseconds, so after each load it waits until the app has hydrated the page.
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },

  i18n: async ({ language }, use) => {
    await use(new I18n(language));
  },

  api: async ({ baseURL, i18n }, use) => {
    await use(new ApiClient(need(baseURL), i18n.apiLanguage));
  },

  outbox: async ({ baseURL }, use) => {
    await use(new Outbox(need(baseURL)));
  },

  users: async ({ api, outbox }, use) => {
    await use(new UserFactory(api, outbox));
  },

  registeredUser: async ({ users }, use) => {
    await use(await users.byUsername());
  },

  signedInUser: async ({ page, registeredUser }, use) => {
    await useSessionToken(page, registeredUser.token);
    await use(registeredUser);
  },
});

/**
 * A page whose `goto` and `reload` return once the app has taken the loaded page over, as the
 * fixture's `page` does: for the pages a test opens in contexts of its own (a second browser).
 */
export function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appTookOver(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appTookOver(page);
    return response;
  };
  return page;
}

/** The app removes `data-prerendered` from `#root` once it has rendered (src/app/start.tsx). */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
}

function need(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  return baseURL;
}

export { expect };
