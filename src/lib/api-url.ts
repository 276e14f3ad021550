import { AppEnv } from '../../contract/enums';
import { API_TEST_PREFIX, API_VERSION_PREFIX } from '../../contract/protocol';

export interface ApiBases {
  /** VITE_API_BASE, or '' for the page's own origin. */
  api: string;
  /** VITE_MARKETING_BASE, or the API base. */
  marketing: string;
}

export function apiPrefix(env: AppEnv): string {
  return env === AppEnv.PROD ? API_VERSION_PREFIX : API_TEST_PREFIX;
}

function trimSlash(base: string): string {
  return base.replace(/\/+$/, '');
}

export function apiBases(viteEnv: {
  VITE_API_BASE?: string;
  VITE_MARKETING_BASE?: string;
}): ApiBases {
  const api = trimSlash(viteEnv.VITE_API_BASE ?? '');
  return { api, marketing: trimSlash(viteEnv.VITE_MARKETING_BASE || api) };
}

/** `{base}{prefix}{path}`; marketing paths go to their own base (SPEC §7). */
export function apiUrl(path: string, env: AppEnv, bases: ApiBases): string {
  const base = path.includes('/marketing/') ? bases.marketing : bases.api;
  return `${base}${apiPrefix(env)}${path}`;
}

export function publicKeysUrl(env: AppEnv, bases: ApiBases): string {
  return `${bases.api}${apiPrefix(env)}/public-keys`;
}
