/**
 * The public pages the build prerenders (scripts/prerender.mjs): where visitors land from search
 * and ads. Account pages and hand-overs (/trial, /loading, /purchased …) depend on the visitor and
 * render in the browser only. A page of the visitor's own (a group, a payment) is prerendered as
 * what the SPA shows first anyway, its frame and its loading state; a route with a parameter is
 * rendered once for every value of it.
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
  '/login',
  '/register',
  '/resetpassword',
  '/group-buying',
  '/crypto-pay/$productId',
] as const;

/**
 * The address a page is rendered at: a route with a parameter at its first value, as what it
 * shows before the app runs is the same for every value.
 */
export const renderedAt = (page: string): string => page.replace(/\$[^/]+/g, '1');

/** Pages rendered once per platform: /download puts the visitor's own first. */
export const PAGES_BY_PLATFORM: readonly string[] = ['/download'];

/**
 * The pages of the login-access guard, which waits for a settled session: prerendered for a
 * visitor who is not logged in. The browser settles its session before it adopts them and renders
 * over them when the guard sends a member on (src/app/start.tsx). A visit with a token cookie (a
 * member, most likely) or with `?redirect=` (their links carry it along) gets the SPA instead
 * (server/web/prerendered.ts).
 */
export const GUEST_PAGES: readonly string[] = ['/login', '/register', '/resetpassword'];
