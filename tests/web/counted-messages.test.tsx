/**
 * Counted messages and prices render in both languages without building an Intl.NumberFormat
 * (src/i18n/intl-format.ts: the first one of a page costs ICU's number data on the main thread).
 */
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { Duration, Months, useMoney } from '../../src/components/formats';
import { formatCount, pluralCategory } from '../../src/i18n/intl-format';
import { activateLocale, i18n } from '../../src/i18n/i18n';

const RealNumberFormat = Intl.NumberFormat;
let numberFormatsBuilt = 0;

beforeEach(() => {
  numberFormatsBuilt = 0;
  Intl.NumberFormat = class extends RealNumberFormat {
    constructor(...args: ConstructorParameters<typeof RealNumberFormat>) {
      super(...args);
      numberFormatsBuilt += 1;
    }
  } as typeof RealNumberFormat;
});
afterEach(() => {
  Intl.NumberFormat = RealNumberFormat;
  cleanup();
});

function Price({ amount }: { amount: number }) {
  return <>{useMoney()({ amount, currency: 'CNY' })}</>;
}

function text(node: ReactNode): string {
  const { container } = render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  const out = container.textContent ?? '';
  cleanup();
  return out;
}

const DAY = 86_400;

describe('counted messages', () => {
  it('reads right in English, one and other', async () => {
    await activateLocale('en');
    expect(text(<Months months={1} />)).toBe('1 month');
    expect(text(<Months months={12} />)).toBe('12 months');
    expect(text(<Duration seconds={DAY} />)).toBe('1 day');
    expect(text(<Duration seconds={1_095 * DAY + 5} />)).toBe('1,095 days');
    expect(text(<Duration seconds={3_600} />)).toBe('1 hour');
    expect(text(<Duration seconds={5 * 3_600 + 59} />)).toBe('5 hours');
    expect(text(<Duration seconds={0} />)).toBe('0 hours');
    expect(text(<Price amount={123_456} />)).toBe('CN¥1,234.56');
    expect(numberFormatsBuilt).toBe(0);
  });

  it('reads right in Chinese', async () => {
    await activateLocale('zh-CN');
    expect(text(<Months months={1} />)).toBe('1 个月');
    expect(text(<Months months={6} />)).toBe('6 个月');
    expect(text(<Duration seconds={30 * DAY} />)).toBe('30 天');
    expect(text(<Duration seconds={2 * 3_600} />)).toBe('2 小时');
    expect(text(<Price amount={29_900} />)).toBe('¥299.00');
    expect(numberFormatsBuilt).toBe(0);
  });

  it('chooses the CLDR category and groups digits as Intl does', () => {
    expect(pluralCategory('en', 1)).toBe('one');
    expect(pluralCategory('en', 0)).toBe('other');
    expect(pluralCategory('en', 2)).toBe('other');
    expect(pluralCategory('zh-CN', 1)).toBe('other');
    for (const n of [0, 7, 999, 1_000, 12_345, 1_234_567, -4_321]) {
      expect(formatCount(n)).toBe(new RealNumberFormat('en').format(n));
      expect(formatCount(n)).toBe(new RealNumberFormat('zh-CN').format(n));
    }
  });
});
