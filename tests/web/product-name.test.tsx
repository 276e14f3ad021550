/**
 * A plan and its length read the same everywhere (issue 11: the product label was written three
 * ways in Chinese): the SPA's <ProductName> on /pricing, /user/reward and /user/kol, and the server's
 * productLabel on orders and payment pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductName } from '../../src/components/formats';
import { activateLocale, i18n } from '../../src/i18n/i18n';
import { productLabel } from '../../server/store/plans';

afterEach(cleanup);

function rendered(groupType: 1 | 2, months: number): string {
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <ProductName groupType={groupType} months={months} />
    </I18nProvider>,
  );
  const out = container.textContent ?? '';
  cleanup();
  return out;
}

describe('ProductName', () => {
  it.each([
    ['en', 'en'],
    ['zh-CN', 'zh_CN'],
  ] as const)('writes what the server writes, in %s', async (locale, apiLanguage) => {
    await activateLocale(locale);
    for (const groupType of [1, 2] as const)
      for (const months of [1, 3, 12])
        expect(rendered(groupType, months)).toBe(productLabel(groupType, months, apiLanguage));
  });

  it('reads "Standard, 1 month" and "标准版 · 3 个月"', async () => {
    await activateLocale('en');
    expect(rendered(1, 1)).toBe('Standard, 1 month');
    await activateLocale('zh-CN');
    expect(rendered(1, 3)).toBe('标准版 · 3 个月');
  });
});

describe('one way to write a plan and its length', () => {
  it('is <ProductName>: no page puts <PlanName> and <Months> side by side itself', () => {
    // jsdom gives this module an http URL: the repository is the working directory.
    const src = join(process.cwd(), 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.tsx') && !file.endsWith('components/formats.tsx'),
    );
    expect(files.length).toBeGreaterThan(20);
    const sideBySide = files.filter((file) =>
      /<PlanName[^>]*\/>[^<]{0,4}<Months/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(sideBySide).toEqual([]);
  });
});
