import { describe, expect, it } from 'vitest';
import { cookieDomain } from '../../src/lib/cookie-domain';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from '../../src/lib/redirect';

describe('cookieDomain', () => {
  it('shares cookies across the subdomains of the site', () => {
    expect(cookieDomain('www.kestrel.example')).toBe('.kestrel.example');
    expect(cookieDomain('kestrel.example')).toBe('.kestrel.example');
    expect(cookieDomain('a.b.kestrel.example')).toBe('.kestrel.example');
  });

  it('keeps three labels under a two-label public suffix', () => {
    expect(cookieDomain('www.kestrel.com.cn')).toBe('.kestrel.com.cn');
    expect(cookieDomain('app.kestrel.co.uk')).toBe('.kestrel.co.uk');
  });

  it('sets no domain on localhost and IP addresses', () => {
    expect(cookieDomain('localhost')).toBeUndefined();
    expect(cookieDomain('127.0.0.1')).toBeUndefined();
    expect(cookieDomain('192.168.1.20')).toBeUndefined();
    expect(cookieDomain('[::1]')).toBeUndefined();
  });
});

describe('safeRedirect', () => {
  it('accepts a path on this origin with its query and hash', () => {
    expect(safeRedirect('/user/device')).toBe('/user/device');
    expect(safeRedirect('/pricing?plan=2#pay')).toBe('/pricing?plan=2#pay');
  });

  it.each([
    'https://evil.example/user',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'user/profile',
    '/user\n/profile',
    '',
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('never sends a fresh login back to a login-type page', () => {
    expect(safeRedirect('/login?redirect=/login')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeRedirect('/register')).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('falls back to the profile, or to the given fallback', () => {
    expect(safeRedirect(undefined)).toBe('/user/profile');
    expect(safeRedirect(42, '/')).toBe('/');
  });
});
