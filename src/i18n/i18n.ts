import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../contract/enums';
import { storeLanguage } from '../lib/storage';
import { apiLanguageOf } from '../../contract/locale';
import { ROUTE_CATALOGS } from './route-catalogs';

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

/** Route catalogues a route has asked for: a language switch loads them in the new language too. */
const wantedRouteCatalogs = new Set<string>();
/** Route catalogues fetched so far, by `${name} ${locale}`. */
const routeMessages = new Map<string, Messages>();

async function fetchRouteCatalog(name: string, locale: Locale): Promise<Messages> {
  const key = `${name} ${locale}`;
  const cached = routeMessages.get(key);
  if (cached) return cached;
  const loader = ROUTE_CATALOGS[name]?.[locale];
  const messages = loader ? (await loader()).messages : {};
  routeMessages.set(key, messages);
  return messages;
}

/**
 * Loads the route catalogue registered under `name` (src/i18n/route-catalogs.ts) in the active
 * language and merges it into the active messages; nothing for a route without one. The route's
 * page awaits it before it renders (src/app/lazy-page.tsx), and from then on every language switch
 * loads it along with the main catalogue.
 */
export async function loadRouteCatalog(name: string): Promise<void> {
  if (!(name in ROUTE_CATALOGS)) return;
  wantedRouteCatalogs.add(name);
  const locale = currentLocale();
  const messages = await fetchRouteCatalog(name, locale);
  // Merged, not replaced (Lingui's `load` adds to a locale's messages); skipped if the language
  // changed meanwhile: that switch loads this catalogue in its own language.
  if (currentLocale() === locale) i18n.load(locale, messages);
}

export async function activateLocale(locale: Locale, options: { persist?: boolean } = {}) {
  const [main] = await Promise.all([
    loadCatalog(locale),
    ...[...wantedRouteCatalogs].map((name) => fetchRouteCatalog(name, locale)),
  ]);
  // Every route catalogue fetched in this language by now, including one that arrived meanwhile.
  const extra = [...wantedRouteCatalogs].map((name) => routeMessages.get(`${name} ${locale}`));
  const messages: Messages = Object.assign({}, main, ...extra);
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
