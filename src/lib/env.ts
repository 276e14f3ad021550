import { AppEnv } from '../../contract/enums';

/**
 * DEV, TEST or PROD from the hostname (docs/architecture.md): the SPA is one build for every
 * environment, so the host it is served from is the only thing that tells them apart.
 */
export function detectEnv(hostname: string): AppEnv {
  const host = hostname.toLowerCase();
  if (
    host === 'localhost' ||
    host.startsWith('127.') ||
    host.endsWith('.local') ||
    host === '[::1]'
  ) {
    return AppEnv.DEV;
  }
  if (host.startsWith('test.') || host.startsWith('staging.') || /-test\./.test(host)) {
    return AppEnv.TEST;
  }
  return AppEnv.PROD;
}

/** The environment of this page, fixed for its lifetime. */
export const appEnv: AppEnv =
  typeof window === 'undefined' ? AppEnv.DEV : detectEnv(window.location.hostname);
