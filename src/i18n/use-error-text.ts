import { useLingui } from '@lingui/react';
import { errorMessage } from '../../contract/errors';
import { apiLanguageOf, isLocale } from '../../contract/locale';
import type { Refusal } from '../lib/api-error';

/**
 * Client-side error codes become text only here, in the language shown right now; `data` fills the
 * values the text names (`{settlementId}`). A refusal (`refusalOf`) may be passed whole: its code
 * with its data.
 */
export function useErrorText(): (code: number | Refusal, data?: unknown) => string {
  const { i18n } = useLingui();
  const language = apiLanguageOf(isLocale(i18n.locale) ? i18n.locale : 'en');
  return (code: number | Refusal, data?: unknown) =>
    typeof code === 'number'
      ? errorMessage(code, language, data)
      : errorMessage(code.code, language, code.data);
}
