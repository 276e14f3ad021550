import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from '../../src/i18n/intl-format';
import { apiLanguageOf, chooseLocale } from '../../contract/locale';

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

describe('intl-format', () => {
  it('writes every price the way Intl.NumberFormat does, in both languages and currencies', () => {
    const amounts = [
      0, 1, 5, 99, 100, 350, 29_900, 99_999, 100_000, 123_456_789, -1, -2_000, -123_456,
    ];
    for (const locale of ['en', 'zh-CN']) {
      for (const currency of ['CNY', 'USD'] as const) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
        for (const amount of amounts) {
          expect(formatMoney(locale, { amount, currency })).toBe(intl.format(amount / 100));
        }
      }
    }
    expect(formatMoney('zh-CN', { amount: 29_900, currency: 'CNY' })).toBe('¥299.00');
    expect(formatMoney('en', { amount: 3_999, currency: 'USD' })).toBe('$39.99');
    expect(formatMoney('en', { amount: 123_456_789, currency: 'CNY' })).toBe('CN¥1,234,567.89');
  });

  it('formats dates in the locale, one formatter per locale and options', () => {
    const Real = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built += 1;
      }
    } as typeof Real;
    try {
      const long = { dateStyle: 'long', timeZone: 'UTC' } as const;
      expect(formatDateTime('en', long, '2026-11-01T12:00:00Z')).toBe('November 1, 2026');
      expect(formatDateTime('en', long, Date.UTC(2026, 10, 2))).toBe('November 2, 2026');
      expect(built).toBe(1);
      expect(formatDateTime('zh-CN', long, new Date(Date.UTC(2026, 10, 1)))).toBe('2026年11月1日');
      expect(formatDateTime('en', { dateStyle: 'medium', timeZone: 'UTC' }, '2026-11-01')).toBe(
        'Nov 1, 2026',
      );
      expect(built).toBe(3);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
