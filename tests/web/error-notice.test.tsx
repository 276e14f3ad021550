/**
 * A refusal shown in the page names the values its words hold (`{settlementId}`) from the refusal's
 * data, in the language shown, and never shows a placeholder.
 */
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Errors } from '../../contract/errors';
import { ErrorNotice } from '../../src/components/error-notice';
import { activateLocale, i18n } from '../../src/i18n/i18n';
import { ApiError, refusalOf } from '../../src/lib/api-error';

afterEach(cleanup);

function shown(code: number, data?: unknown): string {
  const { getByRole } = render(
    <I18nProvider i18n={i18n}>
      <ErrorNotice className="notice" code={code} data={data} />
    </I18nProvider>,
  );
  return getByRole('alert').textContent ?? '';
}

describe('ErrorNotice', () => {
  const used = Errors.KOL_TX_HASH_USED.code;
  const refusal = refusalOf(new ApiError(used, 'server text', { settlementId: 12 }));

  it('fills the refusal data into the English words', async () => {
    await activateLocale('en');
    expect(refusal).toEqual({ code: used, data: { settlementId: 12 } });
    expect(shown(refusal.code, refusal.data)).toBe('This hash already pays settlement 12.');
  });

  it('fills the refusal data into the Chinese words', async () => {
    await activateLocale('zh-CN');
    expect(shown(refusal.code, refusal.data)).toBe('该哈希已用于结算单 12。');
  });

  it('a fault that is not a refusal reads as the generic error', async () => {
    await activateLocale('en');
    const fault = refusalOf(new TypeError('network'));
    expect(fault).toEqual({ code: Errors.INTERNAL.code });
    expect(shown(fault.code)).toBe(Errors.INTERNAL.en);
  });
});
