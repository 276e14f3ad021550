/**
 * The public pages the build prerenders (scripts/prerender.mjs): where visitors land from search
 * and ads. Account pages, forms and hand-overs (/login, /trial, /loading, /purchased …) depend on
 * the visitor and render in the browser only.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/pricing',
  '/download',
  '/download/tips',
  '/affiliate',
  '/faq',
  '/clause/terms',
  '/clause/privacy',
  '/clause/canary',
  '/apple-help',
] as const;

/** Pages rendered once per platform: /download puts the visitor's own first. */
export const PAGES_BY_PLATFORM: readonly string[] = ['/download'];
