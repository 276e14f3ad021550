import { ClientPlatform } from '../../contract/enums';
import { detectPlatform } from '../../contract/platform';

let prerendering: ClientPlatform | null = null;

/** The prerender (src/prerender) renders each platform's variant of a page without a browser. */
export function renderAs(platform: ClientPlatform): void {
  prerendering = platform;
}

/** This browser's platform (the user agent's, contract/platform.ts), or the one being prerendered. */
export function currentPlatform(): ClientPlatform {
  if (prerendering) return prerendering;
  if (typeof navigator === 'undefined') return ClientPlatform.WINDOWS;
  return detectPlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
