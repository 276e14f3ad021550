import { afterEach, describe, expect, it, vi } from 'vitest';
import { absorbQueryParams } from '../../src/app/query-params';
import {
  clearAuthToken,
  getAuthToken,
  getCookie,
  getDeviceId,
  getDeviceTokens,
  pragmaTarget,
  rememberDeviceToken,
  storePragmaToken,
} from '../../src/lib/storage';
import { DEFAULT_WEB_DEVICE_ID, isWebDeviceId } from '../../contract/protocol';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]!.trim())) {
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

describe('the pragma token rule (SPEC §4)', () => {
  it('keeps the token of a register-type call for this tab only', () => {
    for (const path of [
      '/api/user/register_type_normal',
      '/api/user/register_type_username',
      '/api/user/register_type_deviceid',
    ]) {
      expect(pragmaTarget(path)).toBe('registerToken');
    }
    storePragmaToken('/api/user/register_type_username', 'reg-token');
    expect(sessionStorage.getItem('registerToken')).toBe('reg-token');
    expect(localStorage.getItem('token')).toBeNull();
    expect(getCookie('token')).toBeUndefined();
    expect(getAuthToken()).toBe('reg-token');
  });

  it('stores any other token in localStorage and the token cookie', () => {
    expect(pragmaTarget('/api/user/user_login')).toBe('authToken');
    storePragmaToken('/api/user/user_login', 'login-token');
    expect(localStorage.getItem('token')).toBe('login-token');
    expect(getCookie('token')).toBe('login-token');
    expect(sessionStorage.getItem('registerToken')).toBeNull();
  });

  it('prefers the long-lived token over a register token', () => {
    sessionStorage.setItem('registerToken', 'reg');
    localStorage.setItem('token', 'long');
    expect(getAuthToken()).toBe('long');
  });

  it('forgets every copy of the token on logout', () => {
    storePragmaToken('/api/user/user_login', 'a');
    storePragmaToken('/api/user/register_type_normal', 'b');
    clearAuthToken();
    expect(getAuthToken()).toBeNull();
    expect(getCookie('token')).toBeUndefined();
  });
});

describe('query parameters at start-up', () => {
  it('become cookies, and a token parameter becomes the auth token and leaves the URL', () => {
    const shown = absorbQueryParams(
      'http://localhost/register?invite=ABCD1234&token=t0k3n&gclid=xyz#top',
    );
    expect(shown).toBe('/register?invite=ABCD1234&gclid=xyz#top');
    expect(getCookie('invite')).toBe('ABCD1234');
    expect(getCookie('gclid')).toBe('xyz');
    expect(localStorage.getItem('token')).toBe('t0k3n');
    expect(getCookie('token')).toBe('t0k3n');
  });

  it("a group's invite token never becomes the sign-up invite code (issue 19 item 10)", () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012-_9';
    absorbQueryParams('http://localhost/register?invite=FRIEND42');
    // An older group link (?invite=<token>) and a new one (?group=<token>) keep the friend's code.
    expect(absorbQueryParams(`http://localhost/group-buying?invite=${token}`)).toBeNull();
    absorbQueryParams(`http://localhost/group-buying?group=${token}`);
    expect(getCookie('invite')).toBe('FRIEND42');
    expect(getCookie('group')).toBeUndefined();
  });

  it('leaves the URL alone when there is no token', () => {
    expect(absorbQueryParams('http://localhost/?code=XY12')).toBeNull();
    expect(getCookie('code')).toBe('XY12');
  });
});

describe('device tokens of earlier logins (docs/accounts.md)', () => {
  it('keeps one per account, newest first, the five most recent accounts, across logouts', () => {
    expect(getDeviceTokens()).toEqual([]);
    rememberDeviceToken(1, 'one-old');
    rememberDeviceToken(2, 'two');
    rememberDeviceToken(1, 'one-new');
    expect(getDeviceTokens()).toEqual(['one-new', 'two']);
    for (let id = 3; id <= 7; id += 1) rememberDeviceToken(id, `token-${id}`);
    expect(getDeviceTokens()).toEqual(['token-7', 'token-6', 'token-5', 'token-4', 'token-3']);
    clearAuthToken();
    expect(getDeviceTokens()).toHaveLength(5);
  });

  it('ignores a damaged store instead of failing the login', () => {
    localStorage.setItem('deviceTokens', '{not json');
    expect(getDeviceTokens()).toEqual([]);
    localStorage.setItem('deviceTokens', JSON.stringify([{ userId: 'x', token: 1 }, 'junk']));
    expect(getDeviceTokens()).toEqual([]);
    rememberDeviceToken(9, 'nine');
    expect(getDeviceTokens()).toEqual(['nine']);
  });
});

describe('deviceId header', () => {
  it('makes a web id of its own once, keeps it, and sends it on every later call', () => {
    const first = getDeviceId();
    expect(isWebDeviceId(first)).toBe(true);
    expect(localStorage.getItem('deviceId')).toBe(first);
    expect(getDeviceId()).toBe(first);
    localStorage.clear();
    const other = getDeviceId();
    expect(isWebDeviceId(other)).toBe(true);
    expect(other).not.toBe(first);
  });

  it('uses the id an app web view stored', () => {
    localStorage.setItem('deviceId', 'dev-12345678');
    expect(getDeviceId()).toBe('dev-12345678');
  });

  it('sends the default web id when the browser keeps nothing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    try {
      expect(getDeviceId()).toBe(DEFAULT_WEB_DEVICE_ID);
    } finally {
      setItem.mockRestore();
    }
  });
});

describe('the register-page source (SPEC §3)', () => {
  it('takes a source parameter, remembers it and keeps the first one seen', async () => {
    const { signupSource } = await import('../../src/features/auth/signup-source');
    expect(signupSource()).toBeUndefined();
    absorbQueryParams('https://kestrel.example/register?source=spring-sale');
    expect(signupSource()).toBe('spring-sale');
    expect(localStorage.getItem('registerSource')).toBe('spring-sale');
    absorbQueryParams('https://kestrel.example/register?source=other');
    expect(signupSource()).toBe('spring-sale');
  });

  it("counts an ad click without a named source as 'marketing', and ignores malformed sources", async () => {
    const { signupSource } = await import('../../src/features/auth/signup-source');
    absorbQueryParams('https://kestrel.example/?source=not%20valid!');
    expect(signupSource()).toBeUndefined();
    absorbQueryParams('https://kestrel.example/?bd_vid=abc');
    document.cookie = 'source=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(signupSource()).toBe('marketing');
  });
});
