import { describe, expect, it } from 'vitest';
import { isAdCrawler } from '../../src/app/ad-crawler';
import { detectEnv } from '../../src/lib/env';
import {
  apiPlatform,
  detectPlatform,
  detectVisitorSystem,
  platformOfSystem,
} from '../../contract/platform';

describe('detectEnv', () => {
  it.each([
    ['localhost', 'DEV'],
    ['127.0.0.1', 'DEV'],
    ['kestrel.local', 'DEV'],
    ['test.kestrel.example', 'TEST'],
    ['staging.kestrel.example', 'TEST'],
    ['web-test.kestrel.example', 'TEST'],
    ['kestrel.example', 'PROD'],
    ['www.kestrel.example', 'PROD'],
    ['latest.kestrel.example', 'PROD'],
  ])('%s is %s', (host, env) => {
    expect(detectEnv(host)).toBe(env);
  });
});

describe('detectPlatform', () => {
  const ua = {
    iphone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ipadOs:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    android:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    windows:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  };

  it('recognises the four client platforms', () => {
    expect(detectPlatform(ua.iphone)).toBe('IOS');
    expect(detectPlatform(ua.android)).toBe('ANDROID');
    expect(detectPlatform(ua.ipadOs, 0)).toBe('MAC');
    expect(detectPlatform(ua.windows)).toBe('WINDOWS');
  });

  it('tells an iPad that reports itself as a Mac by its touch screen', () => {
    expect(detectPlatform(ua.ipadOs, 5)).toBe('IOS');
  });

  it('counts anything else as WINDOWS and sends the platform header in lowercase', () => {
    expect(detectPlatform(ua.linux)).toBe('WINDOWS');
    expect(detectPlatform('')).toBe('WINDOWS');
    expect(apiPlatform('MAC')).toBe('mac');
    expect(apiPlatform('IOS')).toBe('ios');
  });

  it('for the download page, names Linux and never calls another system Windows (issue 19)', () => {
    expect(detectVisitorSystem(ua.linux)).toBe('LINUX');
    expect(detectVisitorSystem(ua.windows)).toBe('WINDOWS');
    expect(detectVisitorSystem(ua.android)).toBe('ANDROID');
    expect(detectVisitorSystem(ua.iphone)).toBe('IOS');
    expect(detectVisitorSystem(ua.ipadOs, 5)).toBe('IOS');
    expect(detectVisitorSystem(ua.ipadOs, 0)).toBe('MAC');
    expect(detectVisitorSystem('curl/8.0')).toBe('OTHER');
    expect(detectVisitorSystem('')).toBe('OTHER');
    // The API still signs as SPEC §3 says: anything else is WINDOWS.
    expect(platformOfSystem('LINUX')).toBe('WINDOWS');
    expect(platformOfSystem('OTHER')).toBe('WINDOWS');
    expect(platformOfSystem('MAC')).toBe('MAC');
  });
});

describe('isAdCrawler', () => {
  it.each([
    'AdsBot-Google (+http://www.google.com/adsbot.html)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
    'Mediapartners-Google',
    'Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  ])('renders nothing for %s', (agent) => {
    expect(isAdCrawler(agent)).toBe(true);
  });

  it('renders for people and for search engines', () => {
    expect(
      isAdCrawler(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      isAdCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toBe(false);
  });
});
