/**
 * The client platform of a user agent (SPEC §3), shared by the SPA (which platform signs its calls
 * and which download comes first) and the server (which variant of a prerendered page to send).
 */
import { ClientPlatform, type ApiPlatform } from './enums';

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
