import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN'],
  // SPEC §9: Chinese is the fallback language.
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/locales/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
