import { ClientPlatform, type ApiPlatform } from '../../contract/enums';

/** Client platform from the user agent; anything unrecognised counts as WINDOWS (SPEC §3). */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): ClientPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return ClientPlatform.IOS;
  // iPadOS 13+ reports itself as a Mac; only the touch screen gives it away.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return ClientPlatform.IOS;
  if (/Android/i.test(userAgent)) return ClientPlatform.ANDROID;
  if (/Mac OS X|Macintosh/i.test(userAgent)) return ClientPlatform.MAC;
  return ClientPlatform.WINDOWS;
}

/** The `platform` header value: lowercase, one RSA key pair each. */
export function apiPlatform(platform: ClientPlatform): ApiPlatform {
  return platform.toLowerCase() as ApiPlatform;
}

let prerendering: ClientPlatform | null = null;

/** The prerender (src/prerender) renders each platform's variant of a page without a browser. */
export function renderAs(platform: ClientPlatform): void {
  prerendering = platform;
}

export function currentPlatform(): ClientPlatform {
  if (prerendering) return prerendering;
  if (typeof navigator === 'undefined') return ClientPlatform.WINDOWS;
  return detectPlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
