import type { Messages } from '@lingui/core';
import { Locale } from '../../contract/enums';
import { CATALOG_OF_ROUTE, type RouteCatalogName } from './route-catalog-names';

type CatalogLoader = () => Promise<{ messages: Messages }>;

/**
 * The route catalogues' files (lingui.config.ts extracts one per name and language; the main
 * catalogue, messages.po, is src/i18n/i18n.ts's). Vite turns each into its own dynamic `import()`,
 * so each is compiled by the Lingui plugin and is a chunk of its own per language.
 */
const FILES = import.meta.glob<{ messages: Messages }>([
  '../locales/*/*.po',
  '!../locales/*/messages.po',
]);

function loaderOf(name: RouteCatalogName, locale: Locale): CatalogLoader {
  const loader = FILES[`../locales/${locale}/${name}.po`];
  // A catalogue named in src/i18n/route-catalog-names.ts but not extracted: a build mistake.
  if (!loader) throw new Error(`No ${locale} catalogue "${name}" in src/locales.`);
  return loader;
}

/**
 * Catalogues of their own for routes whose texts no other page shows, keyed by the route's chunk
 * name (src/i18n/route-catalog-names.ts). Requested by those routes only, so the other pages do not
 * pay for their messages (docs/i18n.md).
 */
export const ROUTE_CATALOGS: Readonly<Record<string, Readonly<Record<Locale, CatalogLoader>>>> =
  Object.fromEntries(
    Object.entries(CATALOG_OF_ROUTE).map(([chunk, name]) => [
      chunk,
      Object.fromEntries(
        Object.values(Locale).map((locale) => [locale, loaderOf(name, locale)]),
      ) as Record<Locale, CatalogLoader>,
    ]),
  );
