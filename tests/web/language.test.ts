import { describe, expect, it } from 'vitest';
import { apiLanguageOf, chooseLocale } from '../../src/i18n/locale';

describe('chooseLocale (SPEC §9)', () => {
  it('keeps the stored preference whatever the browser says', () => {
    expect(chooseLocale('zh-CN', ['en-US', 'en'])).toBe('zh-CN');
    expect(chooseLocale('en', ['zh-CN'])).toBe('en');
    expect(chooseLocale('zh_CN', ['en'])).toBe('zh-CN');
  });

  it('chooses English when any browser language is English', () => {
    expect(chooseLocale(null, ['zh-CN', 'en-GB'])).toBe('en');
    expect(chooseLocale(null, ['EN'])).toBe('en');
  });

  it('falls back to Chinese otherwise, and ignores a stored value it does not know', () => {
    expect(chooseLocale(null, ['de-DE', 'fr'])).toBe('zh-CN');
    expect(chooseLocale(null, [])).toBe('zh-CN');
    expect(chooseLocale('klingon', ['fr'])).toBe('zh-CN');
    // "enx" is not English.
    expect(chooseLocale(null, ['enx'])).toBe('zh-CN');
  });

  it('maps the UI locale to the language header', () => {
    expect(apiLanguageOf('zh-CN')).toBe('zh_CN');
    expect(apiLanguageOf('en')).toBe('en');
  });
});
