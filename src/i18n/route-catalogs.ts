import type { Messages } from '@lingui/core';
import type { Locale } from '../../contract/enums';
import { CATALOG_OF_ROUTE, type RouteCatalogName } from './route-catalog-names';

type CatalogModule = Promise<{ messages: Messages }>;

/**
 * Each route catalogue (lingui.config.ts lists the same names with the folders they are extracted
 * from) is its own chunk per language: one dynamic `import()` each, so Vite compiles it.
 */
const LOADERS: Record<RouteCatalogName, Record<Locale, () => CatalogModule>> = {
  account: {
    en: () => import('../locales/en/account.po'),
    'zh-CN': () => import('../locales/zh-CN/account.po'),
  },
  affiliate: {
    en: () => import('../locales/en/affiliate.po'),
    'zh-CN': () => import('../locales/zh-CN/affiliate.po'),
  },
  console: {
    en: () => import('../locales/en/console.po'),
    'zh-CN': () => import('../locales/zh-CN/console.po'),
  },
  'crypto-pay': {
    en: () => import('../locales/en/crypto-pay.po'),
    'zh-CN': () => import('../locales/zh-CN/crypto-pay.po'),
  },
  download: {
    en: () => import('../locales/en/download.po'),
    'zh-CN': () => import('../locales/zh-CN/download.po'),
  },
  'group-buy': {
    en: () => import('../locales/en/group-buy.po'),
    'zh-CN': () => import('../locales/zh-CN/group-buy.po'),
  },
  store: {
    en: () => import('../locales/en/store.po'),
    'zh-CN': () => import('../locales/zh-CN/store.po'),
  },
};

/**
 * Catalogues of their own for routes whose texts no other page shows, keyed by the route's chunk
 * name (src/i18n/route-catalog-names.ts). Requested by those routes only, so the other pages do not
 * pay for their messages (docs/i18n.md).
 */
export const ROUTE_CATALOGS: Record<
  string,
  Record<Locale, () => CatalogModule>
> = Object.fromEntries(
  Object.entries(CATALOG_OF_ROUTE).map(([chunk, name]) => [chunk, LOADERS[name]]),
);
