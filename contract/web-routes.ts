/**
 * The SPA's routes (SPEC §2), shared by the router (src/app/routes.tsx builds exactly these, a web
 * test holds them equal) and the server, which answers any other page address with HTTP 404 while
 * still sending the SPA, so the visitor sees the 404 page and crawlers and monitors see a 404.
 * A `$param` is one non-empty path segment; a route may restrict a param to a fixed list.
 */

/** The legal clauses of SPEC §2; any other /clause/<name> is a 404. */
export const CLAUSE_NAMES = ['terms', 'privacy', 'canary'] as const;
export type ClauseName = (typeof CLAUSE_NAMES)[number];

/**
 * A group's invite link is `/group-buying?group=<token>` (docs/group-buy.md rule 14). `?invite=`
 * is a friend's sign-up code on /register; a group token there is from an older link and is read
 * by /group-buying only, never as a sign-up code.
 */
export const GROUP_LINK_PARAM = 'group';
/** A group's invite token: 24 random bytes in base64url (never a friend's 4-16 letter code). */
export const GROUP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const SPA_ROUTES = [
  '/',
  '/login',
  '/register',
  '/resetpassword',
  '/pricing',
  '/group-buying',
  '/crypto-pay/$productId',
  '/purchased',
  '/download',
  '/download/tips',
  '/download/smart_links',
  '/affiliate',
  '/faq',
  '/clause/$name',
  '/apple-help',
  '/trial',
  '/loading',
  '/user',
  '/user/profile',
  '/user/device',
  '/user/reward',
  '/user/kol',
  '/user/group-buying',
  '/user/benefits',
  '/user/third-party-client',
  '/user/notices',
  '/user/security',
  '/user/receipt/$orderId',
  // The operator console (issue 21, docs/console.md): its own sign-in and guard, lazy.
  '/admin',
  '/admin/login',
  '/admin/enrol/$token',
  '/admin/staff',
  '/admin/audit',
  '/admin/users',
  '/admin/orders',
  '/admin/nodes',
  '/admin/groups',
  '/admin/content',
  '/admin/crypto',
  '/admin/kol',
  '/admin/store',
] as const;
export type SpaRoute = (typeof SPA_ROUTES)[number];

/** Params whose values are a fixed list; any other value is not a page. */
const PARAM_VALUES: Partial<Record<SpaRoute, Record<string, readonly string[]>>> = {
  '/clause/$name': { name: CLAUSE_NAMES },
};

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The route of the SPA a URL's path (query ignored, trailing slashes allowed) is a page of, as
 * declared (`/crypto-pay/$productId`), or null when it is none.
 */
export function spaRouteOf(url: string): SpaRoute | null {
  const raw = url.split(/[?#]/)[0] ?? '/';
  const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  const segments = path === '/' ? [] : path.slice(1).split('/');
  const found = SPA_ROUTES.find((route) => {
    const parts = route === '/' ? [] : route.slice(1).split('/');
    if (parts.length !== segments.length) return false;
    return parts.every((part, i) => {
      const value = decodeSegment(segments[i]!);
      if (value === null) return false;
      // The router matches fixed segments case-insensitively (its default), so does this.
      if (!part.startsWith('$')) return value.toLowerCase() === part.toLowerCase();
      const allowed = PARAM_VALUES[route]?.[part.slice(1)];
      return value !== '' && (!allowed || allowed.includes(value));
    });
  });
  return found ?? null;
}

/**
 * True when a URL is one of the SPA's pages, so the server answers 200; anything else renders the
 * SPA's 404 page with HTTP 404.
 */
export function isSpaRoute(url: string): boolean {
  return spaRouteOf(url) !== null;
}
