/**
 * The fixtures every spec uses: the project's language (set in the browser before the SPA starts),
 * the expected texts in that language, a signed API client, the dev outbox and a factory of fresh
 * users. Import `test` and `expect` from here, not from @playwright/test.
 */
import { test as base, expect } from '@playwright/test';
import { STORAGE_KEYS } from '../../contract/protocol';
import { ApiClient } from './api-client';
import { I18n, type UiLanguage } from './i18n';
import { Outbox } from './outbox';
import { UserFactory } from './user-factory';

export interface E2eOptions {
  /** The UI language of the project; the browser's locale is set to match in playwright.config.ts. */
  language: UiLanguage;
}

export interface E2eFixtures {
  i18n: I18n;
  api: ApiClient;
  outbox: Outbox;
  users: UserFactory;
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
});

function need(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  return baseURL;
}

export { expect };
