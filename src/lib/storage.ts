import Cookies from 'js-cookie';
import {
  COOKIE,
  DEFAULT_WEB_DEVICE_ID,
  DEVICE_TOKENS_MAX,
  newWebDeviceId,
  REGISTER_TYPE_PATHS,
  STORAGE_KEYS,
} from '../../contract/protocol';
import { cookieDomain } from './cookie-domain';

/** Browsers may refuse storage (private mode, disabled cookies); the site must still render. */
function safeGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to do: the value simply does not persist.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

function cookieAttributes(days: number): Cookies.CookieAttributes {
  const domain = cookieDomain(window.location.hostname);
  return {
    expires: days,
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    ...(domain ? { domain } : {}),
  };
}

export function setCookie(name: string, value: string, days: number = COOKIE.otherDays): void {
  Cookies.set(name, value, cookieAttributes(days));
}

export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

function removeCookie(name: string): void {
  const domain = cookieDomain(window.location.hostname);
  Cookies.remove(name, { path: '/', ...(domain ? { domain } : {}) });
  // A cookie written before the domain rule existed would otherwise survive on the host itself.
  Cookies.remove(name, { path: '/' });
}

/** The session token: localStorage first, else the register token of this tab (SPEC §3, §7). */
export function getAuthToken(): string | null {
  return safeGet(local, STORAGE_KEYS.token) ?? safeGet(session, STORAGE_KEYS.registerToken);
}

export function hasAuthToken(): boolean {
  return getAuthToken() !== null;
}

export function storeAuthToken(token: string): void {
  safeSet(local, STORAGE_KEYS.token, token);
  setCookie(COOKIE.token, token, COOKIE.tokenDays);
}

export function storeRegisterToken(token: string): void {
  safeSet(session, STORAGE_KEYS.registerToken, token);
}

/** Logout and 401: the token leaves localStorage, the cookie and this tab's register token. */
export function clearAuthToken(): void {
  safeSet(local, STORAGE_KEYS.token, null);
  safeSet(session, STORAGE_KEYS.registerToken, null);
  removeCookie(COOKIE.token);
}

export type PragmaTarget = 'registerToken' | 'authToken';

/** Where a `pragma` token goes (SPEC §4): register-type calls keep it for this tab only. */
export function pragmaTarget(path: string): PragmaTarget {
  return (REGISTER_TYPE_PATHS as readonly string[]).includes(path) ? 'registerToken' : 'authToken';
}

export function storePragmaToken(path: string, token: string): PragmaTarget {
  const target = pragmaTarget(path);
  if (target === 'registerToken') storeRegisterToken(token);
  else storeAuthToken(token);
  return target;
}

/**
 * The browser's device id (SPEC §3): the one in localStorage (an app's web view puts its own there),
 * else one made now and kept, so this browser is a device of its own on /user/device. A browser
 * that keeps nothing sends the default web id: a fresh id per page load would list it again on
 * every sign-in.
 */
export function getDeviceId(): string {
  const stored = safeGet(local, STORAGE_KEYS.deviceId);
  if (stored) return stored;
  safeSet(
    local,
    STORAGE_KEYS.deviceId,
    newWebDeviceId((bytes) => crypto.getRandomValues(bytes)),
  );
  return safeGet(local, STORAGE_KEYS.deviceId) || DEFAULT_WEB_DEVICE_ID;
}

interface StoredDeviceToken {
  readonly userId: number;
  readonly token: string;
}

function storedDeviceTokens(): StoredDeviceToken[] {
  try {
    const parsed: unknown = JSON.parse(safeGet(local, STORAGE_KEYS.deviceTokens) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is StoredDeviceToken =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as StoredDeviceToken).userId === 'number' &&
        typeof (entry as StoredDeviceToken).token === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * The device tokens earlier logins in this browser gave (docs/accounts.md): sent with the next login
 * so that this browser is judged on its own failures, and nobody guessing can keep its owner out.
 * They survive logout on purpose: they open nothing by themselves.
 */
export function getDeviceTokens(): string[] {
  return storedDeviceTokens().map((entry) => entry.token);
}

/** One token per account, the newest first, the few most recent accounts. */
export function rememberDeviceToken(userId: number, token: string): void {
  const others = storedDeviceTokens().filter((entry) => entry.userId !== userId);
  const kept = [{ userId, token }, ...others].slice(0, DEVICE_TOKENS_MAX);
  safeSet(local, STORAGE_KEYS.deviceTokens, JSON.stringify(kept));
}

export function getStoredLanguage(): string | null {
  return safeGet(local, STORAGE_KEYS.language) ?? getCookie(COOKIE.language) ?? null;
}

/** localStorage for the SPA, and a cookie for the server, which prerenders pages in it. */
export function storeLanguage(locale: string): void {
  safeSet(local, STORAGE_KEYS.language, locale);
  if (getCookie(COOKIE.language) !== locale)
    setCookie(COOKIE.language, locale, COOKIE.languageDays);
}

export function getSessionFlag(key: string): string | null {
  return safeGet(session, key);
}

export function setSessionFlag(key: string, value: string | null): void {
  safeSet(session, key, value);
}

export function getRegisterSource(): string | null {
  return safeGet(local, STORAGE_KEYS.registerSource);
}

export function storeRegisterSource(source: string): void {
  safeSet(local, STORAGE_KEYS.registerSource, source);
}
