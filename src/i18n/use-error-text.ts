import { useLingui } from '@lingui/react';
import { errorMessage } from '../../contract/errors';
import { apiLanguageOf, isLocale } from '../../contract/locale';

/**
 * Client-side error codes become text only here, in the language shown right now; `data` fills the
 * values the text names (`{settlementId}`).
 */
export function useErrorText(): (code: number, data?: unknown) => string {
  const { i18n } = useLingui();
  const language = apiLanguageOf(isLocale(i18n.locale) ? i18n.locale : 'en');
  return (code: number, data?: unknown) => errorMessage(code, language, data);
}
