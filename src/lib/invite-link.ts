/** The register page reads `?invite=` (query parameters become cookies at start-up). */
export function inviteLinkFor(origin: string, code: string): string {
  return `${origin}/register?invite=${encodeURIComponent(code)}`;
}

/**
 * A page link the server built (a group's invite link), moved onto the origin this page was opened
 * on: the friend opens it on the site the person sharing it is using, whichever of the site's
 * names that is (issue 19, item 11). Only for pages of this SPA: the subscription link is served
 * by the API server and keeps the public address the server gave it.
 */
export function onThisSite(origin: string, link: string): string {
  try {
    const url = new URL(link, origin);
    return `${origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return link;
  }
}
