import type { Messages } from '@lingui/core';
import type { Locale } from '../../contract/enums';

type CatalogModule = Promise<{ messages: Messages }>;

/**
 * Catalogues of their own for routes whose texts no other page shows (lingui.config.ts lists the
 * same names with the folders they are extracted from), keyed by the route's chunk name (the name
 * each page of src/app/routes.tsx gives `lazyPage`). Each is its own chunk per language, requested
 * by that route only, so the other pages do not pay for its messages (docs/i18n.md).
 */
const groupBuy: Record<Locale, () => CatalogModule> = {
  en: () => import('../locales/en/group-buy.po'),
  'zh-CN': () => import('../locales/zh-CN/group-buy.po'),
};

/** Every /admin page shares the console's catalogue (its chunks in src/app/routes.tsx). */
const consoleCatalog: Record<Locale, () => CatalogModule> = {
  en: () => import('../locales/en/console.po'),
  'zh-CN': () => import('../locales/zh-CN/console.po'),
};

export const ROUTE_CATALOGS: Record<string, Record<Locale, () => CatalogModule>> = {
  'crypto-pay': {
    en: () => import('../locales/en/crypto-pay.po'),
    'zh-CN': () => import('../locales/zh-CN/crypto-pay.po'),
  },
  // /group-buying (and its invite view) and /user/group-buying share one catalogue.
  'group-buying': groupBuy,
  'user-group-buying': groupBuy,
  'console-frame': consoleCatalog,
  'console-login': consoleCatalog,
  'console-enrol': consoleCatalog,
  'console-shell': consoleCatalog,
  'console-home': consoleCatalog,
  'console-staff': consoleCatalog,
  'console-audit': consoleCatalog,
  'console-content': consoleCatalog,
};
