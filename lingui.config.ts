import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * One main catalogue, loaded by every page, and route catalogues, loaded only by their route (the
 * registry in src/i18n/route-catalogs.ts; docs/i18n.md "A route's own catalogue"). A route's folder
 * is excluded from the main catalogue so its texts are not paid for by every other page.
 */
const ROUTE_CATALOGS = {
  // The /user area: the account layout and every page under it (src/i18n/route-catalog-names.ts),
  // with the store's and the shared components' files only those pages show. The notice banner
  // (src/features/notices/notice-banner.tsx) is the shell's and stays in the main catalogue.
  account: [
    '<rootDir>/src/features/account/**',
    '<rootDir>/src/features/benefits/**',
    '<rootDir>/src/features/devices/**',
    '<rootDir>/src/features/kol/**',
    '<rootDir>/src/features/rewards/**',
    '<rootDir>/src/features/security/**',
    '<rootDir>/src/features/third-party-client/**',
    '<rootDir>/src/features/notices/notices-page.tsx',
    '<rootDir>/src/features/store/orders-card.tsx',
    '<rootDir>/src/features/store/receipt-page.tsx',
    '<rootDir>/src/features/store/redeem-card.tsx',
    '<rootDir>/src/components/invite-link-field.tsx',
    '<rootDir>/src/components/invite-qr-panel.tsx',
    '<rootDir>/src/components/reset-subscription-action.tsx',
    '<rootDir>/src/pages/profile.page.tsx',
  ],
  // The operator console (issue 21): only the /admin routes load its texts.
  console: ['<rootDir>/src/console/**'],
  'crypto-pay': [
    '<rootDir>/src/features/store/crypto/**',
    '<rootDir>/src/pages/crypto-pay.page.tsx',
  ],
  // /download, /download/tips, /download/smart_links and /apple-help.
  download: ['<rootDir>/src/features/download/**', '<rootDir>/src/features/apple-help/**'],
  'group-buy': [
    '<rootDir>/src/features/group-buy/**',
    '<rootDir>/src/pages/group-buying.page.tsx',
    '<rootDir>/src/pages/user-group-buying.page.tsx',
  ],
  // /pricing, /purchased and /trial.
  store: [
    '<rootDir>/src/features/store/grant-preview.tsx',
    '<rootDir>/src/features/store/payment-method-field.tsx',
    '<rootDir>/src/features/store/plan-fields.tsx',
    '<rootDir>/src/features/store/pricing-page.tsx',
    '<rootDir>/src/features/store/promo-code.tsx',
    '<rootDir>/src/features/store/purchased-page.tsx',
    '<rootDir>/src/features/store/trial-page.tsx',
  ],
  affiliate: ['<rootDir>/src/features/affiliate/**'],
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
