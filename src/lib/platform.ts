import { ClientPlatform } from '../../contract/enums';
import { detectVisitorSystem, platformOfSystem, type VisitorSystem } from '../../contract/platform';

let prerendering: VisitorSystem | null = null;

/** The prerender (src/prerender) renders each system's variant of a page without a browser. */
export function renderAs(system: VisitorSystem): void {
  prerendering = system;
}

/** This browser's system (the user agent's, contract/platform.ts), or the one being prerendered. */
export function currentVisitorSystem(): VisitorSystem {
  if (prerendering) return prerendering;
  if (typeof navigator === 'undefined') return 'OTHER';
  return detectVisitorSystem(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** This browser's platform (SPEC §3: anything unrecognised counts as WINDOWS). */
export function currentPlatform(): ClientPlatform {
  return platformOfSystem(currentVisitorSystem());
}
