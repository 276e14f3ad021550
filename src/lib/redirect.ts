/**
 * The `?redirect` target after login: only a path on this origin. Anything else (another origin,
 * protocol-relative `//evil`, `javascript:`, backslash tricks) falls back, so the login page cannot
 * be used as an open redirect.
 */
export const DEFAULT_AFTER_LOGIN = '/user/profile';

export function safeRedirect(value: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes: browsers normalise them into other URLs.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\\')) return fallback;
  try {
    const url = new URL(value, 'https://same-origin.invalid');
    if (url.origin !== 'https://same-origin.invalid') return fallback;
    // Never bounce back into a login-type page: that would loop.
    if (/^\/(login|register|resetpassword)(\/|$)/.test(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
