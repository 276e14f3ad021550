import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../contract/enums';
import { storeLanguage } from '../lib/storage';
import { apiLanguageOf } from '../../contract/locale';

export { i18n };

/** Only the active locale's catalog is fetched: each PO file becomes its own chunk. */
async function loadCatalog(locale: Locale): Promise<Messages> {
  const mod: { messages: Messages } =
    locale === 'zh-CN'
      ? await import('../locales/zh-CN/messages.po')
      : await import('../locales/en/messages.po');
  return mod.messages;
}

const listeners = new Set<(locale: Locale) => void>();

export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function activateLocale(locale: Locale, options: { persist?: boolean } = {}) {
  const messages = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (options.persist) storeLanguage(locale);
  for (const listener of listeners) listener(locale);
}

export function currentLocale(): Locale {
  return (i18n.locale || 'en') as Locale;
}

/** The `language` header of every API call. */
export function currentApiLanguage() {
  return apiLanguageOf(currentLocale());
}
