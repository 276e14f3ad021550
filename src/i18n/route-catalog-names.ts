/**
 * Which route catalogue (lingui.config.ts ROUTE_CATALOGS) each route loads, keyed by the route's
 * chunk name (the name each page of src/app/routes.tsx gives `lazyPage`). A plain table with no
 * imports: src/i18n/route-catalogs.ts turns it into loaders, and the build's preload lists
 * (scripts/vite-route-preload.ts) read it to fetch a page's catalogue along with its chunk.
 */
export const ROUTE_CATALOG_NAMES = [
  'account',
  'affiliate',
  'console',
  'crypto-pay',
  'download',
  'group-buy',
  'store',
] as const;

export type RouteCatalogName = (typeof ROUTE_CATALOG_NAMES)[number];

export const CATALOG_OF_ROUTE: Readonly<Record<string, RouteCatalogName>> = {
  // The /user area: its layout and each page under it (their own group buy page aside: that one
  // has group buy's, and the layout's is loaded around it anyway).
  'account-layout': 'account',
  profile: 'account',
  devices: 'account',
  reward: 'account',
  kol: 'account',
  benefits: 'account',
  security: 'account',
  receipt: 'account',
  notices: 'account',
  'third-party-client': 'account',
  affiliate: 'affiliate',
  'crypto-pay': 'crypto-pay',
  download: 'download',
  'download-tips': 'download',
  'smart-links': 'download',
  'apple-help': 'download',
  // /group-buying (and its invite view) and /user/group-buying share one catalogue.
  'group-buying': 'group-buy',
  'user-group-buying': 'group-buy',
  pricing: 'store',
  purchased: 'store',
  trial: 'store',
  // Every /admin page shares the console's catalogue (its chunks in src/app/routes.tsx).
  'console-frame': 'console',
  'console-login': 'console',
  'console-enrol': 'console',
  'console-shell': 'console',
  'console-home': 'console',
  'console-staff': 'console',
  'console-audit': 'console',
  'console-content': 'console',
};
