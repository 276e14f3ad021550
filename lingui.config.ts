import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * One main catalogue, loaded by every page, and route catalogues, loaded only by their route (the
 * registry in src/i18n/route-catalogs.ts; docs/i18n.md "A route's own catalogue"). A route's folder
 * is excluded from the main catalogue so its texts are not paid for by every other page.
 */
const ROUTE_CATALOGS = {
  // The operator console (issue 21): only the /admin routes load its texts.
  console: ['<rootDir>/src/console/**'],
  'crypto-pay': [
    '<rootDir>/src/features/store/crypto/**',
    '<rootDir>/src/pages/crypto-pay.page.tsx',
  ],
  'group-buy': [
    '<rootDir>/src/features/group-buy/**',
    '<rootDir>/src/pages/group-buying.page.tsx',
    '<rootDir>/src/pages/user-group-buying.page.tsx',
  ],
};

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN'],
  // SPEC §9: Chinese is the fallback language.
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/locales/**',
        ...Object.values(ROUTE_CATALOGS).flat(),
      ],
    },
    ...Object.entries(ROUTE_CATALOGS).map(([name, include]) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include,
      exclude: ['**/node_modules/**'],
    })),
  ],
  format: formatter({ lineNumbers: false }),
});
