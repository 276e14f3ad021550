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

/**
 * What the download page knows of the visitor's system: a platform it has an app for, Linux (no
 * app: a third-party client with the subscription link), or nothing it can name. Unlike
 * `detectPlatform`, a system that is not Windows is never called Windows here (issue 19: Linux was
 * told "we put Windows first because that is what you are using"). The server picks the prerendered
 * /download variant with it.
 */
export const VISITOR_SYSTEMS = [...Object.values(ClientPlatform), 'LINUX', 'OTHER'] as const;
export type VisitorSystem = (typeof VISITOR_SYSTEMS)[number];

export function detectVisitorSystem(userAgent: string, maxTouchPoints = 0): VisitorSystem {
  const platform = detectPlatform(userAgent, maxTouchPoints);
  if (platform !== ClientPlatform.WINDOWS || /Windows/i.test(userAgent)) return platform;
  if (/Linux|X11/i.test(userAgent)) return 'LINUX';
  return 'OTHER';
}

/** The platform a visitor system signs API calls as: anything unnamed counts as WINDOWS (SPEC §3). */
export function platformOfSystem(system: VisitorSystem): ClientPlatform {
  return system === 'LINUX' || system === 'OTHER' ? ClientPlatform.WINDOWS : system;
}
