import { ApiLanguage, Locale } from './enums';

export const LOCALES = [Locale.EN, Locale.ZH_CN] as const;
/** SPEC §9: Chinese when nothing else decides. */
export const FALLBACK_LOCALE: Locale = Locale.ZH_CN;

export function isLocale(value: unknown): value is Locale {
  return value === Locale.EN || value === Locale.ZH_CN;
}

/**
 * SPEC §9: the stored preference, else English if any browser language is English, else Chinese.
 * Older builds stored the API form (`zh_CN`), so that is accepted too.
 */
export function chooseLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (stored === ApiLanguage.ZH_CN) return Locale.ZH_CN;
  if (isLocale(stored)) return stored;
  const english = browserLanguages.some((lang) => /^en\b/i.test(lang.trim()));
  return english ? Locale.EN : FALLBACK_LOCALE;
}

/** The `language` header value of a UI locale. */
export function apiLanguageOf(locale: Locale): ApiLanguage {
  return locale === Locale.ZH_CN ? ApiLanguage.ZH_CN : ApiLanguage.EN;
}
